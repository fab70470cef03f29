import type { WizardProperty } from '../src/domain/wizardProperty';

/**
 * A draft of 3526 High St (a home of the embedded Sacramento sales data) as a lookup leaves it: its facts, an
 * estimate, no evidence. Each test states what it depends on in `fields`.
 */
export function highStDraft(fields: Partial<WizardProperty> = {}): WizardProperty {
  return {
    id: null,
    address: '3526 High St, Sacramento, CA 95838',
    city: 'Sacramento',
    state: 'CA',
    zipCode: '95838',
    bedrooms: 2,
    bathrooms: 1,
    squareFootage: 836,
    yearBuilt: null,
    propertyType: 'single_family',
    additionalInfo: null,
    estimatedValue: 151_749,
    estimatedValueLow: 120_000,
    estimatedValueHigh: 190_000,
    lotSize: null,
    coordinates: { latitude: 38.631913, longitude: -121.434879 },
    placeId: 'open-data:1',
    dataSource: 'Sample market data',
    evidence: null,
    estimateWithheld: false,
    ...fields,
  };
}
