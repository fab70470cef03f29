import path from 'node:path';
import { propertyTypes, type PropertyType } from '@hsa/contracts';
import { createLogger, type Logger } from '@hsa/service-kit';
import { loadCostVsValue } from '../src/service';
import type { GenerationInput, HomeFacts, PhotoRoomType } from '../src';

export const costVsValuePath = path.resolve(__dirname, '../../../../shared/data/cost-vs-value.md');
export const reference = () => loadCostVsValue(costVsValuePath);
export const testLogger = (): Logger => createLogger('ai-test', process.env.LOG_LEVEL ?? 'silent');
export const nationalPrice = { medianPrice: 407_500, label: 'US median existing-home sale price, 2024 (NAR)' };
export const settings = { referenceHomeSqft: 2000, maxRecommendations: 10, nationalPrice, currentYear: 2026 };

/** A small deterministic generator for test data (independent of the code under test). */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const ownerNotes = [
  null,
  null,
  'New roof in 2021.',
  'Hardwood floors throughout; two-car garage.',
  'Backyard with a pool and a covered patio.',
  'Quiet cul-de-sac near Elm Park.',
  'Updated kitchen with quartz counters and stainless appliances. Fireplace in the living room.',
  'Solar panels installed 2019, owned outright.',
  'Corner lot',
  'The seller has loved this home for 22 years and has kept it in excellent shape, with regular maintenance on every system, fresh paint in 2023 and a water heater replaced last spring. It is a wonderful place to raise a family and the neighbors are lovely. Everything works, the house has been well cared for and it is ready for a new family to enjoy it for many years to come.',
];
const streets = ['Capitol Ave', 'High St', 'Elm Ct', 'Oak Grove Way', 'Riverside Blvd', 'J St'];
const cities: [string, string, string][] = [
  ['Sacramento', 'CA', '95816'],
  ['Seattle', 'WA', '98103'],
  ['Elk Grove', 'CA', '95758'],
  ['Austin', 'TX', '78704'],
];
const roomTypes: PhotoRoomType[] = ['living_room', 'kitchen', 'master_bedroom', 'bedroom', 'bathroom', 'dining_room', 'exterior', 'garage', 'basement'];

/** A varied home: some with every fact, some with only the required ones. */
export function randomHome(r: () => number, index: number): GenerationInput {
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const [city, state, zip] = cities[int(0, cities.length - 1)]!;
  const sparse = r() < 0.25;
  const value = int(90, 2500) * 1000;
  const facts: HomeFacts = {
    address: `${int(1, 9999)} ${streets[int(0, streets.length - 1)]}, ${city}, ${state} ${zip}`,
    city,
    state,
    zipCode: zip,
    bedrooms: int(1, 6),
    bathrooms: int(2, 9) / 2,
    squareFootage: int(450, 6000),
    yearBuilt: sparse || r() < 0.2 ? null : int(1900, 2025),
    propertyType: propertyTypes[int(0, propertyTypes.length - 1)] as PropertyType,
    additionalInfo: sparse ? null : ownerNotes[int(0, ownerNotes.length - 1)]!,
    estimatedValue: sparse ? null : value,
    estimatedValueLow: sparse ? null : Math.round(value * 0.9),
    estimatedValueHigh: sparse ? null : Math.round(value * 1.1),
    lotSize: sparse || r() < 0.3 ? null : int(800, 90_000),
  };
  const photoRoomTypes = sparse ? [] : roomTypes.filter(() => r() < 0.3);
  return {
    propertyId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    facts,
    comparables: null,
    photoRoomTypes,
  };
}

/** A fixed, complete home used where a test needs one. */
export function capitolAve(overrides: Partial<HomeFacts> = {}): GenerationInput {
  return {
    propertyId: '6f1c2a7e-1b2c-4d5e-8f90-123456789abc',
    facts: {
      address: '2418 Capitol Ave, Sacramento, CA 95816',
      city: 'Sacramento',
      state: 'CA',
      zipCode: '95816',
      bedrooms: 3,
      bathrooms: 2.5,
      squareFootage: 1850,
      yearBuilt: 1978,
      propertyType: 'single_family',
      additionalInfo: 'New roof in 2021',
      estimatedValue: 512_000,
      estimatedValueLow: 486_000,
      estimatedValueHigh: 538_000,
      lotSize: 6534,
      ...overrides,
    },
    comparables: {
      count: 10,
      medianSalePrice: 245_000,
      medianPricePerSqft: 162,
      medianTimeAdjustedPrice: 470_000,
      earliestSaleDate: '2008-05-15',
      latestSaleDate: '2008-05-21',
      maxDistanceMiles: 1.4,
      dataSource: 'Sample market data: Sacramento, CA sales, May 2008',
    },
    photoRoomTypes: ['kitchen', 'garage'],
  };
}
