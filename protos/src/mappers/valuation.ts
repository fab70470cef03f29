import {
  comparablePriceKinds,
  propertyTypes,
  valuationMessages,
  type AddressPrediction,
  type ComparablePriceKind,
  type ComparableSale,
  type Coordinates,
  type LookupProperty,
  type Property,
  type PropertyLookupResponse,
  type PropertyType,
  type ValueHistoryResponse,
} from '@hsa/contracts';
import type { AddressPrediction__Output as AddressPredictionMessage } from '../gen/valuation/v1/AddressPrediction';
import type { Comparable__Output as ComparableMessage } from '../gen/valuation/v1/Comparable';
import type { LookupResponse__Output as LookupResponseMessage } from '../gen/valuation/v1/LookupResponse';
import type { PropertyFacts__Output as PropertyFactsMessage } from '../gen/valuation/v1/PropertyFacts';
import type { SubjectFacts } from '../gen/valuation/v1/SubjectFacts';
import type { ValueHistoryResponse__Output as ValueHistoryResponseMessage } from '../gen/valuation/v1/ValueHistoryResponse';

/**
 * The one mapping between valuation.v1 messages and the HTTP API's shapes (contracts), used by the
 * gateway. Proto3 optional fields that are absent become null (or are left out where the API says so).
 */

const orNull = <T>(value: T | undefined | null): T | null => (value === undefined ? null : value);

const coordinatesOrNull = (c: { latitude: number; longitude: number } | null | undefined): Coordinates | null =>
  c ? { latitude: c.latitude, longitude: c.longitude } : null;

/** Any text -> one of the API's property types (unknown ones are "other"). */
export function toPropertyType(value: string | null | undefined): PropertyType {
  return (propertyTypes as readonly string[]).includes(value ?? '') ? (value as PropertyType) : 'other';
}

export function predictionMessageToApi(msg: AddressPredictionMessage): AddressPrediction {
  return { description: msg.description, place_id: msg.placeId };
}

export function propertyFactsToApi(msg: PropertyFactsMessage): LookupProperty {
  const property: LookupProperty = {
    address: msg.address,
    city: msg.city,
    state: msg.state,
    zipCode: msg.zipCode,
    bedrooms: orNull(msg.bedrooms),
    bathrooms: orNull(msg.bathrooms),
    squareFootage: orNull(msg.squareFootage),
    propertyType: toPropertyType(msg.propertyType),
    estimatedValue: orNull(msg.estimatedValue),
    estimatedValueLow: orNull(msg.estimatedValueLow),
    estimatedValueHigh: orNull(msg.estimatedValueHigh),
    coordinates: coordinatesOrNull(msg.coordinates),
    placeId: msg.placeId,
  };
  if (msg.yearBuilt !== undefined) property.yearBuilt = msg.yearBuilt;
  if (msg.lotSize !== undefined) property.lotSize = msg.lotSize;
  return property;
}

export function lookupResponseToApi(msg: LookupResponseMessage): PropertyLookupResponse {
  if (!msg.found || !msg.property) return { success: false, message: msg.message || valuationMessages.notFound };
  return {
    success: true,
    property: propertyFactsToApi(msg.property),
    dataSource: msg.dataSource,
    confidence: orNull(msg.confidence),
    valueDate: msg.valueDate || null,
    notes: msg.notes,
  };
}

export function comparableMessageToApi(msg: ComparableMessage, dataSource: string): ComparableSale {
  return {
    id: msg.id,
    address: msg.address,
    bedrooms: orNull(msg.bedrooms),
    bathrooms: orNull(msg.bathrooms),
    squareFootage: orNull(msg.squareFootage),
    saleAmount: msg.saleAmount,
    saleDate: msg.saleDate,
    pricePerSqft: orNull(msg.pricePerSqft),
    marketVariance: orNull(msg.marketVariance),
    coordinates: coordinatesOrNull(msg.coordinates),
    distanceMiles: msg.distanceMiles,
    timeAdjustedPrice: msg.timeAdjustedPrice,
    adjustedValue: msg.adjustedValue,
    adjustments: msg.adjustments.map((a) => ({ feature: a.feature, amount: a.amount, note: a.note })),
    weight: msg.weight,
    propertyType: msg.propertyType === undefined ? null : toPropertyType(msg.propertyType),
    yearBuilt: orNull(msg.yearBuilt),
    lotSize: orNull(msg.lotSize),
    priceKind: (comparablePriceKinds as readonly string[]).includes(msg.priceKind) ? (msg.priceKind as ComparablePriceKind) : 'sale',
    dataSource,
  };
}

const indexLevels = ['metro', 'state', 'national'] as const;

export function valueHistoryResponseToApi(msg: ValueHistoryResponseMessage): ValueHistoryResponse {
  if (!msg.found || !msg.index) return { found: false, message: msg.message || valuationMessages.noValueHistory, dataSource: msg.dataSource };
  const level = (indexLevels as readonly string[]).includes(msg.index.level) ? (msg.index.level as (typeof indexLevels)[number]) : 'national';
  return {
    found: true,
    estimate: msg.estimate,
    low: msg.low,
    high: msg.high,
    valueDate: msg.valueDate,
    index: { name: msg.index.name, level, firstPeriod: msg.index.firstPeriod, lastPeriod: msg.index.lastPeriod, endDate: msg.index.endDate },
    points: msg.points.map((p) => ({ date: p.date, value: p.value, low: p.low, high: p.high, afterIndexEnd: p.afterIndexEnd })),
    sales: msg.sales.map((s) => ({ date: s.date, price: s.price })),
    notes: msg.notes,
    dataSource: msg.dataSource,
  };
}

/** A saved property -> the facts the valuation service values it from. */
export function propertyToSubjectFacts(
  property: Pick<
    Property,
    | 'address'
    | 'city'
    | 'state'
    | 'zipCode'
    | 'bedrooms'
    | 'bathrooms'
    | 'squareFootage'
    | 'yearBuilt'
    | 'lotSize'
    | 'propertyType'
    | 'coordinates'
    | 'placeId'
  >,
): SubjectFacts {
  const subject: SubjectFacts = {
    address: property.address,
    city: property.city,
    state: property.state,
    zipCode: property.zipCode,
    bedrooms: property.bedrooms,
    bathrooms: property.bathrooms,
    squareFootage: property.squareFootage,
    propertyType: property.propertyType,
  };
  if (property.yearBuilt !== null) subject.yearBuilt = property.yearBuilt;
  if (property.lotSize !== null) subject.lotSize = property.lotSize;
  if (property.coordinates) subject.coordinates = { ...property.coordinates };
  if (property.placeId) subject.placeId = property.placeId;
  return subject;
}
