import type { Coordinates, MapLayers } from '@hsa/contracts';
import { metersPerPixel, type MapView, type Viewport } from '../projection';

/**
 * Which web-map tiles (z/x/y, Web Mercator) a view of the self-drawn map needs, and where a tile's coordinates
 * fall. Tiles are asked one zoom level below the map's, so each covers 512 to 1024 pixels of the view: a few
 * tiles per view, at the detail the view can show.
 */

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** The point's position in tiles at zoom z (the integer part is the tile, the rest its place in it). */
export function worldTile(point: Coordinates, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const rad = (point.latitude * Math.PI) / 180;
  return { x: ((point.longitude + 180) / 360) * n, y: ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n };
}

/** The inverse: a position in tiles at zoom z as coordinates. */
export function tilePoint(x: number, y: number, z: number): Coordinates {
  const n = 2 ** z;
  return { longitude: (x / n) * 360 - 180, latitude: (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI };
}

/** The tile zoom for a map zoom (one level below), or null when the map is zoomed out beyond the served zooms. */
export function tileZoomFor(mapZoom: number, layers: Pick<MapLayers, 'minZoom' | 'maxZoom'>): number | null {
  const z = Math.floor(mapZoom) - 1;
  if (z < layers.minZoom) return null;
  return Math.min(z, layers.maxZoom);
}

/** The tiles at zoom z the view covers, inside the data's bounds only. */
export function tilesCovering(view: MapView, viewport: Viewport, z: number, bounds: MapLayers['bounds']): TileAddress[] {
  // Half the view in meters, then in degrees around the centre (the map's projection is local and flat).
  const mpp = metersPerPixel(view.zoom, view.center.latitude);
  const halfLat = ((viewport.height / 2) * mpp) / 111_320;
  const halfLon = ((viewport.width / 2) * mpp) / (111_320 * Math.cos((view.center.latitude * Math.PI) / 180));
  const south = Math.max(bounds.south, view.center.latitude - halfLat);
  const north = Math.min(bounds.north, view.center.latitude + halfLat);
  const west = Math.max(bounds.west, view.center.longitude - halfLon);
  const east = Math.min(bounds.east, view.center.longitude + halfLon);
  if (south > north || west > east) return [];
  const topLeft = worldTile({ latitude: north, longitude: west }, z);
  const bottomRight = worldTile({ latitude: south, longitude: east }, z);
  const tiles: TileAddress[] = [];
  for (let x = Math.floor(topLeft.x); x <= Math.floor(bottomRight.x); x++) {
    for (let y = Math.floor(topLeft.y); y <= Math.floor(bottomRight.y); y++) tiles.push({ z, x, y });
  }
  return tiles;
}

/** [x0, y0, dx1, dy1, ...] (tile units) -> the points as world tile positions. */
export function decodePart(part: readonly number[], tile: TileAddress, extent: number): { x: number; y: number }[] {
  const points: { x: number; y: number }[] = [];
  let x = 0;
  let y = 0;
  for (let i = 0; i + 1 < part.length; i += 2) {
    x += part[i]!;
    y += part[i + 1]!;
    points.push({ x: tile.x + x / extent, y: tile.y + y / extent });
  }
  return points;
}

/** Whether a point lies inside a ring (both as world tile positions). */
export function insideRing(point: { x: number; y: number }, ring: readonly { x: number; y: number }[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}
