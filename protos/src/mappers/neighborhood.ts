import {
  mapLayerIds,
  placeKinds,
  type MapFeature,
  type MapLayerId,
  type MapLayers,
  type MapTile,
  type NearbyPlace,
  type NeighborhoodInsights,
  type PlaceKind,
  type Property,
  type ScoreBreakdown,
} from '@hsa/contracts';
import type { GetInsightsRequest } from '../gen/neighborhood/v1/GetInsightsRequest';
import type { MapLayers as MapLayersInput, MapLayers__Output as MapLayersMessage } from '../gen/neighborhood/v1/MapLayers';
import type { MapTile as MapTileInput, MapTile__Output as MapTileMessage } from '../gen/neighborhood/v1/MapTile';
import type { NearbyPlace as NearbyPlaceInput, NearbyPlace__Output as NearbyPlaceMessage } from '../gen/neighborhood/v1/NearbyPlace';
import type {
  NeighborhoodInsights as NeighborhoodInsightsInput,
  NeighborhoodInsights__Output as NeighborhoodInsightsMessage,
} from '../gen/neighborhood/v1/NeighborhoodInsights';
import type { ScoreBreakdown as ScoreBreakdownInput, ScoreBreakdown__Output as ScoreBreakdownMessage } from '../gen/neighborhood/v1/ScoreBreakdown';
import { asEngine } from './ai';

/**
 * The one mapping between neighborhood.v1 messages and the HTTP API's Neighborhood insights and map layers
 * (contracts). Proto3 optional scores and figures that are absent become null (no data), never 0.
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
/** Drops null fields: proto3 optional fields are absent, not null. */
const dropNulls = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null)) as { [K in keyof T]: Exclude<T[K], null> };

const asPlaceKind = (kind: string): PlaceKind => ((placeKinds as readonly string[]).includes(kind) ? (kind as PlaceKind) : 'park');
const asLayer = (layer: string): MapLayerId => ((mapLayerIds as readonly string[]).includes(layer) ? (layer as MapLayerId) : 'parks');

function placeToApi(p: NearbyPlaceMessage): NearbyPlace {
  return {
    name: p.name,
    kind: asPlaceKind(p.kind),
    distanceMiles: p.distanceMiles,
    coordinates: { latitude: p.coordinates?.latitude ?? 0, longitude: p.coordinates?.longitude ?? 0 },
    detail: p.detail,
    level: orNull(p.level),
    grades: orNull(p.grades),
    source: p.source,
  };
}

function placeToMessage(p: NearbyPlace): NearbyPlaceInput {
  return dropNulls({ ...p, coordinates: { ...p.coordinates } });
}

function breakdownToApi(b: ScoreBreakdownMessage | null): ScoreBreakdown {
  return {
    score: orNull(b?.score),
    points: b?.points ?? 0,
    maxPoints: b?.maxPoints ?? 0,
    categories: (b?.categories ?? []).map((c) => ({
      id: c.id,
      label: c.label,
      weight: c.weight,
      counted: c.counted.map((p) => ({ name: p.name, distanceMiles: p.distanceMiles, weight: p.weight, decay: p.decay, points: p.points })),
      points: c.points,
      included: c.included,
      note: orNull(c.note),
    })),
    reason: orNull(b?.reason),
  };
}

function breakdownToMessage(b: ScoreBreakdown): ScoreBreakdownInput {
  return dropNulls({
    ...b,
    categories: b.categories.map((c) => dropNulls({ ...c, counted: c.counted.map((p) => ({ ...p })) })),
  });
}

