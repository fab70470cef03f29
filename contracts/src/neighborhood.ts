import { z } from 'zod';
import { generationEngines } from './ai';
import { coordinatesSchema } from './property';

/**
 * GET /api/properties/{id}/neighborhood (the spec's Neighborhood insights) and the map layers around a home
 * (GET /api/map/layers, GET /api/map/tiles/{z}/{x}/{y}). Every place, figure and score comes from a named data
 * source with its year; a dimension without data has no score and says why.
 */

export const placeKinds = ['school', 'park', 'grocery', 'transit_stop', 'restaurant', 'cafe'] as const;
export type PlaceKind = (typeof placeKinds)[number];

/** A real place near the home, with its straight-line distance and where it comes from. */
export const nearbyPlaceSchema = z.object({
  name: z.string(),
  kind: z.enum(placeKinds),
  distanceMiles: z.number().min(0),
  coordinates: coordinatesSchema,
  /** One line about the place, e.g. "Elementary school, grades K-6, Twin Rivers Unified" or "SacRT bus stop". */
  detail: z.string(),
  /** Schools: "Elementary", "Middle", "High" or "K-12" (null for other places or when unknown). */
  level: z.string().nullable(),
  /** Schools: the grades offered, e.g. "K-6" (null when unknown). */
  grades: z.string().nullable(),
  /** The source and its year, e.g. "California Department of Education school directory (2018)". */
  source: z.string(),
});
export type NearbyPlace = z.infer<typeof nearbyPlaceSchema>;

/** One place counted in a score: its distance, the weight of its rank in the category and the points it earned. */
export const scoredPlaceSchema = z.object({
  name: z.string(),
  distanceMiles: z.number(),
  weight: z.number(),
  /** The distance decay, 1 (full points) to 0. */
  decay: z.number(),
  points: z.number(),
});

/** An amenity category of a score: its weight, the nearest places counted and the points they earned. */
export const scoreCategorySchema = z.object({
  id: z.string(),
  label: z.string(),
  /** The category's weight: the sum of the weights of the places it counts. */
  weight: z.number(),
  counted: z.array(scoredPlaceSchema),
  points: z.number(),
  /** False when the category is left out of this home's score (no data covers it here); `note` says why. */
  included: z.boolean(),
  note: z.string().nullable(),
});

/** How one dimension's score came about. */
export const scoreBreakdownSchema = z.object({
  /** Out of 10; null when there is no data to score from (`reason` says why). */
  score: z.number().min(0).max(10).nullable(),
  points: z.number(),
  maxPoints: z.number(),
  categories: z.array(scoreCategorySchema),
  reason: z.string().nullable(),
});
export type ScoreBreakdown = z.infer<typeof scoreBreakdownSchema>;

/** The one scoring method, the same for every home (shown on request: "How is this scored?"). */
export const scoringMethodSchema = z.object({
  summary: z.string(),
  formula: z.string(),
  decay: z.string(),
  fullPointsMiles: z.number(),
  zeroPointsMiles: z.number(),
});

/** A data set the answer draws on: its name, year and the credit line of its data card. */
export const dataCreditSchema = z.object({
  id: z.string(),
  name: z.string(),
  year: z.string(),
  credit: z.string(),
});
export type DataCredit = z.infer<typeof dataCreditSchema>;

const score = z.number().min(0).max(10).nullable();

/** The spec's Neighborhood insights, plus where the home sits, how it was scored and the sources. */
export const neighborhoodInsightsSchema = z.object({
  familyFriendly: z.object({
    score,
    description: z.string(),
    nearbySchools: z.array(nearbyPlaceSchema),
    parks: z.array(nearbyPlaceSchema),
  }),
  walkability: z.object({ score, description: z.string(), nearbyAmenities: z.array(nearbyPlaceSchema) }),
  dining: z.object({ score, description: z.string(), restaurants: z.array(nearbyPlaceSchema), diversity: z.string() }),
  lifestyle: z.object({ description: z.string(), keyFeatures: z.array(z.string()), buyerProfile: z.string() }),
  marketContext: z.object({ description: z.string(), valueDrivers: z.array(z.string()) }),
  marketStats: z.object({
    salesCount: z.number().int(),
    medianSalePrice: z.number().nullable(),
    medianPricePerSqft: z.number().nullable(),
    medianTimeAdjustedPrice: z.number().nullable(),
    medianTimeAdjustedPricePerSqft: z.number().nullable(),
    radiusMiles: z.number().nullable(),
    earliestSaleDate: z.string().nullable(),
    latestSaleDate: z.string().nullable(),
    priceIndexChangePercent: z.number().nullable(),
    priceIndexName: z.string().nullable(),
    valueDate: z.string().nullable(),
    dataSource: z.string(),
  }),
  area: z.object({
    /** Inside the area the neighborhood data covers (else every dimension says there is no data). */
    covered: z.boolean(),
    note: z.string(),
    neighborhood: z.object({ name: z.string(), source: z.string() }).nullable(),
    tract: z
      .object({
        fips: z.string(),
        name: z.string(),
        medianHouseValue2000: z.number().nullable(),
        /** The 2000 median brought to `valueDate` with the price index (null without an index). */
        medianHouseValueToday: z.number().nullable(),
        priceIndexName: z.string().nullable(),
        valueDate: z.string().nullable(),
        source: z.string(),
      })
      .nullable(),
  }),
  scoring: z.object({
    method: scoringMethodSchema,
    familyFriendly: scoreBreakdownSchema,
    walkability: scoreBreakdownSchema,
    dining: scoreBreakdownSchema,
  }),
  /** The credit lines of every data set the answer draws on. */
  sources: z.array(dataCreditSchema),
  narrativeEngine: z.enum(generationEngines),
  generatedAt: z.string(),
  notes: z.array(z.string()),
});
export type NeighborhoodInsights = z.infer<typeof neighborhoodInsightsSchema>;

