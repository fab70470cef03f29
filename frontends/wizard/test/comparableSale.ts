import type { ComparableSale } from '@hsa/contracts';

/** A comparable sale in the API's shape (the contract's one shape), unknown facts null unless given. */
export function comparableSale(fields: Partial<ComparableSale> & Pick<ComparableSale, 'id' | 'address'>): ComparableSale {
  return {
    bedrooms: null,
    bathrooms: null,
    squareFootage: null,
    saleAmount: 0,
    saleDate: '',
    pricePerSqft: null,
    marketVariance: null,
    coordinates: null,
    distanceMiles: 0.5,
    timeAdjustedPrice: fields.saleAmount ?? 0,
    adjustedValue: fields.saleAmount ?? 0,
    adjustments: [],
    weight: 0,
    propertyType: null,
    yearBuilt: null,
    lotSize: null,
    priceKind: 'sale',
    dataSource: 'Sample market data: Sacramento, CA sales, May 2008',
    ...fields,
  };
}
