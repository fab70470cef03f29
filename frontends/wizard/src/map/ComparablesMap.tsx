import { Suspense, lazy } from 'react';
import { useRuntimeConfig } from '../api/runtimeConfig';
import { mapMessages } from './mapMessages';
import type { ComparablesMapProps } from './mapTypes';
import { isValidCoordinates } from './projection';
import { SvgComparablesMap } from './SvgComparablesMap';

// Only deployments with a Google key download the Google Maps bindings.
const GoogleComparablesMap = lazy(() => import('./GoogleComparablesMap'));

function MapPlaceholder({ height }: { height: number }) {
  return <div className="wz-map__loading" style={{ height }} aria-busy="true" aria-label="Loading map" />;
}

/**
 * The map of the home and its comparable sales: Google Maps when the deployment has a browser key
 * (GET /api/config), else the self-drawn map. Without valid coordinates: the spec's message.
 */
export function ComparablesMap(props: ComparablesMapProps) {
  const { config, isLoading } = useRuntimeConfig();
  const height = props.height ?? 380;
  if (!isValidCoordinates(props.subject.coordinates)) {
    return (
      <div className="wz-map__message" role="note">
        {mapMessages.invalidCoordinates}
      </div>
    );
  }
  if (isLoading) return <MapPlaceholder height={height} />;
  if (!config.googleMapsApiKey) return <SvgComparablesMap {...props} />;
  return (
    <Suspense fallback={<MapPlaceholder height={height} />}>
      <GoogleComparablesMap {...props} apiKey={config.googleMapsApiKey} mapId={config.googleMapsMapId} fallback={<SvgComparablesMap {...props} />} />
    </Suspense>
  );
}
