import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { GoogleMap, InfoWindowF, MarkerF, useJsApiLoader } from '@react-google-maps/api';
import type { Coordinates } from '@hsa/contracts';
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

const homeIcon =
  'data:image/svg+xml;charset=UTF-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="38" viewBox="0 0 30 38"><path d="M15 37s13-12.2 13-22A13 13 0 0 0 2 15c0 9.8 13 22 13 22Z" fill="#dc2626" stroke="#fff" stroke-width="2"/><path d="M9 16.5 15 11l6 5.5V22h-4v-3.5h-4V22H9z" fill="#fff"/></svg>',
  );

const toLatLng = (c: Coordinates) => ({ lat: c.latitude, lng: c.longitude });

export interface GoogleComparablesMapProps extends ComparablesMapProps {
  apiKey: string;
  /** Shown under the error when Google Maps does not work (the self-drawn map). */
  fallback: ReactNode;
}

/**
 * The comparables map on Google Maps (when a browser key is configured): red marker for the home, blue
 * numbered markers for the sales, info windows, zoom 14, or fitted to the sales and capped at 15. Every
 * failure shows the spec's message and the self-drawn map instead.
 */
export default function GoogleComparablesMap({ apiKey, fallback, subject, comparables, dataSource, height = 380 }: GoogleComparablesMapProps) {
  const { isLoaded, loadError } = useJsApiLoader({ id: 'hsa-google-maps', googleMapsApiKey: apiKey });
  const [problem, setProblem] = useState<GoogleMapProblem | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const home = toLatLng(subject.coordinates as Coordinates);
  const placed = useMemo(
    () =>
      comparables
        .map((comparable, index) => ({ number: index + 1, comparable }))
        .filter(({ comparable }) => isValidCoordinates(comparable.coordinates)),
    [comparables],
  );

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

  const onLoad = (map: google.maps.Map) => {
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
  };

  const selectedComparable = placed.find((p) => p.comparable.id === selected);
  return (
    <div className="wz-map">
      <div className="wz-map__canvas" style={{ height }}>
        <GoogleMap
          mapContainerStyle={{ width: '100%', height: '100%' }}
          center={home}
          zoom={mapZoom.default}
          onLoad={onLoad}
          options={{ streetViewControl: false, mapTypeControl: false, fullscreenControl: false, clickableIcons: false }}
        >
          <MarkerF
            position={home}
            title={`Your property: ${subject.address}`}
            icon={{ url: homeIcon, scaledSize: new google.maps.Size(30, 38), anchor: new google.maps.Point(15, 37) }}
            zIndex={1000}
            onClick={() => setSelected('home')}
          />
          {placed.map(({ number, comparable }) => (
            <MarkerF
              key={comparable.id}
              position={toLatLng(comparable.coordinates!)}
              title={comparableMarkerLabel(number, comparable)}
              label={{ text: String(number), color: '#ffffff', fontWeight: '700', fontSize: '12px' }}
              icon={{ path: google.maps.SymbolPath.CIRCLE, scale: 12, fillColor: '#1f5eff', fillOpacity: 1, strokeColor: '#ffffff', strokeWeight: 2 }}
              onClick={() => setSelected(comparable.id)}
            />
          ))}
          {selected === 'home' ? (
            <InfoWindowF position={home} onCloseClick={() => setSelected(null)}>
              <div className="wz-popup wz-popup--google">
                <HomeDetails address={subject.address} estimatedValue={subject.estimatedValue} />
              </div>
            </InfoWindowF>
          ) : null}
          {selectedComparable ? (
            <InfoWindowF position={toLatLng(selectedComparable.comparable.coordinates!)} onCloseClick={() => setSelected(null)}>
              <div className="wz-popup wz-popup--google">
                <ComparableDetails number={selectedComparable.number} comparable={selectedComparable.comparable} />
              </div>
            </InfoWindowF>
          ) : null}
        </GoogleMap>
      </div>
      {dataSource ? <p className="wz-map__source-line">{dataSource}</p> : null}
      <MapLegend comparableCount={placed.length} />
    </div>
  );
}
