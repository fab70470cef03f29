import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { distance } from '@turf/distance';
import type { MultiPolygon, Polygon } from 'geojson';

/** A point on Earth, WGS84 degrees (the contracts' coordinates). */
export interface LatLng {
  latitude: number;
  longitude: number;
}

export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Straight-line (great-circle) distance in miles. No street network is available, so no walking routes. */
export function milesBetween(a: LatLng, b: LatLng): number {
  return distance([a.longitude, a.latitude], [b.longitude, b.latitude], { units: 'miles' });
}

/** Rounded for display and for the scores' inputs: hundredths of a mile (about 50 ft). */
export function roundMiles(miles: number): number {
  return Math.round(miles * 100) / 100;
}

export function inside(bounds: Bounds, at: LatLng): boolean {
  return at.latitude >= bounds.south && at.latitude <= bounds.north && at.longitude >= bounds.west && at.longitude <= bounds.east;
}

const milesPerDegreeLatitude = 69.05;

/** The bounds moved inwards by `miles` on every side (empty bounds when too small). */
export function shrink(bounds: Bounds, miles: number): Bounds {
  const dLat = miles / milesPerDegreeLatitude;
  const middle = (bounds.south + bounds.north) / 2;
  const dLon = miles / (milesPerDegreeLatitude * Math.cos((middle * Math.PI) / 180));
  return { south: bounds.south + dLat, north: bounds.north - dLat, west: bounds.west + dLon, east: bounds.east - dLon };
}

/** The smallest bounds around points. */
export function boundsOf(points: Iterable<LatLng>): Bounds {
  const b = { south: Infinity, west: Infinity, north: -Infinity, east: -Infinity };
  for (const p of points) {
    b.south = Math.min(b.south, p.latitude);
    b.north = Math.max(b.north, p.latitude);
    b.west = Math.min(b.west, p.longitude);
    b.east = Math.max(b.east, p.longitude);
  }
  return b;
}

/** A polygon area with its bounds, for point-in-polygon tests. */
export interface AreaShape {
  geometry: Polygon | MultiPolygon;
  bounds: Bounds;
}

export function shapeOf(geometry: Polygon | MultiPolygon): AreaShape {
  const rings = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const points = rings.flatMap((polygon) => polygon[0] ?? []).map(([longitude, latitude]) => ({ latitude: latitude!, longitude: longitude! }));
  return { geometry, bounds: boundsOf(points) };
}

export function contains(shape: AreaShape, at: LatLng): boolean {
  return inside(shape.bounds, at) && booleanPointInPolygon([at.longitude, at.latitude], shape.geometry);
}

/**
 * The shortest distance in miles from a point to a line, or Infinity when the line stays farther than `withinMiles`
 * (segments wholly outside that reach are skipped without measuring).
 */
export function milesToLine(at: LatLng, line: readonly LatLng[], withinMiles = Infinity): number {
  const reach = Number.isFinite(withinMiles) ? shrink({ south: at.latitude, north: at.latitude, west: at.longitude, east: at.longitude }, -withinMiles * 1.01) : null;
  let best = Infinity;
  for (let i = 0; i < line.length - 1; i++) {
    const p = line[i]!;
    const q = line[i + 1]!;
    if (reach && Math.max(p.latitude, q.latitude) < reach.south) continue;
    if (reach && Math.min(p.latitude, q.latitude) > reach.north) continue;
    if (reach && Math.max(p.longitude, q.longitude) < reach.west) continue;
    if (reach && Math.min(p.longitude, q.longitude) > reach.east) continue;
    best = Math.min(best, milesToSegment(at, p, q));
  }
  if (line.length === 1) best = milesBetween(at, line[0]!);
  return best <= withinMiles ? best : Infinity;
}

/** Distance to a segment on a local flat projection (accurate over the short segments of a route line). */
function milesToSegment(at: LatLng, a: LatLng, b: LatLng): number {
  const k = Math.cos((at.latitude * Math.PI) / 180);
  const ax = (a.longitude - at.longitude) * k;
  const ay = a.latitude - at.latitude;
  const bx = (b.longitude - at.longitude) * k;
  const by = b.latitude - at.latitude;
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length2));
  const closest = { latitude: at.latitude + ay + t * dy, longitude: at.longitude + (ax + t * dx) / k };
  return milesBetween(at, closest);
}
