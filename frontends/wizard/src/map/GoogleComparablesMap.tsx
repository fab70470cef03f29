import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { GoogleMap, InfoWindowF, useJsApiLoader, type Libraries } from '@react-google-maps/api';
import type { Coordinates } from '@hsa/contracts';
import { priceKindOf } from '../domain/comparables';
import { AdvancedMarker } from './AdvancedMarker';
import { MapLegend } from './MapLegend';
import { ComparableDetails, HomeDetails, comparableMarkerLabel } from './MarkerDetails';
import { googleMapErrorMessages, type GoogleMapProblem } from './mapMessages';
import type { ComparablesMapProps } from './mapTypes';
import { isValidCoordinates, mapZoom } from './projection';

declare global {
  interface Window {
    /** Google Maps calls this when the key is refused. */
    gm_authFailure?: () => void;
  }
}

/** Advanced markers live in the "marker" library (a stable array: the loader compares it between renders). */
const libraries: Libraries = ['marker'];

/**
 * Google's map ID for trying advanced markers (they need a map with an ID); a deployment sets its own with
 * GOOGLE_MAPS_MAP_ID (the gateway warns when it does not).
 */
export const demoMapId = 'DEMO_MAP_ID';

const toLatLng = (c: Coordinates) => ({ lat: c.latitude, lng: c.longitude });

/** The red pin of the home (30 x 38, its point at the bottom). */
function HomePin() {
  return (
    <svg width="30" height="38" viewBox="0 0 30 38" aria-hidden="true" style={{ display: 'block', filter: 'drop-shadow(0 2px 3px rgba(15, 23, 42, 0.35))' }}>
      <path d="M15 37s13-12.2 13-22A13 13 0 0 0 2 15c0 9.8 13 22 13 22Z" fill="#dc2626" stroke="#fff" strokeWidth="2" />
      <path d="M9 16.5 15 11l6 5.5V22h-4v-3.5h-4V22H9z" fill="#fff" />
    </svg>
  );
}

/** A blue numbered disc, centred on the comparable's position. */
function NumberedPin({ number }: { number: number }) {
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: 24,
        height: 24,
        marginBottom: -12,
        border: '2px solid #fff',
        borderRadius: '50%',
        background: '#1f5eff',
        color: '#fff',
        font: '700 12px/1 system-ui, sans-serif',
        boxShadow: '0 2px 6px rgba(15, 23, 42, 0.3)',
      }}
    >
      {number}
    </span>
  );
}

export interface GoogleComparablesMapProps extends ComparablesMapProps {
  apiKey: string;
  /** The deployment's map ID (advanced markers need one); Google's DEMO_MAP_ID without it. */
  mapId?: string | undefined;
  /** Shown under the error when Google Maps does not work (the self-drawn map). */
  fallback: ReactNode;
}

/**
 * The comparables map on Google Maps (when a browser key is configured): red marker for the home, blue
 * numbered markers for the sales (advanced markers), info windows, zoom 14, or fitted to the sales and capped at
 * 15. The view is set once, when the map loads: opening a marker's details never moves it back. Every failure
 * shows the spec's message and the self-drawn map instead.
 */
