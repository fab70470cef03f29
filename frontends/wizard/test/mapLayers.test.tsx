import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MapLayers, MapTile } from '@hsa/contracts';
import { createQueryClient } from '@hsa/ui-kit';
import { TestProviders, installJsdomShims, jsonResponse } from '@hsa/ui-kit/testing';
import { SvgComparablesMap } from '../src/map/SvgComparablesMap';
import { decodePart, insideRing, tilePoint, tileZoomFor, tilesCovering, worldTile } from '../src/map/layers/tiles';

beforeAll(installJsdomShims);
const home = { address: '3526 High St, Sacramento, CA 95838', coordinates: { latitude: 38.631913, longitude: -121.434879 }, estimatedValue: null };
const bounds = { south: 38.197, west: -121.6, north: 39.061, east: -120.541 };

describe('tile arithmetic', () => {
  it('projects to Web Mercator tiles and back', () => {
    const w = worldTile(home.coordinates, 13);
    expect([Math.floor(w.x), Math.floor(w.y)]).toEqual([1332, 3141]);
    const back = tilePoint(w.x, w.y, 13);
    expect(back.latitude).toBeCloseTo(home.coordinates.latitude, 9);
    expect(back.longitude).toBeCloseTo(home.coordinates.longitude, 9);
  });

  it('asks tiles one zoom below the map, none when zoomed out beyond the served zooms', () => {
    expect(tileZoomFor(14, { minZoom: 9, maxZoom: 16 })).toBe(13);
    expect(tileZoomFor(14.75, { minZoom: 9, maxZoom: 16 })).toBe(13);
    expect(tileZoomFor(19, { minZoom: 9, maxZoom: 16 })).toBe(16);
    expect(tileZoomFor(9.5, { minZoom: 9, maxZoom: 16 })).toBeNull();
  });

  it('covers a view with a few tiles, and none outside the data', () => {
    const tiles = tilesCovering({ center: home.coordinates, zoom: 14 }, { width: 720, height: 400 }, 13, bounds);
    expect(tiles.length).toBeGreaterThanOrEqual(2);
    expect(tiles.length).toBeLessThanOrEqual(6);
    expect(tiles).toContainEqual({ z: 13, x: 1332, y: 3141 });
    expect(tilesCovering({ center: { latitude: 47.6, longitude: -122.3 }, zoom: 14 }, { width: 720, height: 400 }, 13, bounds)).toEqual([]);
  });

  it('decodes delta-encoded parts and tests rings', () => {
    const ring = decodePart([0, 0, 512, 0, 0, 512, -512, 0], { z: 13, x: 10, y: 20 }, 512);
    expect(ring).toEqual([{ x: 10, y: 20 }, { x: 11, y: 20 }, { x: 11, y: 21 }, { x: 10, y: 21 }]);
    expect(insideRing({ x: 10.5, y: 20.5 }, ring)).toBe(true);
    expect(insideRing({ x: 11.5, y: 20.5 }, ring)).toBe(false);
  });
});

const layers: MapLayers = {
  layers: [],
  bounds,
  minZoom: 9,
  maxZoom: 16,
  extent: 512,
  credits: [
    { id: 'sacramento-neighborhoods', name: 'Neighborhood names: City of Sacramento neighborhoods', year: '2013', credit: 'City of Sacramento' },
    { id: 'cpad-parks', name: 'Parks and open space: California Protected Areas Database', year: 'about 2015', credit: 'CPAD, GreenInfo Network' },
  ],
  notDrawn: 'Streets are not drawn in the offline map: no street data is available.',
};

/** A tile whose neighborhood square holds the home, with a park, a school, a stop and a route in it. */
function tileAround(z: number, x: number, y: number): MapTile {
  const at = worldTile(home.coordinates, z);
  const inside = Math.floor(at.x) === x && Math.floor(at.y) === y;
  if (!inside) return { z, x, y, layers: {} };
  const hx = Math.round((at.x - x) * 512);
  const hy = Math.round((at.y - y) * 512);
  const square = [hx - 100, hy - 100, 200, 0, 0, 200, -200, 0];
  return {
    z,
    x,
    y,
    layers: {
      neighborhoods: [
        { name: 'Robla', detail: 'City of Sacramento neighborhood', parts: [square] },
        { name: 'Robla', label: true, parts: [[hx, hy - 40]] },
      ],
      tracts: [{ name: 'Census tract 70.03, Sacramento County', parts: [square] }],
      transit_lines: [{ name: 'Route 15 Rio Linda', detail: 'bus', parts: [[hx - 80, hy + 10, 160, 0]] }],
      transit_stops: [{ name: 'Marysville Blvd & Grand Ave (SB)', parts: [[hx + 5, hy + 10]] }],
      parks: [{ name: 'Robla Park', parts: [[hx + 30, hy + 30]] }],
      schools: [{ name: 'Robla Elementary', detail: 'Elementary, grades K-6', parts: [[hx - 30, hy + 40]] }],
    },
  };
}

