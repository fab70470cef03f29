import type { Property } from '@hsa/contracts';

/** A saved property as the API returns it, with the given id and address (and any other fields). */
export function property(fields: Partial<Property> & Pick<Property, 'id' | 'address'>): Property {
  return {
    userId: 'u1',
    city: 'Sacramento',
    state: 'CA',
    zipCode: '95816',
    bedrooms: 3,
    bathrooms: 2,
    squareFootage: 1840,
    yearBuilt: null,
    propertyType: 'single_family',
    additionalInfo: null,
    estimatedValue: 612000,
    estimatedValueLow: null,
    estimatedValueHigh: null,
    lotSize: null,
    coordinates: null,
    placeId: null,
    createdAt: '2026-03-05T12:00:00.000Z',
    updatedAt: '2026-03-05T12:00:00.000Z',
    archived: false,
    archivedAt: null,
    ...fields,
  };
}
