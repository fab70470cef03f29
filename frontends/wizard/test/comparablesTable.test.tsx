import { describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { comparableSale } from './comparableSale';
import { ComparablesShortList, ComparablesTable } from '../src/components/ComparablesTable';

const listings = [
  { id: 'l1', address: '3924 High St, Sacramento, CA 95838', bedrooms: 2, bathrooms: 1, squareFootage: 796, saleAmount: 259_000, saleDate: '2024-06-02', priceKind: 'listing' as const, adjustedValue: 259_000, distanceMiles: 0.48 },
  { id: 'l2', address: '3712 Rio Linda Blvd, Sacramento, CA 95838', saleAmount: 315_000, saleDate: '', priceKind: 'listing' as const, adjustedValue: 315_000, distanceMiles: 0.39 },
].map(comparableSale);
const sales = [
  {
    id: 's1',
    address: '51 Omaha Ct, Sacramento, CA 95823',
    saleAmount: 68_212,
    saleDate: '2008-05-21',
    timeAdjustedPrice: 70_000,
    adjustedValue: 72_500,
    adjustments: [{ feature: 'living_area', label: 'Living area', amount: 2_500, note: 'comparable has 100 sq ft less living area (1,067 vs 1,167)' }],
    marketVariance: -3,
    distanceMiles: 1.3,
  },
].map(comparableSale);

describe('comparables as a table and a short list', () => {
  it('heads the columns of listings "List price" and "Listing date", an unknown date shown as a dash', () => {
    render(<ComparablesTable comparables={listings} />);
    const table = screen.getByRole('table', { name: 'Comparable listings, numbered as on the map' });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(2, 4)).toEqual(['List price', 'Listing date']);
    expect(headers).not.toContain('Sale price');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getAllByRole('cell')[1]!.textContent).toBe('$259,000');
    expect(within(rows[0]!).getAllByRole('cell')[2]!.textContent).toBe('Jun 2, 2024');
    expect(within(rows[1]!).getAllByRole('cell')[2]!.textContent).toBe('—');
  });

  it('heads recorded sales "Sale price" and "Sale date", and says which is which when a list mixes both', () => {
    render(<ComparablesTable comparables={sales} />);
    expect(within(screen.getByRole('table')).getAllByRole('columnheader').map((h) => h.textContent).slice(2, 4)).toEqual(['Sale price', 'Sale date']);
    cleanup();
    render(<ComparablesTable comparables={[...sales, ...listings]} />);
    const table = screen.getByRole('table', { name: 'Comparable sales and listings, numbered as on the map' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent).slice(2, 4)).toEqual(['Sale or list price', 'Sale or listing date']);
    const prices = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[1]!.textContent);
    expect(prices).toEqual(['$68,212 (sale price)', '$259,000 (list price)', '$315,000 (list price)']);
  });

  it("says 'Listed' before a listing's date and 'Sold' before a sale's in the short list", () => {
    render(<ComparablesShortList comparables={[...sales, listings[0]!]} />);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toContain('Sale price $68,212');
    expect(items[0]).toContain('Sold May 21, 2008');
    expect(items[1]).toContain('List price $259,000');
    expect(items[1]).toContain('Listed Jun 2, 2024');
  });

  it('names each adjustment in words and gives every "vs. market" figure one decimal', () => {
    render(<ComparablesTable comparables={[...sales, comparableSale({ id: 's2', address: '2796 Branch St, Sacramento, CA 95815', saleAmount: 68_880, marketVariance: 4.25 })]} />);
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    const adjusted = within(rows[0]!).getAllByRole('cell')[3]!;
    expect(adjusted.textContent).toContain('Living area +$2,500 (comparable has 100 sq ft less living area (1,067 vs 1,167))');
    expect(table.textContent).not.toMatch(/living_area/);
    expect(rows.map((r) => within(r).getAllByRole('cell')[7]!.textContent)).toEqual(['-3.0%', '+4.3%']);
  });

  it("shows a demo comparable (sent without what it says the home is worth) as the sale it is, a dash for its adjusted value", () => {
    const { timeAdjustedPrice: _t, adjustedValue: _a, adjustments: _j, weight: _w, ...anonymous } = sales[0]!;
    render(<ComparablesTable comparables={[anonymous]} />);
    const cells = within(screen.getByRole('table')).getAllByRole('cell');
    expect(cells[1]!.textContent).toBe('$68,212');
    expect(cells[3]!.textContent).toBe('—');
    expect(screen.getByRole('table').textContent).not.toMatch(/72,500|Living area/);
  });
});
