import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import GoogleComparablesMap, { demoMapId } from '../src/map/GoogleComparablesMap';
import { comparableSale } from './comparableSale';

/**
 * The Google map runs @react-google-maps/api's real GoogleMap over a stand-in for the Maps JavaScript API (the
 * script itself cannot load in a test): only the loader's answer and the info window are replaced. The stand-in
 * records what the map was told, so a test sees whether the view moves.
 */
const loader = vi.hoisted(() => ({ state: { isLoaded: false, loadError: undefined as Error | undefined }, options: [] as unknown[] }));
vi.mock('@react-google-maps/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@react-google-maps/api')>()),
  useJsApiLoader: (options: unknown) => {
    loader.options.push(options);
    return loader.state;
  },
  InfoWindowF: ({ children }: { children: unknown }) => <div role="dialog">{children as never}</div>,
}));

interface Call {
  fn: string;
  args: unknown[];
}

class FakeMarker {
  readonly listeners = new Map<string, () => void>();
  map: unknown;
  position: unknown;
  title = '';
  content: HTMLElement | null = null;
  zIndex: number | null = null;
  constructor(options: Record<string, unknown>) {
    Object.assign(this, options);
    fake.markers.push(this);
  }
  addListener(event: string, handler: () => void) {
    this.listeners.set(event, handler);
    return { remove: () => this.listeners.delete(event) };
  }
}

const fake = { calls: [] as Call[], markers: [] as FakeMarker[] };

/** google.maps as the map uses it: Map, LatLngBounds, Size, event and marker.AdvancedMarkerElement (no legacy Marker). */
function installGoogleMaps() {
  fake.calls = [];
  fake.markers = [];
  const record = (fn: string) => (...args: unknown[]) => void fake.calls.push({ fn, args });
  class FakeMap {
    constructor(_div: HTMLElement, options: unknown) {
      fake.calls.push({ fn: 'new Map', args: [options] });
    }
    setOptions = record('setOptions');
    setCenter = record('setCenter');
    setZoom = record('setZoom');
    fitBounds = record('fitBounds');
    panTo = record('panTo');
    getZoom = () => 17;
  }
  class FakeBounds {
    readonly points: unknown[] = [];
    extend(point: unknown) {
      this.points.push(point);
      return this;
    }
  }
  (window as unknown as { google: unknown }).google = {
    maps: {
      Map: FakeMap,
      LatLngBounds: FakeBounds,
      Size: class {
        constructor(
          readonly width: number,
          readonly height: number,
        ) {}
      },
      event: {
        addListenerOnce: (_target: unknown, _event: string, handler: () => void) => {
          handler();
          return { remove() {} };
        },
        addListener: () => ({ remove() {} }),
        removeListener: () => undefined,
      },
      marker: { AdvancedMarkerElement: FakeMarker },
    },
  };
}

afterEach(() => {
  loader.options.length = 0;
  delete (window as { google?: unknown }).google;
});
const props = {
  apiKey: 'browser-key',
  subject: { address: '3526 High St, Sacramento, CA 95838', coordinates: { latitude: 38.631913, longitude: -121.434879 }, estimatedValue: 268_000 },
  comparables: [],
  dataSource: 'Sample market data',
  fallback: <p>self-drawn map</p>,
};

const comparables = [
  { id: 'a', address: '3924 High St, Sacramento, CA 95838', saleAmount: 259_000, saleDate: '2024-06-02', priceKind: 'listing' as const, coordinates: { latitude: 38.638797, longitude: -121.435049 } },
  { id: 'b', address: '3104 Clay St, Sacramento, CA 95815', saleAmount: 285_000, saleDate: '2024-08-09', priceKind: 'listing' as const, coordinates: { latitude: 38.62391, longitude: -121.439208 } },
].map(comparableSale);

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

  it('draws advanced markers (the marker library, a map ID), fits the view once, and a marker click does not move it back', () => {
    installGoogleMaps();
    loader.state = { isLoaded: true, loadError: undefined };
    const { rerender } = render(<GoogleComparablesMap {...props} comparables={comparables} mapId="8e0a97af9386fef" />);

    expect(loader.options.at(-1)).toMatchObject({ googleMapsApiKey: 'browser-key', libraries: ['marker'], mapIds: ['8e0a97af9386fef'] });
    const [created] = fake.calls;
    expect(created).toEqual({
      fn: 'new Map',
      args: [expect.objectContaining({ mapId: '8e0a97af9386fef', center: { lat: 38.631913, lng: -121.434879 }, zoom: 14 })],
    });
    // Advanced markers: the home and each comparable, on the map, named for screen readers.
    expect(fake.markers.map((m) => m.title)).toEqual([
      'Your property: 3526 High St, Sacramento, CA 95838',
      'Comparable listing 1: 3924 High St, Sacramento, CA 95838, listed at $259,000',
      'Comparable listing 2: 3104 Clay St, Sacramento, CA 95815, listed at $285,000',
    ]);
    expect(fake.markers.every((m) => m.map && m.content instanceof HTMLElement)).toBe(true);
    expect(fake.markers[1]!.content!.textContent).toBe('1');
    expect(fake.markers[0]!.zIndex).toBe(1000);
    // The view: fitted to the home and its sales, capped at zoom 15.
    expect(fake.calls.filter((c) => c.fn === 'fitBounds')).toHaveLength(1);
    expect(fake.calls.find((c) => c.fn === 'setZoom')?.args).toEqual([15]);
    const afterLoad = fake.calls.length;

    // Opening a comparable's details and the home's, and the parent drawing again: the map is not told anything.
    act(() => fake.markers[2]!.listeners.get('click')!());
    expect(screen.getByRole('dialog').textContent).toContain('Listed at $285,000 on Aug 9, 2024');
    act(() => fake.markers[0]!.listeners.get('click')!());
    expect(screen.getByRole('dialog').textContent).toContain('Estimated value $268,000');
    rerender(<GoogleComparablesMap {...props} comparables={comparables} mapId="8e0a97af9386fef" />);
    expect(fake.calls.slice(afterLoad)).toEqual([]);
    expect(fake.markers).toHaveLength(3);

    // New comparables (the list loads after the map): the view is fitted again, once.
    rerender(<GoogleComparablesMap {...props} comparables={comparables.slice(0, 1)} mapId="8e0a97af9386fef" />);
    expect(fake.calls.slice(afterLoad).map((c) => c.fn)).toEqual(['fitBounds', 'setZoom']);
    expect(fake.markers.filter((m) => m.map)).toHaveLength(2);
  });

  it("uses Google's DEMO_MAP_ID when the deployment has no map ID", () => {
    installGoogleMaps();
    loader.state = { isLoaded: true, loadError: undefined };
    render(<GoogleComparablesMap {...props} />);
    expect(demoMapId).toBe('DEMO_MAP_ID');
    expect(loader.options.at(-1)).toMatchObject({ mapIds: ['DEMO_MAP_ID'] });
    expect(fake.calls[0]!.args[0]).toMatchObject({ mapId: 'DEMO_MAP_ID' });
    // No comparables: centred on the home at the default zoom.
    expect(fake.calls.filter((c) => c.fn !== 'new Map' && c.fn !== 'setOptions').map((c) => [c.fn, c.args])).toEqual([
      ['setCenter', [{ lat: 38.631913, lng: -121.434879 }]],
      ['setZoom', [14]],
    ]);
  });
});