export function insightsMessageToApi(msg: NeighborhoodInsightsMessage): NeighborhoodInsights {
  const stats = msg.marketStats;
  const area = msg.area;
  const tract = area?.tract;
  const method = msg.scoring?.method;
  return {
    familyFriendly: {
      score: orNull(msg.familyFriendly?.score),
      description: msg.familyFriendly?.description ?? '',
      nearbySchools: (msg.familyFriendly?.nearbySchools ?? []).map(placeToApi),
      parks: (msg.familyFriendly?.parks ?? []).map(placeToApi),
    },
    walkability: {
      score: orNull(msg.walkability?.score),
      description: msg.walkability?.description ?? '',
      nearbyAmenities: (msg.walkability?.nearbyAmenities ?? []).map(placeToApi),
    },
    dining: {
      score: orNull(msg.dining?.score),
      description: msg.dining?.description ?? '',
      restaurants: (msg.dining?.restaurants ?? []).map(placeToApi),
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
    area: {
      covered: area?.covered ?? false,
      note: area?.note ?? '',
      neighborhood: area?.neighborhood ? { name: area.neighborhood.name, source: area.neighborhood.source } : null,
      tract: tract
        ? {
            fips: tract.fips,
            name: tract.name,
            medianHouseValue2000: orNull(tract.censusMedianHouseValue),
            medianHouseValueToday: orNull(tract.medianHouseValueToday),
            priceIndexName: textOrNull(tract.priceIndexName),
            valueDate: textOrNull(tract.valueDate),
            source: tract.source,
          }
        : null,
    },
    scoring: {
      method: {
        summary: method?.summary ?? '',
        formula: method?.formula ?? '',
        decay: method?.decay ?? '',
        fullPointsMiles: method?.fullPointsMiles ?? 0,
        zeroPointsMiles: method?.zeroPointsMiles ?? 0,
      },
      familyFriendly: breakdownToApi(msg.scoring?.familyFriendly ?? null),
      walkability: breakdownToApi(msg.scoring?.walkability ?? null),
      dining: breakdownToApi(msg.scoring?.dining ?? null),
    },
    sources: msg.sources.map((s) => ({ id: s.id, name: s.name, year: s.year, credit: s.credit })),
    narrativeEngine: asEngine(msg.narrativeEngine),
    generatedAt: msg.generatedAt,
    notes: [...msg.notes],
  };
}

/** The API shape -> the message (the neighborhood service answers with it). Null stays absent. */
export function insightsApiToMessage(insights: NeighborhoodInsights): NeighborhoodInsightsInput {
  const s = insights.marketStats;
  const { tract, neighborhood } = insights.area;
  return {
    familyFriendly: dropNulls({
      ...insights.familyFriendly,
      nearbySchools: insights.familyFriendly.nearbySchools.map(placeToMessage),
      parks: insights.familyFriendly.parks.map(placeToMessage),
    }),
    walkability: dropNulls({ ...insights.walkability, nearbyAmenities: insights.walkability.nearbyAmenities.map(placeToMessage) }),
    dining: dropNulls({ ...insights.dining, restaurants: insights.dining.restaurants.map(placeToMessage) }),
    lifestyle: { ...insights.lifestyle },
    marketContext: { ...insights.marketContext },
    marketStats: {
      ...dropNulls({ ...s, earliestSaleDate: null, latestSaleDate: null, priceIndexName: null, valueDate: null }),
      earliestSaleDate: s.earliestSaleDate ?? '',
      latestSaleDate: s.latestSaleDate ?? '',
      priceIndexName: s.priceIndexName ?? '',
      valueDate: s.valueDate ?? '',
    },
    area: {
      covered: insights.area.covered,
      note: insights.area.note,
      ...(neighborhood ? { neighborhood: { ...neighborhood } } : {}),
      ...(tract
        ? {
            tract: {
              ...dropNulls({
                fips: tract.fips,
                name: tract.name,
                censusMedianHouseValue: tract.medianHouseValue2000,
                medianHouseValueToday: tract.medianHouseValueToday,
                source: tract.source,
              }),
              priceIndexName: tract.priceIndexName ?? '',
              valueDate: tract.valueDate ?? '',
            },
          }
        : {}),
    },
    scoring: {
      method: { ...insights.scoring.method },
      familyFriendly: breakdownToMessage(insights.scoring.familyFriendly),
      walkability: breakdownToMessage(insights.scoring.walkability),
      dining: breakdownToMessage(insights.scoring.dining),
    },
    sources: insights.sources.map((c) => ({ ...c })),
    narrativeEngine: insights.narrativeEngine,
    generatedAt: insights.generatedAt,
    notes: [...insights.notes],
  };
}

export function mapLayersMessageToApi(msg: MapLayersMessage): MapLayers {
  return {
    layers: msg.layers.map((l) => ({ id: asLayer(l.id), label: l.label, credit: l.credit })),
    bounds: { south: msg.bounds?.south ?? 0, west: msg.bounds?.west ?? 0, north: msg.bounds?.north ?? 0, east: msg.bounds?.east ?? 0 },
    minZoom: msg.minZoom,
    maxZoom: msg.maxZoom,
    extent: msg.extent,
    credits: msg.credits.map((c) => ({ id: c.id, name: c.name, year: c.year, credit: c.credit })),
    notDrawn: msg.notDrawn,
  };
}

export function mapLayersApiToMessage(layers: MapLayers): MapLayersInput {
  return { ...layers, bounds: { ...layers.bounds }, layers: layers.layers.map((l) => ({ ...l })), credits: layers.credits.map((c) => ({ ...c })) };
}

export function mapTileMessageToApi(msg: MapTileMessage): MapTile {
  const layers: MapTile['layers'] = {};
  for (const f of msg.features) {
    const feature: MapFeature = { name: f.name, parts: f.parts.map((p) => [...p.xy]) };
    if (f.detail) feature.detail = f.detail;
    if (f.label) feature.label = true;
    (layers[asLayer(f.layer)] ??= []).push(feature);
  }
  return { z: msg.z, x: msg.x, y: msg.y, layers };
}

export function mapTileApiToMessage(tile: MapTile): MapTileInput {
  const features = (Object.entries(tile.layers) as [MapLayerId, MapFeature[]][]).flatMap(([layer, list]) =>
    list.map((f) => ({ layer, name: f.name, detail: f.detail ?? '', label: f.label ?? false, parts: f.parts.map((xy) => ({ xy })) })),
  );
  return { z: tile.z, x: tile.x, y: tile.y, features };
}
