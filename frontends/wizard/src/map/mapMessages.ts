/** The map's messages (spec section 8), word for word. */
export const mapMessages = {
  invalidCoordinates: 'Property coordinates not available or invalid',
  noComparables: 'No comparable sales data available',
  loadFailed: 'Google Maps failed to load properly',
  apiNotLoaded: 'Google Maps API not loaded',
  invalidKey: 'API key appears invalid',
  initFailed: 'Failed to initialize map',
  offline: 'Please check your internet connection',
} as const;

export type GoogleMapProblem = 'load-error' | 'not-loaded' | 'auth-failure' | 'init-error';

/**
 * What to tell the visitor when Google Maps does not work. A failed script load says it failed to
 * load, adding the connection hint when the browser is offline.
 */
export function googleMapErrorMessages(problem: GoogleMapProblem, online: boolean): string[] {
  switch (problem) {
    case 'load-error':
      return online ? [mapMessages.loadFailed] : [mapMessages.loadFailed, mapMessages.offline];
    case 'not-loaded':
      return [mapMessages.apiNotLoaded];
    case 'auth-failure':
      return [mapMessages.invalidKey];
    case 'init-error':
      return [mapMessages.initFailed];
  }
}
