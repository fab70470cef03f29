import { describe, expect, it } from 'vitest';
import {
  clampZoom,
  fitBounds,
  isValidCoordinates,
  mapZoom,
  metersPerPixel,
  pixelsPerMile,
  projectMeters,
  ringDistancesMiles,
  scaleBar,
  spreadOverlapping,
  toScreen,
} from '../src/map/projection';
import { googleMapErrorMessages, mapMessages } from '../src/map/mapMessages';

const highSt = { latitude: 38.631913, longitude: -121.434879 };
const omahaCt = { latitude: 38.478902, longitude: -121.431028 };
const branchSt = { latitude: 38.618305, longitude: -121.443839 };
const viewport = { width: 720, height: 400 };

describe('coordinates', () => {
  it('needs finite numeric latitude and longitude within range', () => {
    expect(isValidCoordinates(highSt)).toBe(true);
    expect(isValidCoordinates({ latitude: 0, longitude: 0 })).toBe(true);
    for (const bad of [null, undefined, {}, { latitude: '38.6', longitude: -121.4 }, { latitude: Number.NaN, longitude: 1 }, { latitude: 91, longitude: 0 }, { latitude: 1, longitude: Infinity }]) {
      expect(isValidCoordinates(bad)).toBe(false);
    }
    expect(mapMessages.invalidCoordinates).toBe('Property coordinates not available or invalid');
  });
});

describe('the equirectangular projection', () => {
  it('measures meters east and north of the origin', () => {
    const north = projectMeters({ latitude: highSt.latitude + 0.01, longitude: highSt.longitude }, highSt);
    expect(north.x).toBeCloseTo(0, 6);
    expect(north.y).toBeCloseTo(1113.2, 0); // 0.01° of latitude
    const east = projectMeters({ latitude: highSt.latitude, longitude: highSt.longitude + 0.01 }, highSt);
    expect(east.x).toBeCloseTo(1113.2 * Math.cos((highSt.latitude * Math.PI) / 180), 0);
    expect(east.y).toBeCloseTo(0, 6);
  });

  it('puts the centre in the middle of the viewport, north up and east right', () => {
    expect(toScreen(highSt, highSt, 14, viewport)).toEqual({ x: 360, y: 200 });
    const south = toScreen(omahaCt, highSt, 14, viewport);
    expect(south.y).toBeGreaterThan(200);
    const west = toScreen(branchSt, highSt, 14, viewport);
    expect(west.x).toBeLessThan(360);
  });

  it('halves the ground resolution with each zoom level, as a web map does', () => {
    expect(metersPerPixel(14, 0)).toBeCloseTo(9.5546, 3);
    expect(metersPerPixel(15, 38.6) / metersPerPixel(14, 38.6)).toBeCloseTo(0.5, 10);
    expect(pixelsPerMile(14, 0)).toBeCloseTo(1609.344 / 9.5546, 1);
  });
});

describe('fitting the bounds', () => {
  it('uses the default zoom, 14, for the home alone', () => {
    expect(fitBounds([highSt], viewport)).toEqual({ center: highSt, zoom: mapZoom.default });
    expect(mapZoom.default).toBe(14);
  });

  it('caps the zoom at 15 when the sales are very close', () => {
    const nextDoor = { latitude: highSt.latitude + 0.0002, longitude: highSt.longitude + 0.0002 };
    expect(fitBounds([highSt, nextDoor], viewport).zoom).toBe(15);
    expect(mapZoom.maxAfterFit).toBe(15);
  });

  it('centres on the bounds and keeps every point inside the padded viewport', () => {
    const points = [highSt, omahaCt, branchSt];
    const view = fitBounds(points, viewport, 48);
    expect(view.center.latitude).toBeCloseTo((highSt.latitude + omahaCt.latitude) / 2, 9);
    expect(view.center.longitude).toBeCloseTo((branchSt.longitude + omahaCt.longitude) / 2, 9);
    for (const point of points) {
      const { x, y } = toScreen(point, view.center, view.zoom, viewport);
      expect(x).toBeGreaterThanOrEqual(48);
      expect(x).toBeLessThanOrEqual(720 - 48);
      expect(y).toBeGreaterThanOrEqual(48);
      expect(y).toBeLessThanOrEqual(400 - 48);
    }
    // ...and a quarter step more would not fit: it is the largest zoom (in quarter steps) that does.
    expect((view.zoom * 4) % 1).toBe(0);
    const tighter = points.map((point) => toScreen(point, view.center, view.zoom + 0.25, viewport));
    expect(tighter.some(({ x, y }) => x < 48 || x > 672 || y < 48 || y > 352)).toBe(true);
  });

  it('keeps manual zoom within its limits', () => {
    expect(clampZoom(25)).toBe(mapZoom.max);
    expect(clampZoom(-2)).toBe(mapZoom.min);
    expect(clampZoom(12)).toBe(12);
  });
});

