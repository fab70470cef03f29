import { describe, expect, it } from 'vitest';
import { adjustmentSummary, comparablesDataSource, priceKindOf } from '../src/domain/comparables';
import { formatMoney, formatVariance } from '../src/domain/format';
import { comparableSale } from './comparableSale';

describe('comparables', () => {
  it('finds the data-source label of a list', () => {
    expect(comparablesDataSource([comparableSale({ id: 'a', address: 'a', dataSource: '' }), comparableSale({ id: 'b', address: 'b', dataSource: 'Sample data' })])).toBe('Sample data');
    expect(comparablesDataSource([])).toBeNull();
  });

  it('names the adjustments in the words the valuation gives them, with their amounts and notes', () => {
    const comparable = comparableSale({
      id: 'a',
      address: '51 Omaha Ct',
      adjustments: [
        { feature: 'living_area', label: 'Living area', amount: -4_200, note: 'comparable has 120 sq ft more living area (1,287 vs 1,167)' },
        { feature: 'year_built', label: 'Age', amount: 1_100, note: '' },
      ],
    });
    expect(adjustmentSummary(comparable, formatMoney)).toBe('Living area -$4,200 (comparable has 120 sq ft more living area (1,287 vs 1,167)); Age +$1,100');
  });

  it('shows every "vs. market" figure to one decimal', () => {
    expect([4.2, -3, 0, 12.345, -0.04, null].map(formatVariance)).toEqual(['+4.2%', '-3.0%', '0.0%', '+12.3%', '0.0%', '—']);
  });
});

describe('sales and listings', () => {
  it('names a set by what it holds: listings, sales, or both', () => {
    const listing = comparableSale({ id: 'l', address: '3924 High St', saleAmount: 259_000, saleDate: '2024-06-02', priceKind: 'listing' });
    const sale = comparableSale({ id: 's', address: '51 Omaha Ct', saleAmount: 68_212, saleDate: '2008-05-21' });
    expect(priceKindOf([listing])).toBe('listing');
    expect(priceKindOf([sale])).toBe('sale');
    expect(priceKindOf([listing, sale])).toBe('mixed');
    expect(priceKindOf([])).toBe('sale');
  });
});
