import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import GoogleComparablesMap from '../src/map/GoogleComparablesMap';

/** The loader's answer for the next render (the Google script itself cannot load in a test). */
const loader = vi.hoisted(() => ({ state: { isLoaded: false, loadError: undefined as Error | undefined } }));
vi.mock('@react-google-maps/api', () => ({
  useJsApiLoader: () => loader.state,
  GoogleMap: ({ children }: { children: unknown }) => <div data-testid="google-map">{children as never}</div>,
  MarkerF: () => null,
  InfoWindowF: () => null,
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (window as { google?: unknown }).google;
});

const props = {
  apiKey: 'browser-key',
  subject: { address: '3526 High St, Sacramento, CA 95838', coordinates: { latitude: 38.631913, longitude: -121.434879 } },
  comparables: [],
  dataSource: 'Sample market data',
  fallback: <p>self-drawn map</p>,
};

describe('the Google comparables map', () => {
  it("says 'Google Maps failed to load properly' (and to check the connection when offline), showing the self-drawn map", () => {
    loader.state = { isLoaded: false, loadError: new Error('script failed') };
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    render(<GoogleComparablesMap {...props} />);
    expect(screen.getByRole('alert').textContent).toBe('Google Maps failed to load properlyPlease check your internet connection');
    expect(screen.getByText('self-drawn map')).toBeTruthy();
  });

  it("says 'Google Maps API not loaded' when the script loaded without the API", () => {
    loader.state = { isLoaded: true, loadError: undefined };
    render(<GoogleComparablesMap {...props} />);
    expect(screen.getByRole('alert').textContent).toBe('Google Maps API not loaded');
  });

  it("says 'API key appears invalid' when Google refuses the key", () => {
    loader.state = { isLoaded: false, loadError: undefined };
    render(<GoogleComparablesMap {...props} />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => window.gm_authFailure?.());
    expect(screen.getByRole('alert').textContent).toBe('API key appears invalid');
  });
});