function serveMapData() {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/map/layers') return jsonResponse(200, layers);
    const tile = /^\/api\/map\/tiles\/(\d+)\/(\d+)\/(\d+)$/.exec(url);
    if (tile) return jsonResponse(200, tileAround(Number(tile[1]), Number(tile[2]), Number(tile[3])));
    return jsonResponse(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the layers under the self-drawn map', () => {
  it('draws the neighborhood around the home with its name, transit, parks and schools, from the tiles of the view only', async () => {
    const fetchMock = serveMapData();
    render(
      <TestProviders queryClient={createQueryClient()}>
        <SvgComparablesMap subject={home} comparables={[]} dataSource={null} />
      </TestProviders>,
    );
    const drawn = await screen.findByTestId('map-layers');
    await waitFor(() => expect(drawn.querySelector('.wz-layer__labels text')?.textContent).toBe('Robla'));
    expect(drawn.getAttribute('data-areas')).toBe('neighborhoods');
    expect(drawn.querySelectorAll('[data-layer="neighborhoods"] path')).toHaveLength(1);
    expect(drawn.querySelector('[data-layer="parks"] title')?.textContent).toBe('Park: Robla Park');
    expect(drawn.querySelector('[data-layer="schools"] title')?.textContent).toBe('School: Robla Elementary (Elementary, grades K-6)');
    expect(drawn.querySelector('[data-layer="transit_lines"] path title')?.textContent).toBe('Route 15 Rio Linda');
    const tileCalls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/map/tiles/'));
    expect(tileCalls.length).toBeGreaterThan(0);
    expect(tileCalls.length).toBeLessThanOrEqual(6);
    expect(tileCalls.every((url) => url.startsWith('/api/map/tiles/13/'))).toBe(true);
  });

  it('switches each layer group off and on, and shows the credits and that streets are not drawn', async () => {
    serveMapData();
    render(
      <TestProviders queryClient={createQueryClient()}>
        <SvgComparablesMap subject={home} comparables={[]} dataSource={null} />
      </TestProviders>,
    );
    const switches = await screen.findByRole('group', { name: 'Map layers' });
    const drawn = await screen.findByTestId('map-layers');
    await waitFor(() => expect(drawn.querySelector('[data-layer="parks"] circle')).not.toBeNull());
    const parks = within(switches).getByRole('checkbox', { name: 'Parks' });
    expect((parks as HTMLInputElement).checked).toBe(true);
    fireEvent.click(parks);
    expect(drawn.querySelector('[data-layer="parks"]')).toBeNull();
    fireEvent.click(within(switches).getByRole('checkbox', { name: 'Neighborhoods and census tracts' }));
    expect(drawn.querySelector('.wz-layer__labels')).toBeNull();
    fireEvent.click(parks);
    expect(drawn.querySelector('[data-layer="parks"] circle')).not.toBeNull();
    const credits = screen.getByTestId('map-credits').textContent!;
    expect(credits).toContain('Streets are not drawn in the offline map');
    expect(credits).toContain('Neighborhood names: City of Sacramento neighborhoods (2013), City of Sacramento');
    expect(credits).toContain('(about 2015), CPAD, GreenInfo Network');
  });

  it('draws census tracts where the City layer does not cover the home', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/map/layers') return jsonResponse(200, layers);
      const [z, x, y] = url.split('/').slice(-3).map(Number) as [number, number, number];
      const tile = tileAround(z, x, y);
      delete tile.layers.neighborhoods;
      return jsonResponse(200, tile);
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <TestProviders queryClient={createQueryClient()}>
        <SvgComparablesMap subject={home} comparables={[]} dataSource={null} />
      </TestProviders>,
    );
    const drawn = await screen.findByTestId('map-layers');
    await waitFor(() => expect(drawn.getAttribute('data-areas')).toBe('tracts'));
    await waitFor(() => expect(drawn.querySelectorAll('[data-layer="tracts"] path')).toHaveLength(1));
  });
});
