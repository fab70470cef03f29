import { Fragment } from 'react';
import type { Coordinates, MapFeature, MapLayerId, MapTile } from '@hsa/contracts';
import { toScreen, type MapView, type Point, type Viewport } from '../projection';
import { useMapLayers, useMapTiles } from './mapLayersApi';
import { layerGroups, type LayerGroup } from './layerGroups';
import { decodePart, insideRing, tilePoint, tileZoomFor, tilesCovering, worldTile, type TileAddress } from './tiles';

/**
 * The real places under the self-drawn map's markers (loaded only with the map): City of Sacramento neighborhoods
 * with their names where they cover the home (census tracts elsewhere), SacRT routes and stops, parks and schools,
 * from web-map tiles of the public data, one switch per group; and the credits of that data.
 */


const groupLabels: Record<LayerGroup, string> = {
  areas: 'Neighborhoods and census tracts',
  transit: 'SacRT routes and stops',
  parks: 'Parks',
  schools: 'Public schools',
};

interface LayerProps {
  view: MapView;
  viewport: Viewport;
  home: Coordinates;
  shown: ReadonlySet<LayerGroup>;
}

interface Placed {
  tile: TileAddress;
  feature: MapFeature;
}

/** The features of the loaded tiles, by layer. */
function byLayer(tiles: readonly (MapTile | undefined)[]): Map<MapLayerId, Placed[]> {
  const out = new Map<MapLayerId, Placed[]>();
  for (const tile of tiles) {
    if (!tile) continue;
    for (const [layer, features] of Object.entries(tile.layers) as [MapLayerId, MapFeature[]][]) {
      const list = out.get(layer) ?? [];
      for (const feature of features) list.push({ tile, feature });
      out.set(layer, list);
    }
  }
  return out;
}

