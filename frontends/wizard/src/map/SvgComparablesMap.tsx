import { Suspense, lazy, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { Coordinates } from '@hsa/contracts';
import { priceKindOf, priceWords } from '../domain/comparables';
import { MapLegend } from './MapLegend';
import { ComparableDetails, HomeDetails, comparableMarkerLabel } from './MarkerDetails';
import type { ComparablesMapProps, NumberedComparable } from './mapTypes';
import { layerGroups, type LayerGroup } from './layers/layerGroups';
import {
  clampZoom,
  fitBounds,
  isValidCoordinates,
  mapZoom,
  pixelsPerMile,
  ringDistancesMiles,
  scaleBar,
  spreadOverlapping,
  toScreen,
  type MapView,
  type Point,
} from './projection';

// The real places under the markers come in their own chunk, with their data, once the map is on screen.
const LayerTiles = lazy(() => import('./layers/MapLayers').then((m) => ({ default: m.LayerTiles })));
const LayerControls = lazy(() => import('./layers/MapLayers').then((m) => ({ default: m.LayerControls })));

const defaultWidth = 720;
const markerMargin = 14;
const popupWidth = 250;

/** Tracks an element's width (the map is as wide as its card). */
function useWidth(): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(defaultWidth);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.round(element.getBoundingClientRect().width) || defaultWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

type Selected = { kind: 'home' } | { kind: 'comparable'; id: string } | null;

/**
 * The embedded default map: no key, the home and its comparable sales drawn by their coordinates
 * (equirectangular projection around the home) over real places of the public data (neighborhoods or census
 * tracts, SacRT, parks, schools: switchable layers, loaded per view), fitted to show them all (zoom at most 15),
 * with zoom buttons, distance rings, a scale bar, the data-source label and the data credits. Markers are
 * buttons (so keyboard and screen reader users reach every sale) that open an info popup.
 */
export function SvgComparablesMap({ subject, comparables, dataSource, height = 380 }: ComparablesMapProps) {
  const titleId = useId();
  const [containerRef, width] = useWidth();
  const viewport = useMemo(() => ({ width, height }), [width, height]);
  const { latitude, longitude } = subject.coordinates as Coordinates;
  const home = useMemo(() => ({ latitude, longitude }), [latitude, longitude]);
  const kind = priceKindOf(comparables);
  const placed: NumberedComparable[] = useMemo(
    () =>
      comparables
        .map((comparable, index) => ({ number: index + 1, comparable }))
        .filter(({ comparable }) => isValidCoordinates(comparable.coordinates)),
    [comparables],
  );
  const fitted = useMemo<MapView>(
    () => (placed.length ? fitBounds([home, ...placed.map((p) => p.comparable.coordinates!)], viewport) : { center: home, zoom: mapZoom.default }),
    [home, placed, viewport],
  );
  // Zooming by hand is relative to the fitted view, and starts over when the fit changes.
  const [zoomOffset, setZoomOffset] = useState(0);
  const fitKey = `${fitted.center.latitude},${fitted.center.longitude},${fitted.zoom}`;
  useEffect(() => setZoomOffset(0), [fitKey]);
  const view = { center: fitted.center, zoom: clampZoom(fitted.zoom + zoomOffset) };
  const [selected, setSelected] = useState<Selected>(null);
  const [shownLayers, setShownLayers] = useState<ReadonlySet<LayerGroup>>(() => new Set(layerGroups));
  const toggleLayer = (group: LayerGroup) =>
    setShownLayers((current) => {
      const next = new Set(current);
      if (!next.delete(group)) next.add(group);
      return next;
    });
  const markerRefs = useRef(new Map<string, HTMLButtonElement>());

  const screen = (point: Coordinates): Point => toScreen(point, view.center, view.zoom, viewport);
  const visible = (p: Point) => p.x >= markerMargin && p.x <= width - markerMargin && p.y >= markerMargin && p.y <= height - markerMargin;
  const homePoint = screen(home);
  // Where each marker is drawn: at its coordinates, nudged apart where markers would cover one another.
  // (The home's pin stands above its point: its body, 20 px up, is what others must not cover.)
  const drawn = spreadOverlapping([{ x: homePoint.x, y: homePoint.y - 20 }, ...placed.map((p) => screen(p.comparable.coordinates!))]);
  const drawnAt = new Map(placed.map((p, index) => [p.comparable.id, drawn[index + 1]!]));
  const scale = scaleBar(view.zoom, view.center.latitude);
  const ringPixels = pixelsPerMile(view.zoom, view.center.latitude);
  const rings = ringDistancesMiles(view.zoom, view.center.latitude, viewport);

  const close = () => {
    const key = selected?.kind === 'home' ? 'home' : selected?.kind === 'comparable' ? selected.id : null;
    setSelected(null);
    if (key) markerRefs.current.get(key)?.focus();
  };
  const onPopupKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };
  const toggle = (next: Exclude<Selected, null>) =>
    setSelected((current) =>
      current && current.kind === next.kind && (current.kind === 'home' || (next.kind === 'comparable' && current.id === next.id)) ? null : next,
    );

  const selectedPoint: Point | null =
    selected?.kind === 'home'
      ? homePoint
      : selected?.kind === 'comparable'
        ? (drawnAt.get(selected.id) ?? null)
        : null;
  const selectedComparable = selected?.kind === 'comparable' ? placed.find((p) => p.comparable.id === selected.id) : undefined;

  let popup: ReactNode = null;
  if (selected && selectedPoint && visible(selectedPoint)) {
    const left = Math.min(Math.max(8, selectedPoint.x - popupWidth / 2), Math.max(8, width - popupWidth - 8));
    const below = selectedPoint.y < 170;
    popup = (
      <div
        className="wz-popup"
        role="dialog"
        aria-labelledby={`${titleId}-popup`}
        style={{ left, width: Math.min(popupWidth, width - 16), ...(below ? { top: selectedPoint.y + 22 } : { bottom: height - selectedPoint.y + 34 }) }}
        onKeyDown={onPopupKeyDown}
      >
        <div id={`${titleId}-popup`}>
          {selected.kind === 'home' ? (
            <HomeDetails address={subject.address} estimatedValue={subject.estimatedValue} />
          ) : selectedComparable ? (
            <ComparableDetails number={selectedComparable.number} comparable={selectedComparable.comparable} />
          ) : null}
        </div>
        <button type="button" className="wz-popup__close" aria-label="Close details" onClick={close}>
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
            <path d="M3 3l8 8M11 3l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    );
  }

  const markerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && selected) {
      event.preventDefault();
      setSelected(null);
    }
  };

  return (
    <div className="wz-map">
      <div
        ref={containerRef}
        className="wz-map__canvas"
        style={{ height }}
        role="group"
        aria-labelledby={titleId}
      >
        <span id={titleId} className="visually-hidden">
          {`Map of your property and ${placed.length} comparable ${placed.length === 1 ? priceWords[kind].singular : priceWords[kind].plural}, positioned by their coordinates`}
        </span>
        <svg className="wz-map__backdrop" width={width} height={height} aria-hidden="true" focusable="false">
          <rect width={width} height={height} fill="#f1f5fa" />
          {rings.map((miles) => (
            <g key={miles}>
              <circle cx={homePoint.x} cy={homePoint.y} r={miles * ringPixels} fill="none" stroke="#b9c6da" strokeDasharray="4 5" />
              <text x={homePoint.x + 6} y={homePoint.y - miles * ringPixels - 5} className="wz-map__ring-label">
                {miles} mi
              </text>
            </g>
          ))}
        </svg>
        <Suspense fallback={null}>
          <LayerTiles view={view} viewport={viewport} home={home} shown={shownLayers} />
        </Suspense>

        {placed.map(({ number, comparable }) => {
          const point = drawnAt.get(comparable.id)!;
          if (!visible(point)) return null;
          const active = selected?.kind === 'comparable' && selected.id === comparable.id;
          return (
            <button
              key={comparable.id}
              ref={(element) => {
                if (element) markerRefs.current.set(comparable.id, element);
                else markerRefs.current.delete(comparable.id);
              }}
              type="button"
              className={active ? 'wz-marker wz-marker--comp wz-marker--active' : 'wz-marker wz-marker--comp'}
              style={{ left: point.x, top: point.y }}
              aria-label={comparableMarkerLabel(number, comparable)}
              aria-expanded={active}
              onClick={() => toggle({ kind: 'comparable', id: comparable.id })}
              onKeyDown={markerKeyDown}
            >
              <span aria-hidden="true">{number}</span>
            </button>
          );
        })}

        {visible(homePoint) ? (
          <button
            ref={(element) => {
              if (element) markerRefs.current.set('home', element);
              else markerRefs.current.delete('home');
            }}
            type="button"
            className={selected?.kind === 'home' ? 'wz-marker wz-marker--home wz-marker--active' : 'wz-marker wz-marker--home'}
            style={{ left: homePoint.x, top: homePoint.y }}
            aria-label={`Your property: ${subject.address}`}
            aria-expanded={selected?.kind === 'home'}
            onClick={() => toggle({ kind: 'home' })}
            onKeyDown={markerKeyDown}
          >
            <svg width="30" height="38" viewBox="0 0 30 38" aria-hidden="true" focusable="false">
              <path d="M15 37s13-12.2 13-22A13 13 0 0 0 2 15c0 9.8 13 22 13 22Z" fill="#dc2626" stroke="#fff" strokeWidth="2" />
              <path d="M9 16.5 15 11l6 5.5V22h-4v-3.5h-4V22H9z" fill="#fff" />
            </svg>
          </button>
        ) : null}

        {popup}

        <div className="wz-map__zoom" role="group" aria-label="Zoom">
          <button type="button" aria-label="Zoom in" disabled={view.zoom >= mapZoom.max} onClick={() => setZoomOffset((z) => z + 1)}>
            <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
              <path d="M7 2v10M2 7h10" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
          <button type="button" aria-label="Zoom out" disabled={view.zoom <= mapZoom.min} onClick={() => setZoomOffset((z) => z - 1)}>
            <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
              <path d="M2 7h10" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <span className="wz-map__north" aria-hidden="true">
          N
        </span>
        <div className="wz-map__footer">
          <span className="wz-map__source">{dataSource ?? 'Positions from public sale records'}</span>
          <span className="wz-map__scale" aria-label={`Scale: ${scale.label}`} role="img">
            <span className="wz-map__scale-bar" style={{ width: scale.widthPx }} />
            <span aria-hidden="true">{scale.label}</span>
          </span>
        </div>
      </div>
      <MapLegend comparableCount={placed.length} kind={kind} />
      <Suspense fallback={null}>
        <LayerControls shown={shownLayers} onToggle={toggleLayer} view={view} viewport={viewport} />
      </Suspense>
    </div>
  );
}
