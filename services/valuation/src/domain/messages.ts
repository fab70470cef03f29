import type { Comparable, ComparablesResponse, EstimateResponse, LookupResponse, PropertyFacts, ValueHistoryResponse } from '@hsa/protos';
import type { ComparablesResult } from './providers';
import type { ComparableSale, LookupResult, Outcome, PropertyFacts as Facts, ValueEstimate } from './results';
import type { ValueHistory } from './value-history';

/** Domain results -> valuation.v1 messages (unknown values are left absent). */

function coordinates(latitude: number | null, longitude: number | null) {
  return latitude !== null && longitude !== null ? { coordinates: { latitude, longitude } } : {};
}

export function toPropertyFactsMessage(facts: Facts, value: ValueEstimate | null): PropertyFacts {
  const message: PropertyFacts = {
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
  if (value) {
    message.estimatedValue = value.estimate;
    if (value.low !== null && value.high !== null) {
      message.estimatedValueLow = value.low;
      message.estimatedValueHigh = value.high;
    }
  }
  return message;
}

export function toComparableMessage(c: ComparableSale): Comparable {
  const message: Comparable = {
    id: c.id,
    address: c.address,
    saleAmount: c.salePrice,
    saleDate: c.saleDate,
    distanceMiles: c.distanceMiles,
    timeAdjustedPrice: c.timeAdjustedPrice,
    adjustedValue: c.adjustedValue,
    adjustments: c.adjustments.map((a) => ({ feature: a.feature, amount: a.amount, note: a.note })),
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

export function toLookupResponse(outcome: Outcome<LookupResult>, dataSource: string): LookupResponse {
  if (!outcome.found) return { found: false, message: outcome.message, dataSource };
  const { facts, value } = outcome.value;
  const response: LookupResponse = {
    found: true,
    property: toPropertyFactsMessage(facts, value),
    dataSource,
    valueDate: value?.valueDate ?? '',
    notes: value?.notes ?? [],
  };
  if (value?.confidence !== null && value?.confidence !== undefined) response.confidence = value.confidence;
  return response;
}

export function toEstimateResponse(outcome: Outcome<ValueEstimate>, dataSource: string): EstimateResponse {
  if (!outcome.found) return { found: false, message: outcome.message, dataSource };
  const v = outcome.value;
  return {
    found: true,
    estimate: v.estimate,
    ...(v.low !== null && v.high !== null ? { low: v.low, high: v.high } : {}),
    confidence: v.confidence ?? 0,
    comparables: v.comparables.map(toComparableMessage),
    notes: v.notes,
    valueDate: v.valueDate,
    dataSource,
  };
}

export function toComparablesResponse(result: ComparablesResult, dataSource: string): ComparablesResponse {
  return {
    comparables: result.comparables.map(toComparableMessage),
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
    sales: h.sales.map((s) => ({ ...s })),
    notes: h.notes,
    dataSource,
  };
}