/** Points near tile edges come with both tiles: each is drawn once. */
function once(points: Placed[], extent: number): Placed[] {
  const seen = new Set<string>();
  return points.filter(({ tile, feature }) => {
    const [p] = decodePart(feature.parts[0] ?? [], tile, extent);
    const key = `${feature.name}@${p ? `${p.x.toFixed(4)},${p.y.toFixed(4)}` : ''}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** Area names that would overlap one already placed are left out (about 6.5 px per character, 14 px high). */
function unclutteredLabels(labels: { name: string; at: Point }[]): { name: string; at: Point }[] {
  const placed: { left: number; right: number; top: number; bottom: number }[] = [];
  return labels.filter(({ name, at }) => {
    const half = (name.length * 6.5) / 2 + 4;
    const box = { left: at.x - half, right: at.x + half, top: at.y - 12, bottom: at.y + 4 };
    if (placed.some((b) => box.left < b.right && box.right > b.left && box.top < b.bottom && box.bottom > b.top)) return false;
    placed.push(box);
    return true;
  });
}

export function LayerTiles({ view, viewport, home, shown }: LayerProps) {
  const { data: meta } = useMapLayers();
  const z = meta ? tileZoomFor(view.zoom, meta) : null;
  const addresses = meta && z !== null ? tilesCovering(view, viewport, z, meta.bounds) : [];
  const tiles = useMapTiles(addresses);
  if (!meta || z === null) return null;
  const extent = meta.extent;
  const layers = byLayer(tiles);
  const screen = (p: { x: number; y: number }): Point => toScreen(tilePoint(p.x, p.y, z), view.center, view.zoom, viewport);
  const path = ({ tile, feature }: Placed, close: boolean) =>
    feature.parts
      .map((part) => {
        const points = decodePart(part, tile, extent).map(screen);
        return points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join('') + (close ? 'Z' : '');
      })
      .join('');
  const clipOf = (t: TileAddress) => `wz-tile-${t.z}-${t.x}-${t.y}`;

  // Neighborhood names where the City's layer covers the home, census tracts elsewhere.
  const homeAt = worldTile(home, z);
  const neighborhoods = (layers.get('neighborhoods') ?? []).filter((p) => !p.feature.label);
  const inCity = neighborhoods.some((p) => insideRing(homeAt, decodePart(p.feature.parts[0] ?? [], p.tile, extent)));
  const areaLayer: MapLayerId = inCity ? 'neighborhoods' : 'tracts';
  const areas = layers.get(areaLayer) ?? [];
  const point = (placed: Placed) => screen(decodePart(placed.feature.parts[0] ?? [], placed.tile, extent)[0] ?? { x: 0, y: 0 });

  return (
    <svg className="wz-map__layers" width={viewport.width} height={viewport.height} aria-hidden="true" focusable="false" data-testid="map-layers" data-areas={areaLayer}>
      <defs>
        {addresses.map((t) => {
          const a = screen({ x: t.x, y: t.y });
          const b = screen({ x: t.x + 1, y: t.y + 1 });
          return (
            <clipPath key={clipOf(t)} id={clipOf(t)}>
              <rect x={a.x} y={a.y} width={b.x - a.x} height={b.y - a.y} />
            </clipPath>
          );
        })}
      </defs>
      {shown.has('areas') ? (
        <g className="wz-layer wz-layer--areas" data-layer={areaLayer}>
          {areas
            .filter((p) => !p.feature.label)
            .map((p, i) => (
              <path key={i} d={path(p, true)} clipPath={`url(#${clipOf(p.tile)})`} />
            ))}
        </g>
      ) : null}
      {shown.has('transit') ? (
        <g className="wz-layer wz-layer--transit" data-layer="transit_lines">
          {(layers.get('transit_lines') ?? []).map((p, i) => (
            <path key={i} d={path(p, false)} clipPath={`url(#${clipOf(p.tile)})`} className={p.feature.detail === 'light rail' ? 'wz-layer__rail' : undefined}>
              <title>{p.feature.name}</title>
            </path>
          ))}
          {once(layers.get('transit_stops') ?? [], extent).map((p, i) => {
            const at = point(p);
            return (
              <circle key={i} cx={at.x} cy={at.y} r={2.5} className="wz-layer__stop">
                <title>{`SacRT stop: ${p.feature.name}`}</title>
              </circle>
            );
          })}
        </g>
      ) : null}
      {shown.has('parks') ? (
        <g className="wz-layer wz-layer--parks" data-layer="parks">
          {once(layers.get('parks') ?? [], extent).map((p, i) => {
            const at = point(p);
            return (
              <circle key={i} cx={at.x} cy={at.y} r={4.5}>
                <title>{`Park: ${p.feature.name}`}</title>
              </circle>
            );
          })}
        </g>
      ) : null}
      {shown.has('schools') ? (
        <g className="wz-layer wz-layer--schools" data-layer="schools">
          {once(layers.get('schools') ?? [], extent).map((p, i) => {
            const at = point(p);
            return (
              <rect key={i} x={at.x - 4} y={at.y - 4} width={8} height={8} transform={`rotate(45 ${at.x} ${at.y})`}>
                <title>{`School: ${p.feature.name}${p.feature.detail ? ` (${p.feature.detail})` : ''}`}</title>
              </rect>
            );
          })}
        </g>
      ) : null}
      {shown.has('areas') ? (
        <g className="wz-layer__labels">
          {unclutteredLabels(once(areas.filter((p) => p.feature.label), extent).map((p) => ({ name: p.feature.name, at: point(p) }))).map((label) => (
            <text key={`${label.name}@${label.at.x},${label.at.y}`} x={label.at.x} y={label.at.y} textAnchor="middle">
              {label.name}
            </text>
          ))}
        </g>
      ) : null}
    </svg>
  );
}

const swatch = (group: LayerGroup) => <span className={`wz-legend__swatch wz-legend__swatch--${group}`} aria-hidden="true" />;

/** The switches of the layer groups, the data credits, and what the offline map does not draw. */
export function LayerControls({ shown, onToggle, view, viewport }: { shown: ReadonlySet<LayerGroup>; onToggle: (group: LayerGroup) => void; view: MapView; viewport: Viewport }) {
  const { data: meta, isError } = useMapLayers();
  if (isError) return <p className="wz-map__credits">Map layers are unavailable right now.</p>;
  if (!meta) return null;
  const z = tileZoomFor(view.zoom, meta);
  const empty = z !== null && tilesCovering(view, viewport, z, meta.bounds).length === 0;
  return (
    <div className="wz-map__layer-controls">
      <fieldset className="wz-layer-switches">
        <legend>Map layers</legend>
        {layerGroups.map((group) => (
          <label key={group}>
            <input type="checkbox" checked={shown.has(group)} onChange={() => onToggle(group)} />
            {swatch(group)}
            {groupLabels[group]}
          </label>
        ))}
      </fieldset>
      {z === null ? <p className="wz-map__credits">Zoom in to see the map layers.</p> : null}
      {empty ? <p className="wz-map__credits">No map layers here: the offline map data covers the Sacramento region only.</p> : null}
      <p className="wz-map__credits" data-testid="map-credits">
        <strong>{meta.notDrawn}</strong> Map data:{' '}
        {meta.credits.map((c, i) => (
          <Fragment key={c.id}>
            {i ? '; ' : ''}
            {c.name} ({c.year}), {c.credit}
          </Fragment>
        ))}
      </p>
    </div>
  );
}
