import type { NeighborhoodInsights, Property } from '@hsa/contracts';
import type { GetInsightsRequest } from '../gen/neighborhood/v1/GetInsightsRequest';
import type {
  NeighborhoodInsights as NeighborhoodInsightsInput,
  NeighborhoodInsights__Output as NeighborhoodInsightsMessage,
} from '../gen/neighborhood/v1/NeighborhoodInsights';
import { asEngine } from './ai';

/**
 * The one mapping between neighborhood.v1 messages and the HTTP API's Neighborhood insights (contracts).
 * Proto3 optional scores and figures that are absent become null (no data), never 0.
 */

/** A saved property -> where to describe and what to compare with. */
export function propertyToInsightsRequest(
  property: Pick<
    Property,
    | 'address'
    | 'city'
    | 'state'
    | 'zipCode'
    | 'coordinates'
    | 'squareFootage'
    | 'bedrooms'
    | 'bathrooms'
    | 'yearBuilt'
    | 'propertyType'
    | 'estimatedValue'
  >,
): GetInsightsRequest {
  const request: GetInsightsRequest = {
    address: property.address,
    city: property.city,
    state: property.state,
    zipCode: property.zipCode,
    squareFootage: property.squareFootage,
    bedrooms: property.bedrooms,
    bathrooms: property.bathrooms,
    propertyType: property.propertyType,
  };
  if (property.coordinates) request.coordinates = { ...property.coordinates };
  if (property.yearBuilt !== null) request.yearBuilt = property.yearBuilt;
  if (property.estimatedValue !== null) request.estimatedValue = property.estimatedValue;
  return request;
}

const orNull = <T>(value: T | undefined | null): T | null => (value === undefined ? null : value);
const textOrNull = (value: string | undefined) => (value ? value : null);

export function insightsMessageToApi(msg: NeighborhoodInsightsMessage): NeighborhoodInsights {
  const stats = msg.marketStats;
  return {
    familyFriendly: {
      score: orNull(msg.familyFriendly?.score),
      description: msg.familyFriendly?.description ?? '',
      nearbySchools: [...(msg.familyFriendly?.nearbySchools ?? [])],
      parks: [...(msg.familyFriendly?.parks ?? [])],
    },
    walkability: {
      score: orNull(msg.walkability?.score),
      description: msg.walkability?.description ?? '',
      nearbyAmenities: [...(msg.walkability?.nearbyAmenities ?? [])],
    },
    dining: {
      score: orNull(msg.dining?.score),
      description: msg.dining?.description ?? '',
      restaurants: [...(msg.dining?.restaurants ?? [])],
      diversity: msg.dining?.diversity ?? '',
    },
    lifestyle: {
      description: msg.lifestyle?.description ?? '',
      keyFeatures: [...(msg.lifestyle?.keyFeatures ?? [])],
      buyerProfile: msg.lifestyle?.buyerProfile ?? '',
    },
    marketContext: {
      description: msg.marketContext?.description ?? '',
      valueDrivers: [...(msg.marketContext?.valueDrivers ?? [])],
    },
    marketStats: {
      salesCount: stats?.salesCount ?? 0,
      medianSalePrice: orNull(stats?.medianSalePrice),
      medianPricePerSqft: orNull(stats?.medianPricePerSqft),
      medianTimeAdjustedPrice: orNull(stats?.medianTimeAdjustedPrice),
      medianTimeAdjustedPricePerSqft: orNull(stats?.medianTimeAdjustedPricePerSqft),
      radiusMiles: orNull(stats?.radiusMiles),
      earliestSaleDate: textOrNull(stats?.earliestSaleDate),
      latestSaleDate: textOrNull(stats?.latestSaleDate),
      priceIndexChangePercent: orNull(stats?.priceIndexChangePercent),
      priceIndexName: textOrNull(stats?.priceIndexName),
      valueDate: textOrNull(stats?.valueDate),
      dataSource: stats?.dataSource ?? '',
    },
    narrativeEngine: asEngine(msg.narrativeEngine),
    generatedAt: msg.generatedAt,
    notes: [...msg.notes],
  };
}

/** The API shape -> the message (the neighborhood service answers with it). Null stays absent. */
export function insightsApiToMessage(insights: NeighborhoodInsights): NeighborhoodInsightsInput {
  const drop = <T extends Record<string, unknown>>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null)) as { [K in keyof T]: Exclude<T[K], null> };
  const s = insights.marketStats;
  return {
    familyFriendly: drop({ ...insights.familyFriendly }),
    walkability: drop({ ...insights.walkability }),
    dining: drop({ ...insights.dining }),
    lifestyle: { ...insights.lifestyle },
    marketContext: { ...insights.marketContext },
    marketStats: {
      ...drop({ ...s, earliestSaleDate: null, latestSaleDate: null, priceIndexName: null, valueDate: null }),
      earliestSaleDate: s.earliestSaleDate ?? '',
      latestSaleDate: s.latestSaleDate ?? '',
      priceIndexName: s.priceIndexName ?? '',
      valueDate: s.valueDate ?? '',
    },
    narrativeEngine: insights.narrativeEngine,
    generatedAt: insights.generatedAt,
    notes: [...insights.notes],
  };
}