export default function GoogleComparablesMap({ apiKey, mapId, fallback, subject, comparables, dataSource, height = 380 }: GoogleComparablesMapProps) {
  const id = mapId?.trim() || demoMapId;
  const { isLoaded, loadError } = useJsApiLoader({ id: 'hsa-google-maps', googleMapsApiKey: apiKey, libraries, mapIds: [id] });
  const [problem, setProblem] = useState<GoogleMapProblem | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const { latitude, longitude } = subject.coordinates as Coordinates;
  const home = useMemo(() => ({ lat: latitude, lng: longitude }), [latitude, longitude]);
  const placed = useMemo(
    () =>
      comparables
        .map((comparable, index) => ({ number: index + 1, comparable }))
        .filter(({ comparable }) => isValidCoordinates(comparable.coordinates)),
    [comparables],
  );
  // The map's initial view and settings: one object for the map's life (a new one would move the map back).
  const options = useMemo<google.maps.MapOptions>(
    () => ({
      mapId: id,
      center: home,
      zoom: mapZoom.default,
      streetViewControl: false,
      mapTypeControl: false,
      fullscreenControl: false,
      clickableIcons: false,
    }),
    [id, home],
  );
  const infoWindowOptions = useMemo(() => (isLoaded && window.google?.maps ? { pixelOffset: new google.maps.Size(0, -30) } : undefined), [isLoaded]);
  const [map, setMap] = useState<google.maps.Map | null>(null);
  // The view fits the home and its sales when the map loads and when they change; never on a click.
  const fitKey = `${home.lat},${home.lng}|${placed.map((p) => p.comparable.id).join(',')}`;
  useEffect(() => {
    if (!map) return;
    try {
      if (!placed.length) {
        map.setCenter(home);
        map.setZoom(mapZoom.default);
        return;
      }
      const bounds = new google.maps.LatLngBounds();
      bounds.extend(home);
      for (const { comparable } of placed) bounds.extend(toLatLng(comparable.coordinates!));
      map.fitBounds(bounds, 48);
      google.maps.event.addListenerOnce(map, 'idle', () => {
        const zoom = map.getZoom();
        if (zoom !== undefined && zoom > mapZoom.maxAfterFit) map.setZoom(mapZoom.maxAfterFit);
      });
    } catch {
      setProblem('init-error');
    }
    // fitKey names the home and the sales: the view is fitted again only when they change.
  }, [map, fitKey]);

  useEffect(() => {
    const previous = window.gm_authFailure;
    window.gm_authFailure = () => setProblem('auth-failure');
    return () => {
      window.gm_authFailure = previous;
    };
  }, []);

  const failure: GoogleMapProblem | null = loadError ? 'load-error' : isLoaded && !window.google?.maps ? 'not-loaded' : problem;
  if (failure) {
    const online = typeof navigator === 'undefined' || navigator.onLine !== false;
    return (
      <div className="wz-map">
        <div className="wz-map__error" role="alert">
          {googleMapErrorMessages(failure, online).map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
        {fallback}
      </div>
    );
  }
  if (!isLoaded) return <div className="wz-map__loading" style={{ height }} aria-busy="true" aria-label="Loading map" />;

  const selectedComparable = placed.find((p) => p.comparable.id === selected);
  return (
    <div className="wz-map">
      <div className="wz-map__canvas" style={{ height }}>
        <GoogleMap mapContainerStyle={{ width: '100%', height: '100%' }} options={options} onLoad={setMap} onUnmount={() => setMap(null)}>
          <AdvancedMarker position={home} title={`Your property: ${subject.address}`} zIndex={1000} onClick={() => setSelected('home')}>
            <HomePin />
          </AdvancedMarker>
          {placed.map(({ number, comparable }) => (
            <AdvancedMarker
              key={comparable.id}
              position={toLatLng(comparable.coordinates!)}
              title={comparableMarkerLabel(number, comparable)}
              zIndex={number}
              onClick={() => setSelected(comparable.id)}
            >
              <NumberedPin number={number} />
            </AdvancedMarker>
          ))}
          {selected === 'home' ? (
            <InfoWindowF position={home} options={infoWindowOptions} onCloseClick={() => setSelected(null)}>
              <div className="wz-popup wz-popup--google">
                <HomeDetails address={subject.address} estimatedValue={subject.estimatedValue} />
              </div>
            </InfoWindowF>
          ) : null}
          {selectedComparable ? (
            <InfoWindowF position={toLatLng(selectedComparable.comparable.coordinates!)} options={infoWindowOptions} onCloseClick={() => setSelected(null)}>
              <div className="wz-popup wz-popup--google">
                <ComparableDetails number={selectedComparable.number} comparable={selectedComparable.comparable} />
              </div>
            </InfoWindowF>
          ) : null}
        </GoogleMap>
      </div>
      {dataSource ? <p className="wz-map__source-line">{dataSource}</p> : null}
      <MapLegend comparableCount={placed.length} kind={priceKindOf(comparables)} />
    </div>
  );
}
