import { resolve } from 'node:path';
import type { Sale } from '../../src/domain/avm/types';
import { seededRandom } from '../../src/domain/avm/random';

/** shared/data sits next to the repository checkout (../shared/data from the repo root). */
export const dataDir = resolve(__dirname, '../../../../../shared/data');

function gaussian(random: () => number): number {
  const u = Math.max(1e-12, random());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export interface SyntheticOptions {
  count: number;
  seed?: number;
  /** Monthly log-price change (e.g. 0.01 = +1% a month). */
  monthlyTrend?: number;
  months?: number;
  noise?: number;
  startYear?: number;
}

/**
 * A synthetic market on a 10 x 10 mile square: a smooth location premium, price ~ sqft^0.6, +3% per
 * bathroom, a known monthly trend and lognormal noise. Returns sales in date order.
 */
export function syntheticMarket(options: SyntheticOptions): Sale[] {
  const random = seededRandom(options.seed ?? 7);
  const months = options.months ?? 24;
  const trend = options.monthlyTrend ?? 0;
  const noise = options.noise ?? 0.08;
  const startYear = options.startYear ?? 2020;
  const sales: Sale[] = [];
  for (let i = 0; i < options.count; i++) {
    const latitude = 40 + random() * 0.145;
    const longitude = -100 + random() * 0.19;
    const livingSqft = Math.round(800 + random() * 2400);
    const bathrooms = 1 + Math.floor(random() * 3);
    const bedrooms = Math.max(1, Math.round(livingSqft / 600 + gaussian(random) * 0.5));
    const yearBuilt = 1950 + Math.floor(random() * 70);
    const lotSqft = Math.round(3000 + random() * 9000);
    const month = Math.floor((i / options.count) * months);
    const day = 1 + Math.floor(random() * 28);
    const date = new Date(Date.UTC(startYear, month, day)).toISOString().slice(0, 10);
    const location = 0.4 * Math.sin((latitude - 40) * 30) + 0.3 * Math.cos((longitude + 100) * 25);
    const logPrice = Math.log(200_000) + location + 0.6 * Math.log(livingSqft / 1500) + 0.03 * (bathrooms - 2) + 0.08 * Math.log(lotSqft / 6000) + trend * month + noise * gaussian(random);
    sales.push({
      id: `s${i}`,
      salePrice: Math.round(Math.exp(logPrice)),
      saleDate: date,
      latitude,
      longitude,
      livingSqft,
      bedrooms,
      bathrooms,
      yearBuilt,
      lotSqft,
      propertyType: 'single_family',
      zip: null,
    });
  }
  return sales.sort((a, b) => (a.saleDate < b.saleDate ? -1 : a.saleDate > b.saleDate ? 1 : 0));
}