describe('the scale bar', () => {
  it('shows a round distance in feet when zoomed in, in miles when zoomed out, at most maxWidth wide', () => {
    const close = scaleBar(17, highSt.latitude, 120);
    expect(close.label).toMatch(/^\d[\d,]* ft$/);
    expect(close.widthPx).toBeLessThanOrEqual(120);
    expect(close.widthPx).toBeGreaterThan(40);
    const far = scaleBar(11, highSt.latitude, 120);
    expect(far.label).toMatch(/ mi$/);
    expect(far.widthPx).toBeLessThanOrEqual(120);
    expect(far.widthPx).toBeGreaterThan(40);
  });

  it('draws the bar to scale', () => {
    const bar = scaleBar(14, highSt.latitude, 120);
    const [amount, unit] = bar.label.split(' ');
    const meters = unit === 'mi' ? Number(amount) * 1609.344 : Number(amount!.replace(',', '')) / 3.28084;
    expect(bar.widthPx * metersPerPixel(14, highSt.latitude)).toBeCloseTo(meters, 6);
  });

  it('rings the home at round distances inside the map', () => {
    const rings = ringDistancesMiles(13, highSt.latitude, viewport);
    expect(rings.length).toBeGreaterThan(0);
    expect(rings.length).toBeLessThanOrEqual(4);
    expect(rings).toEqual([...rings].sort((a, b) => a - b));
  });
});

describe('Google Maps messages', () => {
  it("uses the spec's words for every failure", () => {
    expect(googleMapErrorMessages('load-error', true)).toEqual(['Google Maps failed to load properly']);
    expect(googleMapErrorMessages('load-error', false)).toEqual(['Google Maps failed to load properly', 'Please check your internet connection']);
    expect(googleMapErrorMessages('not-loaded', true)).toEqual(['Google Maps API not loaded']);
    expect(googleMapErrorMessages('auth-failure', true)).toEqual(['API key appears invalid']);
    expect(googleMapErrorMessages('init-error', true)).toEqual(['Failed to initialize map']);
  });
});

describe('markers that would cover one another', () => {
  it('keeps the first where it is and moves the others until every pair is apart', () => {
    const points = [
      { x: 100, y: 100 },
      { x: 100, y: 100 },
      { x: 103, y: 98 },
      { x: 300, y: 200 },
    ];
    const spread = spreadOverlapping(points, 24);
    expect(spread[0]).toEqual({ x: 100, y: 100 });
    expect(spread[3]).toEqual({ x: 300, y: 200 });
    for (let i = 0; i < spread.length; i++) {
      for (let j = i + 1; j < spread.length; j++) {
        expect(Math.hypot(spread[i]!.x - spread[j]!.x, spread[i]!.y - spread[j]!.y)).toBeGreaterThanOrEqual(24);
      }
    }
    // ...and not far: within a couple of marker widths of the true place.
    expect(Math.hypot(spread[1]!.x - 100, spread[1]!.y - 100)).toBeLessThan(48);
  });
});
