import { titleCase } from '../address';
import type { SaleRecord } from './sale-record';

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function monthLabel(date: string): string {
  const [year, month] = date.split('-');
  const name = monthNames[Number(month) - 1] ?? month;
  return `${name} ${year}`;
}

function mostCommon(values: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
}

/**
 * What the UI says about embedded data, so nobody mistakes it for a live feed:
 * "Sample market data: Sacramento, CA sales, May 2008" (the most common city and state, and the months covered).
 */
export function sampleDataLabel(records: readonly Pick<SaleRecord, 'city' | 'state' | 'saleDate'>[]): string {
  if (records.length === 0) return 'Sample market data: no sales loaded';
  const city = titleCase(mostCommon(records.map((r) => r.city.toLowerCase())) ?? '');
  const state = mostCommon(records.map((r) => r.state.toUpperCase())) ?? '';
  const dates = records.map((r) => r.saleDate).sort();
  const first = monthLabel(dates[0]!);
  const last = monthLabel(dates[dates.length - 1]!);
  const period = first === last ? first : `${first} to ${last}`;
  const place = [city, state].filter(Boolean).join(', ');
  return `Sample market data: ${place} sales, ${period}`;
}
