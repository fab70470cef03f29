import type { Coordinates } from '@hsa/contracts';

/** The map's zoom rules (spec section 9): 14 by default, at most 15 after fitting the comparables. */
export const mapZoom = { default: 14, maxAfterFit: 15, min: 3, max: 19 } as const;

const earthRadiusMeters = 6_378_137;
const metersPerMile = 1609.344;
const feetPerMeter = 3.280_84;
const tileSize = 256;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

export interface Point {
  x: number;
  y: number;
}

export interface Viewport {
  width: number;
  height: number;
}

/** The map needs finite numeric latitude and longitude within range (spec section 5). */
export function isValidCoordinates(value: unknown): value is Coordinates {
  if (!value || typeof value !== 'object') return false;
  const { latitude, longitude } = value as Partial<Coordinates>;
  return (
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}

/** Ground meters per screen pixel at a zoom level, as on a web map with 256-pixel tiles. */
export function metersPerPixel(zoom: number, latitude: number): number {
  return (2 * Math.PI * earthRadiusMeters * Math.cos(radians(latitude))) / (tileSize * 2 ** zoom);
}

/**
 * Equirectangular projection around `origin`: meters east (x) and north (y). Accurate to well under a
 * percent over the few miles a set of comparables spans.
 */
export function projectMeters(point: Coordinates, origin: Coordinates): Point {
  return {
    x: radians(point.longitude - origin.longitude) * earthRadiusMeters * Math.cos(radians(origin.latitude)),
    y: radians(point.latitude - origin.latitude) * earthRadiusMeters,
  };
}

/** Screen position (pixels from the top left) of a point on a map centred on `center` at `zoom`. */
export function toScreen(point: Coordinates, center: Coordinates, zoom: number, viewport: Viewport): Point {
  const meters = projectMeters(point, center);
  const scale = metersPerPixel(zoom, center.latitude);
  return { x: viewport.width / 2 + meters.x / scale, y: viewport.height / 2 - meters.y / scale };
}

export interface MapView {
  center: Coordinates;
  zoom: number;
}

/** Zoom steps of the self-drawn map: it has no tiles, so it can fit the bounds more snugly than whole levels. */
export const zoomStep = 0.25;

/**
 * The view that shows every point: centred on their bounds, at the largest zoom (in quarter steps) where
 * they fit inside the viewport less `padding` pixels each side, capped at 15 (spec section 9). One point
 * (or several at one place) gets the default zoom, 14.
 */
export function fitBounds(points: Coordinates[], viewport: Viewport, padding = 48): MapView {
  const first = points[0];
  if (!first) throw new Error('fitBounds needs at least one point');
  const latitudes = points.map((p) => p.latitude);
  const longitudes = points.map((p) => p.longitude);
  const center = {
    latitude: (Math.min(...latitudes) + Math.max(...latitudes)) / 2,
    longitude: (Math.min(...longitudes) + Math.max(...longitudes)) / 2,
  };
  const corner = projectMeters({ latitude: Math.max(...latitudes), longitude: Math.max(...longitudes) }, center);
  const spanX = corner.x * 2;
  const spanY = corner.y * 2;
  if (spanX < 1 && spanY < 1) return { center, zoom: mapZoom.default };

  const usableWidth = Math.max(1, viewport.width - 2 * padding);
  const usableHeight = Math.max(1, viewport.height - 2 * padding);
  // Largest zoom z with span / metersPerPixel(z) <= usable, i.e. 2^z <= usable * worldWidth / (256 * span).
  const worldWidth = 2 * Math.PI * earthRadiusMeters * Math.cos(radians(center.latitude));
  const fit = (usable: number, span: number) => (span < 1 ? Infinity : Math.log2((usable * worldWidth) / (tileSize * span)));
  const zoom = Math.floor(Math.min(fit(usableWidth, spanX), fit(usableHeight, spanY)) / zoomStep) * zoomStep;
  return { center, zoom: clampZoom(Math.min(zoom, mapZoom.maxAfterFit)) };
}

export function clampZoom(zoom: number): number {
  return Math.min(mapZoom.max, Math.max(mapZoom.min, zoom));
}

export interface ScaleBar {
  /** "500 ft", "1 mi", "0.5 mi" */
  label: string;
  widthPx: number;
}

const niceFeet = [10, 20, 50, 100, 200, 500, 1000, 2000];
const niceMiles = [0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

/** The longest round distance (feet below half a mile, else miles) whose bar fits in maxWidthPx. */
export function scaleBar(zoom: number, latitude: number, maxWidthPx = 120): ScaleBar {
  const meters = metersPerPixel(zoom, latitude);
  const maxMiles = (maxWidthPx * meters) / metersPerMile;
  const miles = [...niceMiles].reverse().find((m) => m <= maxMiles);
  if (miles !== undefined) {
    return { label: `${miles} mi`, widthPx: (miles * metersPerMile) / meters };
  }
  const maxFeet = maxWidthPx * meters * feetPerMeter;
  const feet = [...niceFeet].reverse().find((f) => f <= maxFeet) ?? niceFeet[0]!;
  return { label: `${feet.toLocaleString('en-US')} ft`, widthPx: feet / feetPerMeter / meters };
}

/** Distance rings around the home: round distances in miles that fall inside the visible map. */
export function ringDistancesMiles(zoom: number, latitude: number, viewport: Viewport): number[] {
  const halfSpanMiles = (Math.min(viewport.width, viewport.height) / 2) * (metersPerPixel(zoom, latitude) / metersPerMile);
  const steps = [0.25, 0.5, 1, 2, 5, 10, 25, 50];
  const step = steps.find((s) => halfSpanMiles / s <= 3) ?? 100;
  const rings: number[] = [];
  for (let distance = step; distance < halfSpanMiles * 1.45 && rings.length < 4; distance += step) rings.push(distance);
  return rings;
}

/** Pixels per mile at a zoom level. */
export function pixelsPerMile(zoom: number, latitude: number): number {
  return metersPerMile / metersPerPixel(zoom, latitude);
}

/**
 * Moves markers that would cover one another (closer than minDistance pixels) around their true place,
 * so each stays visible and clickable: the first keeps its place, later ones step out along a spiral.
 * (A comparable can even be the home's own earlier sale, at the very same spot.)
 */
export function spreadOverlapping(points: Point[], minDistance = 24): Point[] {
  const placed: Point[] = [];
  const free = (candidate: Point) => placed.every((p) => Math.hypot(p.x - candidate.x, p.y - candidate.y) >= minDistance);
  for (const point of points) {
    let candidate = point;
    for (let step = 1; !free(candidate) && step <= 60; step++) {
      const angle = step * 2.4; // the golden angle in radians: successive steps spread evenly
      const radius = minDistance * Math.sqrt(step) * 0.9;
      candidate = { x: point.x + radius * Math.cos(angle), y: point.y + radius * Math.sin(angle) };
    }
    placed.push(candidate);
  }
  return placed;
}
