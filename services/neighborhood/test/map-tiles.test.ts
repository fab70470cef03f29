import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { mapLayerIds, type MapFeature } from '@hsa/contracts';
import { MapTiles, OpenNeighborhoodData, tileOptions } from '../src';

/** The map layers as web-map tiles, checked against the projection computed here (Web Mercator, z/x/y). */

const dataDir = path.resolve(__dirname, '../../../../shared/data/neighborhood');
let data: OpenNeighborhoodData;
let tiles: MapTiles;

beforeAll(async () => {
  data = OpenNeighborhoodData.load(dataDir).data;
  tiles = await MapTiles.build(data);
});

/** Where a point falls in the world at zoom z, in tiles (the integer part is the tile, the rest the position in it). */
function worldTile(latitude: number, longitude: number, z: number) {
  const n = 2 ** z;
  const rad = (latitude * Math.PI) / 180;
  return { x: ((longitude + 180) / 360) * n, y: ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n };
}

/** [x0, y0, dx1, dy1, ...] -> [[x0, y0], [x1, y1], ...]. */
function decode(part: readonly number[]): [number, number][] {
  const points: [number, number][] = [];
  let x = 0;
  let y = 0;
  for (let i = 0; i < part.length; i += 2) {
    x += part[i]!;
    y += part[i + 1]!;
    points.push([x, y]);
  }
  return points;
}

function insideRing(point: [number, number], ring: [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > point[1] !== yj > point[1] && point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const branchSt = { latitude: 38.618305, longitude: -121.443839 };

describe('map layers', () => {
  it('says what it draws, where, and whose data it is', () => {
    expect(tiles.layers.layers.map((l) => l.id)).toEqual([...mapLayerIds]);
    expect(tiles.layers.bounds).toEqual(data.extent);
    expect(tiles.layers).toMatchObject({ minZoom: tileOptions.minZoom, maxZoom: tileOptions.maxZoom, extent: tileOptions.extent });
    expect(tiles.layers.credits.map((c) => c.id)).toEqual(['sacramento-neighborhoods', 'census-2000-tracts', 'sacrt-gtfs', 'cpad-parks', 'cde-schools']);
    expect(tiles.layers.notDrawn).toBe('Streets are not drawn in the offline map: no street data is available.');
  });

  it("draws the home's neighborhood around it, in the right place, with its name", () => {
    const z = 15;
    const w = worldTile(branchSt.latitude, branchSt.longitude, z);
    const tile = tiles.tile(z, Math.floor(w.x), Math.floor(w.y));
    const home: [number, number] = [(w.x % 1) * tileOptions.extent, (w.y % 1) * tileOptions.extent];
    const areas = (tile.layers.neighborhoods ?? []).filter((f) => !f.label);
    const around = areas.filter((f) => insideRing(home, decode(f.parts[0]!)));
    expect(around.map((f) => f.name)).toEqual(['South Hagginwood']);
    expect(data.locate(branchSt).neighborhood?.name).toBe('South Hagginwood');
    const tracts = (tile.layers.tracts ?? []).filter((f) => !f.label && insideRing(home, decode(f.parts[0]!)));
    expect(tracts.map((f) => f.name)).toEqual(['Census tract 66, Sacramento County']);
  });

  it('keeps every coordinate inside the tile and its small buffer, as small differences', () => {
    const w = worldTile(38.5767, -121.4934, 13);
    const tile = tiles.tile(13, Math.floor(w.x), Math.floor(w.y));
    const features = Object.values(tile.layers).flat() as MapFeature[];
    expect(features.length).toBeGreaterThan(50);
    for (const f of features) {
      for (const part of f.parts) {
        for (const [x, y] of decode(part)) {
          expect(x).toBeGreaterThanOrEqual(-tileOptions.buffer);
          expect(x).toBeLessThanOrEqual(tileOptions.extent + tileOptions.buffer);
          expect(y).toBeGreaterThanOrEqual(-tileOptions.buffer);
          expect(y).toBeLessThanOrEqual(tileOptions.extent + tileOptions.buffer);
        }
      }
    }
  });

  it('serves only the layers asked for, points only when zoomed in, and nothing outside the served zooms or the data', () => {
    const at = (z: number) => {
      const w = worldTile(38.5767, -121.4934, z);
      return [Math.floor(w.x), Math.floor(w.y)] as const;
    };
    expect(Object.keys(tiles.tile(13, ...at(13), ['parks', 'schools']).layers).sort()).toEqual(['parks', 'schools']);
    expect(tiles.tile(13, ...at(13)).layers.transit_stops).toBeUndefined();
    expect(tiles.tile(14, ...at(14)).layers.transit_stops!.length).toBeGreaterThan(10);
    expect(tiles.tile(11, ...at(11)).layers.parks).toBeUndefined();
    expect(tiles.tile(8, ...at(8)).layers).toEqual({});
    expect(tiles.tile(17, ...at(17)).layers).toEqual({});
    expect(tiles.tile(13, 0, 0).layers).toEqual({});
  });
});
