import { mapLayerIds, type MapFeature, type MapLayerId, type MapLayers, type MapTile } from '@hsa/contracts';
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon, Position } from 'geojson';
import type GeoJSONVT from 'geojson-vt';
import type { LatLng } from '../../domain/geo';
import { creditOf, openDataSets } from './credits';
import type { OpenNeighborhoodData } from './open-data';

/**
 * The map layers as web-map tiles (z/x/y, Web Mercator): geojson-vt slices the data once at start and simplifies
 * each tile for its zoom, so the browser receives only the tiles its view covers, at the detail it can show.
 */

/** Tiles are drawn 512 to 1024 pixels wide (a zoom level below the map's): 512 units, simplified to 2 units (2 to 4 pixels). */
export const tileOptions = { minZoom: 9, maxZoom: 16, extent: 512, buffer: 16, tolerance: 2 } as const;

/** Points are too many to draw far out: each point layer appears from this tile zoom (the map's zoom less one). */
const pointMinZoom: Partial<Record<MapLayerId, number>> = { transit_stops: 14, parks: 12, schools: 12 };
/** Area names appear from this tile zoom. */
const labelMinZoom = 11;

/** x0, y0, dx1, dy1, ...: each point as its difference from the one before (small numbers on the wire). */
export function deltaEncode(points: readonly (readonly [number, number])[]): number[] {
  const out: number[] = [];
  let px = 0;
  let py = 0;
  for (const [x, y] of points) {
    out.push(x - px, y - py);
    px = x;
    py = y;
  }
  return out;
}

const layerInfo: Record<MapLayerId, { label: string; credit: string }> = {
  neighborhoods: { label: `Neighborhoods (City of Sacramento, ${openDataSets.neighborhoods.year})`, credit: openDataSets.neighborhoods.credit },
  tracts: { label: `Census tracts (${openDataSets.tracts.year})`, credit: openDataSets.tracts.credit },
  transit_lines: { label: `SacRT routes (${openDataSets.transit.year})`, credit: openDataSets.transit.credit },
  parks: { label: `Parks (CPAD, ${openDataSets.parks.year})`, credit: openDataSets.parks.credit },
  schools: { label: 'Public schools (open in May 2008)', credit: openDataSets.schools.credit },
  transit_stops: { label: `SacRT stops (${openDataSets.transit.year})`, credit: openDataSets.transit.credit },
};

export const notDrawnNote = 'Streets are not drawn in the offline map: no street data is available.';

interface Tags {
  layer: MapLayerId;
  name: string;
  detail: string;
  label: boolean;
}

const position = (p: LatLng): Position => [p.longitude, p.latitude];
const feature = (geometry: Geometry, tags: Tags): Feature<Geometry, Tags> => ({ type: 'Feature', geometry, properties: tags });

/** The largest polygon of an area (where its label goes). */
function mainPolygon(geometry: Polygon | MultiPolygon): Position[][] {
  if (geometry.type === 'Polygon') return geometry.coordinates;
  const area = (ring: Position[]) => Math.abs(ring.reduce((sum, [x1, y1], i) => {
    const [x2, y2] = ring[(i + 1) % ring.length]!;
    return sum + x1! * y2! - x2! * y1!;
  }, 0));
  return [...geometry.coordinates].sort((a, b) => area(b[0] ?? []) - area(a[0] ?? []))[0] ?? [];
}

export class MapTiles {
  private constructor(
    private readonly index: GeoJSONVT,
    readonly layers: MapLayers,
  ) {}

  static async build(data: OpenNeighborhoodData): Promise<MapTiles> {
    const [{ default: GeoJSONVTClass }, { default: polylabel }] = await Promise.all([import('geojson-vt'), import('polylabel')]);
    const labelAt = (geometry: Polygon | MultiPolygon): Geometry => ({
      type: 'Point',
      coordinates: polylabel(mainPolygon(geometry) as [number, number][][], 0.0005),
    });
    const features: Feature<Geometry, Tags>[] = [];
    for (const n of data.neighborhoods) {
      features.push(feature(n.shape.geometry, { layer: 'neighborhoods', name: n.name, detail: '', label: false }));
      features.push(feature(labelAt(n.shape.geometry), { layer: 'neighborhoods', name: n.name, detail: '', label: true }));
    }
    for (const t of data.tracts) {
      const short = t.name.replace(/^Census tract ([^,]+),.*$/, 'Tract $1');
      features.push(feature(t.shape.geometry, { layer: 'tracts', name: t.name, detail: '', label: false }));
      features.push(feature(labelAt(t.shape.geometry), { layer: 'tracts', name: short, detail: '', label: true }));
    }
    for (const r of data.routes) {
      const geometry: Geometry = { type: 'MultiLineString', coordinates: r.lines.map((line) => line.map(position)) };
      features.push(feature(geometry, { layer: 'transit_lines', name: r.name, detail: r.mode, label: false }));
    }
    const points = (layer: MapLayerId, places: OpenNeighborhoodData['parks'], detail: (p: OpenNeighborhoodData['parks'][number]) => string) => {
      for (const p of places) features.push(feature({ type: 'Point', coordinates: position(p.location) }, { layer, name: p.name, detail: detail(p), label: false }));
    };
    points('parks', data.parks, () => '');
    points('schools', data.schools, (s) => [s.level, s.grades ? `grades ${s.grades}` : ''].filter(Boolean).join(', '));
    points('transit_stops', data.stops, () => '');

    const collection: FeatureCollection<Geometry, Tags> = { type: 'FeatureCollection', features };
    const index = new GeoJSONVTClass(collection, {
      maxZoom: tileOptions.maxZoom,
      extent: tileOptions.extent,
      buffer: tileOptions.buffer,
      tolerance: tileOptions.tolerance,
      indexMaxZoom: 8,
    });
    const layers: MapLayers = {
      layers: (Object.keys(layerInfo) as MapLayerId[]).map((id) => ({ id, ...layerInfo[id] })),
      bounds: { ...data.extent },
      minZoom: tileOptions.minZoom,
      maxZoom: tileOptions.maxZoom,
      extent: tileOptions.extent,
      // The data sets drawn (grocery stores are not on the map).
      credits: [openDataSets.neighborhoods, openDataSets.tracts, openDataSets.transit, openDataSets.parks, openDataSets.schools].map(creditOf),
      notDrawn: notDrawnNote,
    };
    return new MapTiles(index, layers);
  }

  /** The features of the given layers in one tile (none outside the data or the served zooms). */
  tile(z: number, x: number, y: number, layers: readonly MapLayerId[] = mapLayerIds): MapTile {
    const tile: MapTile = { z, x, y, layers: {} };
    if (z < tileOptions.minZoom || z > tileOptions.maxZoom) return tile;
    const found = this.index.getTile(z, x, y);
    if (!found) return tile;
    const wanted = new Set(layers);
    for (const f of found.features) {
      const tags = f.tags as unknown as Tags;
      if (!wanted.has(tags.layer)) continue;
      let parts: number[][];
      if (f.type === 1) {
        if (z < (tags.label ? labelMinZoom : (pointMinZoom[tags.layer] ?? 0))) continue;
        parts = f.geometry.map((point) => deltaEncode([point]));
      } else {
        parts = f.geometry.map((ring) => deltaEncode(ring));
      }
      const feature: MapFeature = { name: tags.name, parts };
      if (tags.detail) feature.detail = tags.detail;
      if (tags.label) feature.label = true;
      (tile.layers[tags.layer] ??= []).push(feature);
    }
    return tile;
  }
}
