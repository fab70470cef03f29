import type { DataCredit } from '@hsa/contracts';
import { tractName, type AreaFacts, type AreaSource } from '../../domain/area';
import { boundsOf, contains, inside, milesToLine, shapeOf, shrink, type AreaShape, type Bounds, type LatLng } from '../../domain/geo';
import { nearestPlaces, uniqueByName, type Place, type PlaceSource, type PlacesAround, type RouteNearby, type SchoolBand } from '../../domain/places';
import { decayMiles } from '../../domain/scoring';
import { creditOf, openDataSets } from './credits';
import { readNeighborhoodFiles, type NeighborhoodFiles } from './files';
import { groceryPlaces, parkPlaces, routeMode, routeName, schoolPlaces, stopPlaces } from './places';

/** Beyond this distance from every SacRT stop a home is outside SacRT's network (other agencies are not in the data). */
export const transitNetworkMiles = 3;
/** Routes whose line passes this close count as "near". */
export const routeNearMiles = 0.25;

export const noDiningData = 'No restaurant, café or bar data exists for this area in the public data the product uses, so none are listed and dining is not scored.';

export interface TransitRoute {
  name: string;
  mode: 'bus' | 'light rail';
  /** The route's color in the feed, e.g. "0000FF" (light rail lines are drawn in it). */
  color: string;
  lines: LatLng[][];
  bounds: Bounds;
}

export interface Tract {
  fips: string;
  name: string;
  medianHouseValue2000: number | null;
  shape: AreaShape;
}

export interface NamedShape {
  name: string;
  shape: AreaShape;
}

const fixed = (n: number, digits = 2) => n.toFixed(digits).replace('-', '−');

/**
 * The embedded default's neighborhood data (the shared data folder): places around a home, the areas it lies
 * in, and the geometry of the map layers. Read once at start; pure lookups after that.
 */
export class OpenNeighborhoodData implements PlaceSource, AreaSource {
  readonly name = 'open-data' as const;
  readonly schools: Place[];
  readonly parks: Place[];
  readonly grocery: Place[];
  readonly stops: Place[];
  readonly routes: TransitRoute[];
  readonly tracts: Tract[];
  readonly neighborhoods: NamedShape[];
  /** Where the point data reaches (the data card's trim box, seen from the data). */
  readonly extent: Bounds;
  readonly coverage: Bounds;
  readonly coverageNote: string;

  constructor(files: NeighborhoodFiles) {
    this.schools = schoolPlaces(files.schools);
    this.parks = parkPlaces(files.parks);
    this.grocery = groceryPlaces(files.grocery);
    this.stops = stopPlaces(files.stops);
    this.routes = files.routes
      .filter((r) => r.lines.length > 0)
      .map((r) => ({
        name: routeName(r.route),
        mode: routeMode(r.route),
        color: /^[0-9a-f]{6}$/i.test(r.route.route_color) ? r.route.route_color.toUpperCase() : '',
        lines: r.lines,
        bounds: boundsOf(r.lines.flat()),
      }));
    this.tracts = files.tracts.map((t) => ({ fips: t.fips, name: tractName(t.fips), medianHouseValue2000: t.medianHouseValue2000, shape: shapeOf(t.geometry) }));
    this.neighborhoods = files.neighborhoods.map((n) => ({ name: n.name, shape: shapeOf(n.geometry) }));
    const points = [...files.schools.map((s) => ({ latitude: s.Latitude, longitude: s.Longitude })), ...this.parks, ...this.grocery].map((p) =>
      'location' in p ? p.location : p,
    );
    this.extent = boundsOf(points);
    // Places up to the decay's reach can count in a score: only homes that far inside the data are scored.
    this.coverage = shrink(this.extent, decayMiles.zero);
    const e = this.extent;
    this.coverageNote =
      `The neighborhood data covers the Sacramento region (latitude ${fixed(e.south)} to ${fixed(e.north)}, ` +
      `longitude ${fixed(e.west)} to ${fixed(e.east)}); homes within ${decayMiles.zero} miles of its edge or outside it are not scored.`;
  }

  static load(folder: string): { data: OpenNeighborhoodData; skipped: NeighborhoodFiles['skipped'] } {
    const files = readNeighborhoodFiles(folder);
    return { data: new OpenNeighborhoodData(files), skipped: files.skipped };
  }

  async around(at: LatLng, radiusMiles: number): Promise<PlacesAround> {
    // The nearest school teaching each band is kept even beyond the radius ("the nearest high school is 2.1 mi away").
    const all = nearestPlaces(at, this.schools, Infinity, 0);
    const nearestOfBand = new Set((['elementary', 'secondary'] as SchoolBand[]).map((band) => all.findIndex((s) => s.bands?.includes(band))));
    const schools = all.filter((s, i) => s.distanceMiles <= radiusMiles || nearestOfBand.has(i));
    const stops = nearestPlaces(at, this.stops, radiusMiles);
    const inNetwork = (stops[0]?.distanceMiles ?? Infinity) <= transitNetworkMiles;
    const credits = [openDataSets.schools, openDataSets.parks, openDataSets.grocery, ...(inNetwork ? [openDataSets.transit] : [])].map(creditOf);
    const transitGap = `No SacRT stop lies within ${transitNetworkMiles} miles: this home is outside SacRT's network, and other transit agencies are not in the data.`;
    return {
      radiusMiles,
      places: {
        schools,
        parks: uniqueByName(nearestPlaces(at, this.parks, radiusMiles)),
        grocery: nearestPlaces(at, this.grocery, radiusMiles),
        transitStops: inNetwork ? stops : null,
        restaurants: null,
        cafes: null,
      },
      gaps: {
        ...(inNetwork ? {} : { transitStops: transitGap }),
        restaurants: noDiningData,
        cafes: noDiningData,
      },
      routes: inNetwork ? this.routesNear(at) : null,
      credits,
    };
  }

  /** SacRT routes whose line passes within a quarter mile, nearest first. */
  routesNear(at: LatLng, miles = routeNearMiles): RouteNearby[] {
    const reach = shrink({ south: at.latitude, north: at.latitude, west: at.longitude, east: at.longitude }, -miles);
    const near: RouteNearby[] = [];
    for (const route of this.routes) {
      const b = route.bounds;
      if (b.south > reach.north || b.north < reach.south || b.west > reach.east || b.east < reach.west) continue;
      const distance = Math.min(...route.lines.map((line) => milesToLine(at, line, miles)));
      if (distance <= miles) near.push({ name: route.name, mode: route.mode, distanceMiles: Math.round(distance * 100) / 100 });
    }
    return near.sort((a, b) => a.distanceMiles - b.distanceMiles || a.name.localeCompare(b.name));
  }

  locate(at: LatLng): AreaFacts {
    const neighborhood = this.neighborhoods.find((n) => contains(n.shape, at));
    const tract = this.tracts.find((t) => contains(t.shape, at));
    return {
      neighborhood: neighborhood ? { name: neighborhood.name, source: openDataSets.neighborhoods.label } : null,
      tract: tract ? { fips: tract.fips, name: tract.name, medianHouseValue2000: tract.medianHouseValue2000, source: openDataSets.tracts.label } : null,
    };
  }

  credits(facts: AreaFacts): DataCredit[] {
    return [...(facts.neighborhood ? [openDataSets.neighborhoods] : []), ...(facts.tract ? [openDataSets.tracts] : [])].map(creditOf);
  }

  covers(at: LatLng): boolean {
    return inside(this.coverage, at);
  }
}
