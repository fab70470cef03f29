import {
  comparablePriceKinds,
  propertyTypes,
  type ComparablePriceKind,
  type ComparableSale,
  type Coordinates,
  type HomeFacts as ApiHomeFacts,
  type Property,
  type PropertyType,
  type RecordedSale,
} from '@hsa/contracts';
import type { ComparableSale__Output as ComparableSaleMessage } from '../gen/common/v1/ComparableSale';
import type { Coordinates__Output as CoordinatesMessage } from '../gen/common/v1/Coordinates';
import type { HomeFacts, HomeFacts__Output as HomeFactsMessage } from '../gen/common/v1/HomeFacts';
import type { RecordedSale__Output as RecordedSaleMessage } from '../gen/common/v1/RecordedSale';

/**
 * The one mapping between common.v1 messages and the HTTP API's shapes (contracts/src/gen/common.ts is generated from
 * the same .proto): the names are the same; proto3 optional fields and messages that are absent become null.
 */

export const orNull = <T>(value: T | undefined | null): T | null => (value === undefined ? null : value);

export function coordinatesToApi(msg: CoordinatesMessage | null | undefined): Coordinates | null {
  return msg ? { latitude: msg.latitude, longitude: msg.longitude } : null;
}

/** Any text -> one of the API's property types (unknown ones are "other"). */
export function toPropertyType(value: string | null | undefined): PropertyType {
  return (propertyTypes as readonly string[]).includes(value ?? '') ? (value as PropertyType) : 'other';
}

export function homeFactsToApi(msg: HomeFactsMessage): ApiHomeFacts {
  return {
    address: msg.address,
    city: msg.city,
    state: msg.state,
    zipCode: msg.zipCode,
    bedrooms: orNull(msg.bedrooms),
    bathrooms: orNull(msg.bathrooms),
    squareFootage: orNull(msg.squareFootage),
    yearBuilt: orNull(msg.yearBuilt),
    propertyType: toPropertyType(msg.propertyType),
    lotSize: orNull(msg.lotSize),
    coordinates: coordinatesToApi(msg.coordinates),
    placeId: msg.placeId,
  };
}

/** A saved property -> the facts of the home (for valuing it, or for writing about it). Unknown facts stay absent. */
export function propertyToHomeFacts(
  property: Pick<
    Property,
    'address' | 'city' | 'state' | 'zipCode' | 'bedrooms' | 'bathrooms' | 'squareFootage' | 'yearBuilt' | 'lotSize' | 'propertyType' | 'coordinates' | 'placeId'
  >,
): HomeFacts {
  const facts: HomeFacts = {
    address: property.address,
    city: property.city,
    state: property.state,
    zipCode: property.zipCode,
    bedrooms: property.bedrooms,
    bathrooms: property.bathrooms,
    squareFootage: property.squareFootage,
    propertyType: property.propertyType,
  };
  if (property.yearBuilt !== null) facts.yearBuilt = property.yearBuilt;
  if (property.lotSize !== null) facts.lotSize = property.lotSize;
  if (property.coordinates) facts.coordinates = { ...property.coordinates };
  if (property.placeId) facts.placeId = property.placeId;
  return facts;
}

export function recordedSaleToApi(msg: RecordedSaleMessage): RecordedSale {
  return { date: msg.date, price: msg.price, timeAdjustedPrice: orNull(msg.timeAdjustedPrice) };
}

export function comparableSaleToApi(msg: ComparableSaleMessage, dataSource: string): ComparableSale {
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
    coordinates: coordinatesToApi(msg.coordinates),
    distanceMiles: msg.distanceMiles,
    timeAdjustedPrice: msg.timeAdjustedPrice,
    adjustedValue: msg.adjustedValue,
    adjustments: msg.adjustments.map((a) => ({ feature: a.feature, label: a.label, amount: a.amount, note: a.note })),
    weight: msg.weight,
    propertyType: msg.propertyType === undefined ? null : toPropertyType(msg.propertyType),
    yearBuilt: orNull(msg.yearBuilt),
    lotSize: orNull(msg.lotSize),
    priceKind: (comparablePriceKinds as readonly string[]).includes(msg.priceKind) ? (msg.priceKind as ComparablePriceKind) : 'sale',
    dataSource,
  };
}
