import type { DataCredit, NearbyPlace, PlaceKind } from '@hsa/contracts';
import { inside, milesBetween, roundMiles, shrink, type LatLng } from './geo';

/** School levels a school's grades reach: elementary (any of K-5) and secondary (any of 7-12; a K-6 school is elementary). */
export type SchoolBand = 'elementary' | 'secondary';

/** A real place of a data set or a provider. */
export interface Place {
  name: string;
  kind: PlaceKind;
  location: LatLng;
  detail: string;
  level: string | null;
  grades: string | null;
  /** Schools only: the bands its grades reach. */
  bands?: readonly SchoolBand[];
  /** Restaurants only: the provider's type (e.g. "pizza_restaurant"), counted for the variety, never shown. */
  subtype?: string;
  /** Source name and year, e.g. "California Department of Education school directory (2018)". */
  source: string;
}

/** A place with its straight-line distance from the home. */
export interface PlaceNearby extends Place {
  distanceMiles: number;
}

/** A transit route whose line passes near the home. */
export interface RouteNearby {
  name: string;
  mode: 'bus' | 'light rail';
  distanceMiles: number;
}

/** The categories a place source answers; a null list means the source does not cover it here. */
export const placeCategories = ['schools', 'parks', 'grocery', 'transitStops', 'restaurants', 'cafes'] as const;
export type PlaceCategory = (typeof placeCategories)[number];

/** What surrounds a home, nearest first, within `radiusMiles`; with the reason for every category not covered. */
export interface PlacesAround {
  radiusMiles: number;
  places: Record<PlaceCategory, PlaceNearby[] | null>;
  /** Why a category is null (e.g. "No restaurant data exists for this area"). */
  gaps: Partial<Record<PlaceCategory, string>>;
  /** Transit routes passing within a quarter mile (null: no route data). */
  routes: RouteNearby[] | null;
  /** The data sets used, with their credit lines. */
  credits: DataCredit[];
}

/** Where the places come from: the public data sets (embedded default) or Google Places. */
export interface PlaceSource {
  readonly name: 'open-data' | 'google';
  /** Whether the source's places around a home are complete (homes outside get the "no data" answer). */
  covers(at: LatLng): boolean;
  /** One line saying what the source covers (shown for a home outside it). */
  readonly coverageNote: string;
  around(at: LatLng, radiusMiles: number): Promise<PlacesAround>;
}

/**
 * The places within `radiusMiles` of `at`, nearest first (ties by name), each with its distance; at least the
 * `keepNearest` nearest are kept even when farther (so "the nearest school is 2.1 mi away" can be said).
 */
export function nearestPlaces(at: LatLng, places: readonly Place[], radiusMiles: number, keepNearest = 1): PlaceNearby[] {
  const measure = (list: readonly Place[]) =>
    list
      .map((place) => ({ ...place, distanceMiles: roundMiles(milesBetween(at, place.location)) }))
      .sort((a, b) => a.distanceMiles - b.distanceMiles || a.name.localeCompare(b.name));
  // Only places inside the radius's box are measured, unless fewer than `keepNearest` are there.
  const box = Number.isFinite(radiusMiles) ? shrink({ south: at.latitude, north: at.latitude, west: at.longitude, east: at.longitude }, -radiusMiles * 1.01) : null;
  let measured = measure(box ? places.filter((p) => inside(box, p.location)) : places);
  if (measured.length < keepNearest) measured = measure(places);
  return measured.filter((p, i) => i < keepNearest || p.distanceMiles <= radiusMiles);
}

/** The nearest place of each name (a park the data lists twice is one park). */
export function uniqueByName<T extends Place>(nearestFirst: readonly T[]): T[] {
  const seen = new Set<string>();
  return nearestFirst.filter((p) => (seen.has(p.name) ? false : (seen.add(p.name), true)));
}

/** The API's shape of a place. */
export function toNearbyPlace(place: PlaceNearby): NearbyPlace {
  return {
    name: place.name,
    kind: place.kind,
    distanceMiles: place.distanceMiles,
    coordinates: { latitude: place.location.latitude, longitude: place.location.longitude },
    detail: place.detail,
    level: place.level,
    grades: place.grades,
    source: place.source,
  };
}
