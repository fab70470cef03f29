import { describe, expect, it } from 'vitest';
import { comparablesDataSource, normaliseComparable, normaliseComparables, priceKindOf } from '../src/domain/comparables';

describe('comparable field names', () => {
  it('reads the API shape (bedrooms, bathrooms, squareFootage, saleAmount, saleDate)', () => {
    const comparable = normaliseComparable({
      id: 'sale-1',
      address: '51 Omaha Ct, Sacramento, CA 95823',
      bedrooms: 3,
      bathrooms: 1,
      squareFootage: 1167,
      saleAmount: 68_212,
      saleDate: '2008-05-21',
      pricePerSqft: 58,
      marketVariance: -4.2,
      coordinates: { latitude: 38.478902, longitude: -121.431028 },
      distanceMiles: 1.3,
      timeAdjustedPrice: 70_000,
      adjustedValue: 72_500,
      adjustments: [{ feature: 'bedrooms', amount: 2500, note: '+1 bedroom' }],
      weight: 0.2,
      dataSource: 'Sample market data: Sacramento, CA sales, May 2008',
    });
    expect(comparable).toEqual({
      id: 'sale-1',
      address: '51 Omaha Ct, Sacramento, CA 95823',
      bedrooms: 3,
      bathrooms: 1,
      squareFootage: 1167,
      salePrice: 68_212,
      saleDate: '2008-05-21',
      pricePerSqft: 58,
      marketVariance: -4.2,
      coordinates: { latitude: 38.478902, longitude: -121.431028 },
      distanceMiles: 1.3,
      adjustedValue: 72_500,
      adjustments: [{ feature: 'bedrooms', amount: 2500, note: '+1 bedroom' }],
      priceKind: 'sale',
      dataSource: 'Sample market data: Sacramento, CA sales, May 2008',
    });
  });

  it('accepts every alternative name: beds, baths, sqft, salePrice, date', () => {
    const comparable = normaliseComparable({ address: '3526 High St', beds: 2, baths: 1.5, sqft: 836, salePrice: 59_222, date: '2008-05-21' });
    expect(comparable).toMatchObject({ bedrooms: 2, bathrooms: 1.5, squareFootage: 836, salePrice: 59_222, saleDate: '2008-05-21' });
  });

  it('accepts price for the sale amount, and the time-adjusted price when there is no adjusted value', () => {
    expect(normaliseComparable({ address: '1 A St', price: 100_000, timeAdjustedPrice: 104_000 })).toMatchObject({
      salePrice: 100_000,
      adjustedValue: 104_000,
    });
  });

  it('prefers the first name of each list when several are present', () => {
    expect(normaliseComparable({ address: '1 A St', saleAmount: 1, salePrice: 2, price: 3, bedrooms: 4, beds: 5 })).toMatchObject({
      salePrice: 1,
      bedrooms: 4,
    });
  });

  it('computes the price per square foot (rounded) when it is missing', () => {
    expect(normaliseComparable({ address: '1 A St', price: 59_222, sqft: 836 })?.pricePerSqft).toBe(71);
    expect(normaliseComparable({ address: '1 A St', price: 59_222 })?.pricePerSqft).toBeNull();
  });

  it('reads numbers sent as text and coordinates as lat/lng', () => {
    expect(normaliseComparable({ address: '1 A St', price: '$250,000', beds: '3', coordinates: { lat: 38.5, lng: -121.4 } })).toMatchObject({
      salePrice: 250_000,
      bedrooms: 3,
      coordinates: { latitude: 38.5, longitude: -121.4 },
    });
    expect(normaliseComparable({ address: '1 A St', latitude: 38.5, longitude: -121.4 })?.coordinates).toEqual({ latitude: 38.5, longitude: -121.4 });
  });

  it('leaves unknown what is missing or not a number, and gives ids to those without', () => {
    const comparable = normaliseComparable({ address: '1 A St', beds: 'many', coordinates: { latitude: 'north' } }, 4);
    expect(comparable).toMatchObject({ id: 'comparable-5', bedrooms: null, salePrice: null, saleDate: null, coordinates: null, adjustments: [] });
  });

  it('drops entries without an address and answers [] for what is not a list', () => {
    expect(normaliseComparables([{ address: '1 A St' }, { price: 1 }, null, 'x'])).toHaveLength(1);
    expect(normaliseComparables({ comparables: [{ address: '1 A St' }] })).toHaveLength(1);
    expect(normaliseComparables({ message: 'nope' })).toEqual([]);
    expect(normaliseComparables(null)).toEqual([]);
  });

  it('finds the data-source label of a list', () => {
    expect(comparablesDataSource(normaliseComparables([{ address: 'a' }, { address: 'b', dataSource: 'Sample data' }]))).toBe('Sample data');
    expect(comparablesDataSource([])).toBeNull();
  });
});

describe('sales and listings', () => {
  it('keeps what a comparable is: a listing (list price, listing date) stays one, anything else is a sale', () => {
    const [listing, sale, unknown] = normaliseComparables([
      { id: 'l', address: '3924 High St', saleAmount: 259_000, saleDate: '2024-06-02', priceKind: 'listing' },
      { id: 's', address: '51 Omaha Ct', saleAmount: 68_212, saleDate: '2008-05-21', priceKind: 'sale' },
      { id: 'u', address: '2796 Branch St', price: 68_880 },
    ]);
    expect([listing!.priceKind, sale!.priceKind, unknown!.priceKind]).toEqual(['listing', 'sale', 'sale']);
    expect(priceKindOf([listing!])).toBe('listing');
    expect(priceKindOf([sale!, unknown!])).toBe('sale');
    expect(priceKindOf([listing!, sale!])).toBe('mixed');
    expect(priceKindOf([])).toBe('sale');
  });
});
