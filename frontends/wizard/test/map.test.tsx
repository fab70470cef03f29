import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createQueryClient } from '@hsa/ui-kit';
import { TestProviders, installJsdomShims, jsonResponse } from '@hsa/ui-kit/testing';
import { comparableSale } from './comparableSale';
import { ComparablesMap } from '../src/map/ComparablesMap';
import { SvgComparablesMap } from '../src/map/SvgComparablesMap';

beforeAll(installJsdomShims);
const home = { address: '3526 High St, Sacramento, CA 95838', coordinates: { latitude: 38.631913, longitude: -121.434879 }, estimatedValue: 151_749 };
const comparables = [
  { id: 'a', address: '3924 High St, Sacramento, CA 95838', bedrooms: 3, bathrooms: 1, squareFootage: 1100, saleAmount: 88_000, saleDate: '2008-05-20', coordinates: { latitude: 38.6336, longitude: -121.4301 }, distanceMiles: 0.3 },
  { id: 'b', address: '2796 Branch St, Sacramento, CA 95815', bedrooms: 2, bathrooms: 1, squareFootage: 796, saleAmount: 68_880, saleDate: '2008-05-21', coordinates: { latitude: 38.618305, longitude: -121.443839 }, distanceMiles: 1.1 },
  { id: 'c', address: 'No Coordinates Rd', saleAmount: 1 },
].map(comparableSale);

function renderWithProviders(children: React.ReactNode) {
  render(<TestProviders queryClient={createQueryClient()}>{children}</TestProviders>);
}

describe('the self-drawn comparables map', () => {
  beforeEach(() => {
    // The map's layers ask for public map data; these tests are about the markers (the layers have their own).
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(503, { message: 'unavailable' })));
  });

  it('draws the home and each placeable sale as labelled, focusable markers with the legend, scale and data source', () => {
    renderWithProviders(<SvgComparablesMap subject={home} comparables={comparables} dataSource="Sample market data: Sacramento, CA sales, May 2008" />);
    const map = screen.getByRole('group', { name: /^Map of your property and 2 comparable sales/ });
    expect(within(map).getByRole('button', { name: 'Your property: 3526 High St, Sacramento, CA 95838' })).toBeTruthy();
    expect(within(map).getByRole('button', { name: 'Comparable sale 1: 3924 High St, Sacramento, CA 95838, sold for $88,000' })).toBeTruthy();
    expect(within(map).getByRole('button', { name: 'Comparable sale 2: 2796 Branch St, Sacramento, CA 95815, sold for $68,880' })).toBeTruthy();
    expect(within(map).queryByRole('button', { name: /No Coordinates Rd/ })).toBeNull();
    expect(map.textContent).toContain('Sample market data: Sacramento, CA sales, May 2008');
    expect(within(map).getByRole('img', { name: /^Scale: [\d.,]+ (mi|ft)$/ })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Map legend' }).textContent).toBe('Your property1Comparable sales (2)');
  });

  it('opens an info popup from a marker and closes it with Escape, back on the marker', () => {
    renderWithProviders(<SvgComparablesMap subject={home} comparables={comparables} dataSource={null} />);
    const marker = screen.getByRole('button', { name: /^Comparable sale 2: / });
    fireEvent.click(marker);
    const popup = screen.getByRole('dialog');
    expect(popup.textContent).toContain('Comparable sale 2');
    expect(popup.textContent).toContain('Sold for $68,880 on May 21, 2008');
    expect(popup.textContent).toContain('2 bd · 1 ba · 796 sq ft');
    expect(marker.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(within(popup).getByRole('button', { name: 'Close details' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(marker);

    fireEvent.click(screen.getByRole('button', { name: /^Your property/ }));
    expect(screen.getByRole('dialog').textContent).toContain('Estimated value $151,749');
  });

  it("names a listing-based provider's comparables as listings: list price and listing date", () => {
    const listings = [
      { id: 'l1', address: '3924 High St, Sacramento, CA 95838', bedrooms: 2, bathrooms: 1, squareFootage: 796, saleAmount: 259_000, saleDate: '2024-06-02', priceKind: 'listing' as const, coordinates: { latitude: 38.638797, longitude: -121.435049 }, distanceMiles: 0.48 },
      { id: 'l2', address: '3104 Clay St, Sacramento, CA 95815', saleAmount: 285_000, saleDate: '', priceKind: 'listing' as const, coordinates: { latitude: 38.62391, longitude: -121.439208 }, distanceMiles: 0.6 },
    ].map(comparableSale);
    renderWithProviders(<SvgComparablesMap subject={home} comparables={listings} dataSource="RentCast property records and value estimates" />);
    expect(screen.getByRole('group', { name: /^Map of your property and 2 comparable listings/ })).toBeTruthy();
    const marker = screen.getByRole('button', { name: 'Comparable listing 1: 3924 High St, Sacramento, CA 95838, listed at $259,000' });
    fireEvent.click(marker);
    const popup = screen.getByRole('dialog');
    expect(popup.textContent).toContain('Comparable listing 1');
    expect(popup.textContent).toContain('Listed at $259,000 on Jun 2, 2024');
    expect(popup.textContent).not.toMatch(/sold/i);
    expect(screen.getByRole('list', { name: 'Map legend' }).textContent).toBe('Your property1Comparable listings (2)');
  });

  it('zooms in and out with its buttons, changing the scale', () => {
    renderWithProviders(<SvgComparablesMap subject={home} comparables={comparables} dataSource={null} />);
    const scale = () => screen.getByRole('img', { name: /^Scale: / }).getAttribute('aria-label');
    const before = scale();
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    const zoomedOut = scale();
    expect(zoomedOut).not.toBe(before);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(scale()).toBe(before);
  });
});

describe('ComparablesMap', () => {
  it("says 'Property coordinates not available or invalid' without valid coordinates", () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, {})));
    renderWithProviders(<ComparablesMap subject={{ address: 'x', coordinates: { latitude: Number.NaN, longitude: 1 } }} comparables={[]} dataSource={null} />);
    expect(screen.getByText('Property coordinates not available or invalid')).toBeTruthy();
  });

  it('draws its own map when /api/config has no Google key (or is missing)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(404, { message: 'Not found' })));
    renderWithProviders(<ComparablesMap subject={home} comparables={comparables} dataSource={null} />);
    expect(await screen.findByRole('group', { name: /^Map of your property/ })).toBeTruthy();
  });
});