/** The switchable layers of the map, in drawing order (areas first, points last). */
export const mapLayerIds = ['neighborhoods', 'tracts', 'transit_lines', 'parks', 'schools', 'transit_stops'] as const;
export type MapLayerId = (typeof mapLayerIds)[number];

/** GET /api/map/layers: what the map can draw, where, and whose data it is. */
export const mapLayersSchema = z.object({
  layers: z.array(z.object({ id: z.enum(mapLayerIds), label: z.string(), credit: z.string() })),
  /** The data's area: no tiles outside it. */
  bounds: z.object({ south: z.number(), west: z.number(), north: z.number(), east: z.number() }),
  minZoom: z.number().int(),
  maxZoom: z.number().int(),
  /** Tile coordinates run 0..extent across a tile. */
  extent: z.number().int(),
  credits: z.array(dataCreditSchema),
  /** What the offline map does not draw. */
  notDrawn: z.string(),
});
export type MapLayers = z.infer<typeof mapLayersSchema>;

/**
 * A map feature inside one web-map tile. Its parts (rings of an area, paths of a line, the position of a point or
 * of an area's name) are lists [x0, y0, dx1, dy1, dx2, dy2, ...] in tile coordinates (0..extent, Web Mercator):
 * the first point, then each point's difference from the one before. Areas (neighborhoods, tracts) are polygons,
 * transit lines are lines, the other layers points; an area's name is a point feature with `label: true`.
 */
export const mapFeatureSchema = z.object({
  name: z.string(),
  detail: z.string().optional(),
  label: z.literal(true).optional(),
  parts: z.array(z.array(z.number().int())),
});
export type MapFeature = z.infer<typeof mapFeatureSchema>;

/** GET /api/map/tiles/{z}/{x}/{y}?layers=...: the features of the layers asked for, simplified for the zoom. */
export const mapTileSchema = z.object({
  z: z.number().int(),
  x: z.number().int(),
  y: z.number().int(),
  layers: z.partialRecord(z.enum(mapLayerIds), z.array(mapFeatureSchema)),
});
export type MapTile = z.infer<typeof mapTileSchema>;

/** The kind of geometry of a layer's features (area names aside). */
export const mapLayerGeometry: Record<MapLayerId, 'polygon' | 'line' | 'point'> = {
  neighborhoods: 'polygon',
  tracts: 'polygon',
  transit_lines: 'line',
  parks: 'point',
  schools: 'point',
  transit_stops: 'point',
};

export const mapMessages = {
  badTile: 'Tile coordinates must be whole numbers inside the map',
  badLayers: `Layers must be a comma-separated list of ${mapLayerIds.join(', ')}`,
} as const;

const tileNumber = z.coerce.number({ error: mapMessages.badTile }).int(mapMessages.badTile).min(0, mapMessages.badTile);

/** z/x/y of GET /api/map/tiles/{z}/{x}/{y}: whole numbers with x and y inside the zoom level. */
export const mapTileAddressSchema = z
  .object({
    z: tileNumber.max(22, mapMessages.badTile),
    x: tileNumber,
    y: tileNumber,
  })
  .refine((t) => t.x < 2 ** t.z && t.y < 2 ** t.z, mapMessages.badTile);
export type MapTileAddress = z.infer<typeof mapTileAddressSchema>;

/** The `layers` query of a tile: a comma-separated list (absent or empty: every layer). */
export const mapTileLayersSchema = z
  .string()
  .max(200, mapMessages.badLayers)
  .optional()
  .transform((text) => (text ?? '').split(',').map((l) => l.trim()).filter(Boolean))
  .pipe(z.array(z.enum(mapLayerIds, { error: mapMessages.badLayers })).max(mapLayerIds.length, mapMessages.badLayers))
  .transform((layers) => (layers.length ? [...new Set(layers)] : [...mapLayerIds]));
