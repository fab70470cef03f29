import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import Papa from 'papaparse';
import { z } from 'zod';
import type { LatLng } from '../../domain/geo';

/**
 * Reads the files of the neighborhood data folder (see its README, the data card) into plain records. Every
 * row is validated; rows that do not fit (no coordinates, unreadable numbers) are skipped and counted.
 */

export interface SkippedRows {
  file: string;
  skipped: number;
}

/** A number in a text field (" 12.5" included); an empty field is not a number. */
const numeric = (schema: z.ZodNumber) => z.string().trim().min(1).transform(Number).pipe(schema);
const integer = numeric(z.number().int());
const latitude = numeric(z.number().min(-90).max(90));
const longitude = numeric(z.number().min(-180).max(180));
const text = z.string().trim();

function readCsv<T>(folder: string, file: string, schema: z.ZodType<T>, skipped: SkippedRows[]): T[] {
  const text = readFileSync(path.join(folder, file), 'utf8').replace(/^\uFEFF/, '');
  const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true, transformHeader: (h) => h.trim() }).data;
  const out: T[] = [];
  let bad = 0;
  for (const row of rows) {
    const parsed = schema.safeParse(row);
    if (parsed.success) out.push(parsed.data);
    else bad += 1;
  }
  if (bad) skipped.push({ file, skipped: bad });
  return out;
}

const schoolRow = z.object({
  CDSCode: text.min(1),
  District: text,
  School: text.min(1),
  OpenDate: text,
  ClosedDate: text,
  Charter: text,
  SOCType: text,
  EILName: text,
  GSoffered: text,
  Virtual: text,
  Latitude: latitude,
  Longitude: longitude,
});
export type SchoolRow = z.infer<typeof schoolRow>;

const parkRow = z.object({ id: text, name: text.min(1), lat: latitude, lng: longitude });
export type ParkRow = z.infer<typeof parkRow>;

const groceryRow = z.object({
  vendor: text.min(1),
  address: text,
  city: text,
  zip: text,
  latitude,
  longitude,
});
export type GroceryRow = z.infer<typeof groceryRow>;

const stopRow = z.object({ stop_id: text.min(1), stop_code: text, stop_name: text.min(1), stop_lat: latitude, stop_lon: longitude });
export type StopRow = z.infer<typeof stopRow>;

const routeRow = z.object({
  route_id: text.min(1),
  route_short_name: text,
  route_long_name: text,
  route_type: integer,
  route_color: text,
});
export type RouteRow = z.infer<typeof routeRow>;

const tripRow = z.object({ route_id: text.min(1), shape_id: text.min(1) });
const shapeRow = z.object({ shape_id: text.min(1), shape_pt_lat: latitude, shape_pt_lon: longitude, shape_pt_sequence: integer });

/** A transit route with the distinct lines its trips draw (GTFS routes, trips and shapes joined). */
export interface RouteLines {
  route: RouteRow;
  lines: LatLng[][];
}

const polygonGeometry = z.object({
  type: z.enum(['Polygon', 'MultiPolygon']),
  coordinates: z.array(z.unknown()),
});

const tractProperties = z.object({ FIPS: z.string().length(11), HSG_VAL: z.coerce.number().nullable().optional() });
const neighborhoodProperties = z.object({ name: z.string().min(1) });

export interface TractRecord {
  fips: string;
  medianHouseValue2000: number | null;
  geometry: Polygon | MultiPolygon;
}

export interface NeighborhoodRecord {
  name: string;
  geometry: Polygon | MultiPolygon;
}

function readPolygons<P>(folder: string, file: string, properties: z.ZodType<P>, skipped: SkippedRows[]): { properties: P; geometry: Polygon | MultiPolygon }[] {
  const json = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as { features?: Feature[] };
  const out: { properties: P; geometry: Polygon | MultiPolygon }[] = [];
  let bad = 0;
  for (const feature of json.features ?? []) {
    const props = properties.safeParse(feature.properties);
    const geometry = polygonGeometry.safeParse(feature.geometry);
    if (props.success && geometry.success) out.push({ properties: props.data, geometry: feature.geometry as Polygon | MultiPolygon });
    else bad += 1;
  }
  if (bad) skipped.push({ file, skipped: bad });
  return out;
}

/** Everything the folder holds, as read. */
export interface NeighborhoodFiles {
  schools: SchoolRow[];
  parks: ParkRow[];
  grocery: GroceryRow[];
  stops: StopRow[];
  routes: RouteLines[];
  tracts: TractRecord[];
  neighborhoods: NeighborhoodRecord[];
  skipped: SkippedRows[];
}

export function readNeighborhoodFiles(folder: string): NeighborhoodFiles {
  const skipped: SkippedRows[] = [];
  const transit = path.join(folder, 'transit-sacrt-2021');
  const routes = readCsv(transit, 'routes.txt', routeRow, skipped);
  const trips = readCsv(transit, 'trips.txt', tripRow, skipped);
  const shapes = readCsv(transit, 'shapes.txt', shapeRow, skipped);

  const pointsByShape = new Map<string, { seq: number; at: LatLng }[]>();
  for (const s of shapes) {
    let list = pointsByShape.get(s.shape_id);
    if (!list) pointsByShape.set(s.shape_id, (list = []));
    list.push({ seq: s.shape_pt_sequence, at: { latitude: s.shape_pt_lat, longitude: s.shape_pt_lon } });
  }
  const shapeIdsByRoute = new Map<string, Set<string>>();
  for (const t of trips) {
    let ids = shapeIdsByRoute.get(t.route_id);
    if (!ids) shapeIdsByRoute.set(t.route_id, (ids = new Set()));
    ids.add(t.shape_id);
  }
  const routeLines = routes.map((route) => ({
    route,
    lines: [...(shapeIdsByRoute.get(route.route_id) ?? [])]
      .map((id) => (pointsByShape.get(id) ?? []).sort((a, b) => a.seq - b.seq).map((p) => p.at))
      .filter((line) => line.length >= 2),
  }));

  return {
    schools: readCsv(folder, 'schools-cde.csv', schoolRow, skipped),
    parks: readCsv(folder, 'parks-cpad.csv', parkRow, skipped),
    grocery: readCsv(folder, 'grocery-wic-vendors.csv', groceryRow, skipped),
    stops: readCsv(transit, 'stops.txt', stopRow, skipped),
    routes: routeLines,
    tracts: readPolygons(folder, 'census-2000-tracts.geojson', tractProperties, skipped).map(({ properties, geometry }) => ({
      fips: properties.FIPS,
      medianHouseValue2000: properties.HSG_VAL && properties.HSG_VAL > 0 ? properties.HSG_VAL : null,
      geometry,
    })),
    neighborhoods: readPolygons(folder, 'sacramento-neighborhoods.geojson', neighborhoodProperties, skipped).map(({ properties, geometry }) => ({
      name: properties.name,
      geometry,
    })),
    skipped,
  };
}
