import type { ComparableSaleInput, EstimateResponse, HomeFacts, LookupResponse, NearbySalesResponse, RecordedSaleInput, Valuation, ValueHistoryResponse } from '@hsa/protos';
import type { NearbySalesResult } from './providers';
import type { ComparableSale, LookupResult, Outcome, PropertyFacts as Facts, ValueEstimate } from './results';
import type { HistorySale } from './sale-history';
import type { ValueHistory } from './value-history';

/** Domain results -> valuation.v1 messages (unknown values are left absent). */

function coordinates(latitude: number | null, longitude: number | null) {
  return latitude !== null && longitude !== null ? { coordinates: { latitude, longitude } } : {};
}

export function toHomeFactsMessage(facts: Facts): HomeFacts {
  const message: HomeFacts = {
    address: facts.address,
    city: facts.city,
    state: facts.state,
    zipCode: facts.zip,
    propertyType: facts.propertyType,
    placeId: facts.placeId,
    ...coordinates(facts.latitude, facts.longitude),
  };
  if (facts.bedrooms !== null) message.bedrooms = facts.bedrooms;
  if (facts.bathrooms !== null) message.bathrooms = facts.bathrooms;
  if (facts.livingSqft !== null) message.squareFootage = facts.livingSqft;
  if (facts.yearBuilt !== null) message.yearBuilt = facts.yearBuilt;
  if (facts.lotSqft !== null) message.lotSize = facts.lotSqft;
  return message;
}

export function toComparableMessage(c: ComparableSale): ComparableSaleInput {
  const message: ComparableSaleInput = {
    id: c.id,
    address: c.address,
    saleAmount: c.salePrice,
    saleDate: c.saleDate,
    distanceMiles: c.distanceMiles,
    timeAdjustedPrice: c.timeAdjustedPrice,
    adjustedValue: c.adjustedValue,
    adjustments: c.adjustments.map((a) => ({ feature: a.feature, label: a.label, amount: a.amount, note: a.note })),
    weight: c.weight,
    priceKind: c.priceKind,
    ...coordinates(c.latitude, c.longitude),
  };
  if (c.bedrooms !== null) message.bedrooms = c.bedrooms;
  if (c.bathrooms !== null) message.bathrooms = c.bathrooms;
  if (c.livingSqft !== null) message.squareFootage = c.livingSqft;
  if (c.pricePerSqft !== null) message.pricePerSqft = c.pricePerSqft;
  if (c.marketVariance !== null) message.marketVariance = c.marketVariance;
  if (c.propertyType !== null) message.propertyType = c.propertyType;
  if (c.yearBuilt !== null) message.yearBuilt = c.yearBuilt;
  if (c.lotSqft !== null) message.lotSize = c.lotSqft;
  return message;
}

function toRecordedSaleMessage(s: HistorySale): RecordedSaleInput {
  return { date: s.date, price: s.price, ...(s.timeAdjustedPrice !== null ? { timeAdjustedPrice: s.timeAdjustedPrice } : {}) };
}

export function toValuationMessage(v: ValueEstimate): Valuation {
  const message: Valuation = {
    estimate: v.estimate,
    valueDate: v.valueDate,
    notes: v.notes,
    comparables: v.comparables.map(toComparableMessage),
    saleHistory: v.saleHistory.map(toRecordedSaleMessage),
  };
  if (v.low !== null && v.high !== null) {
    message.low = v.low;
    message.high = v.high;
  }
  if (v.confidence !== null) message.confidence = v.confidence;
  return message;
}

export function toLookupResponse(outcome: Outcome<LookupResult>, dataSource: string): LookupResponse {
  if (!outcome.found) return { found: false, message: outcome.message, dataSource };
  const { facts, value } = outcome.value;
  return { found: true, property: toHomeFactsMessage(facts), dataSource, ...(value ? { valuation: toValuationMessage(value) } : {}) };
}

export function toEstimateResponse(outcome: Outcome<ValueEstimate>, dataSource: string): EstimateResponse {
  if (!outcome.found) return { found: false, message: outcome.message, dataSource };
  return { found: true, valuation: toValuationMessage(outcome.value), dataSource };
}

export function toNearbySalesResponse(result: NearbySalesResult, dataSource: string): NearbySalesResponse {
  return {
    sales: result.sales.map(toComparableMessage),
    dataSource,
    valueDate: result.valueDate,
    notes: result.notes,
  };
}

export function toValueHistoryResponse(outcome: Outcome<ValueHistory>, dataSource: string): ValueHistoryResponse {
  if (!outcome.found) return { found: false, message: outcome.message, dataSource };
  const h = outcome.value;
  return {
    found: true,
    estimate: h.estimate,
    low: h.low,
    high: h.high,
    valueDate: h.valueDate,
    index: { ...h.index },
    points: h.points.map((p) => ({ ...p })),
    sales: h.sales.map(toRecordedSaleMessage),
    notes: h.notes,
    dataSource,
  };
}
