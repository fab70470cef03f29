import type { PropertyTypeCode, Sale } from '../avm/types';
import { parseNumberCell } from './csv';

/** A Sacramento sale with the address parts the product shows and searches. */
export interface SacramentoSale extends Sale {
  street: string;
  city: string;
  state: string;
}

export type SacramentoSkipReason =
  | 'invalid'
  | 'bulk_transaction'
  | 'implausible_price'
  | 'missing_living_area'
  | 'duplicate';

export interface SacramentoSkip {
  skip: SacramentoSkipReason;
  detail: string;
}

export const sacramentoColumns = ['street', 'city', 'zip', 'state', 'beds', 'baths', 'sq__ft', 'type', 'sale_date', 'price', 'latitude', 'longitude'] as const;

const months: Record<string, string> = {
  JAN: '01', FEB: '02', MAR: '03', APR: '04', MAY: '05', JUN: '06', JUL: '07', AUG: '08', SEP: '09', OCT: '10', NOV: '11', DEC: '12',
};

/** "Wed May 21 00:00:00 EDT 2008" -> "2008-05-21" (only the date part matters). */
export function parseSacramentoDate(text: string): string | null {
  const m = /^\s*[A-Za-z]{3}\s+([A-Za-z]{3})\s+(\d{1,2})\s+.*\s(\d{4})\s*$/.exec(text);
  if (!m) return null;
  const month = months[m[1]!.toUpperCase()];
  if (!month) return null;
  return `${m[3]}-${month}-${m[2]!.padStart(2, '0')}`;
}

function propertyType(type: string): PropertyTypeCode | null {
  switch (type.trim().toLowerCase()) {
    case 'residential':
      return 'single_family';
    case 'condo':
      return 'condo';
    case 'multi-family':
      return 'multi_family';
    default:
      return null; // "Unkown" in the original
  }
}

/** Zero means "not recorded" for beds, baths and square feet in this file. */
const positiveOrNull = (cell: string | undefined): number | null => {
  const v = parseNumberCell(cell);
  return v !== null && v > 0 ? v : null;
};

export interface SacramentoRowContext {
  /** Prices below this are not market sales of a home (the file function uses 10% of the median price). */
  minimumPrice?: number;
}

/**
 * Row-level rules for sacramento-sales.csv: zeros are missing values; a row without a living area can't be
 * valued or used as a comparable; prices below the context's minimum are not market sales.
 * `line` is the 1-based data row number, which makes the sale id ("sacramento-<line>").
 */
export function parseSacramentoRow(row: Record<string, string>, line: number, context: SacramentoRowContext = {}): SacramentoSale | SacramentoSkip {
  const price = parseNumberCell(row.price);
  const saleDate = parseSacramentoDate(row.sale_date ?? '');
  const latitude = parseNumberCell(row.latitude);
  const longitude = parseNumberCell(row.longitude);
  if (price === null || price <= 0) return { skip: 'invalid', detail: `price "${row.price ?? ''}"` };
  if (!saleDate) return { skip: 'invalid', detail: `sale_date "${row.sale_date ?? ''}"` };
  if (latitude === null || longitude === null) return { skip: 'invalid', detail: 'coordinates' };
  if (context.minimumPrice !== undefined && price < context.minimumPrice) {
    return { skip: 'implausible_price', detail: `price ${price} is below ${Math.round(context.minimumPrice)}` };
  }
  const livingSqft = positiveOrNull(row.sq__ft);
  if (livingSqft === null) return { skip: 'missing_living_area', detail: 'sq__ft is 0 (unknown)' };
  const street = (row.street ?? '').trim();
  const city = (row.city ?? '').trim();
  const state = (row.state ?? '').trim();
  const zip = (row.zip ?? '').trim();
  return {
    id: `sacramento-${line}`,
    salePrice: price,
    saleDate,
    latitude,
    longitude,
    livingSqft,
    bedrooms: positiveOrNull(row.beds),
    bathrooms: positiveOrNull(row.baths),
    yearBuilt: null,
    lotSqft: null,
    propertyType: propertyType(row.type ?? ''),
    zip: /^\d{5}$/.test(zip) ? zip : null,
    address: `${street}, ${city}, ${state} ${zip}`.trim(),
    street,
    city,
    state,
  };
}

export function isSacramentoSkip(result: SacramentoSale | SacramentoSkip): result is SacramentoSkip {
  return 'skip' in result;
}

export interface SacramentoImport {
  sales: SacramentoSale[];
  skipped: { line: number; reason: SacramentoSkipReason; detail: string }[];
  counts: Record<SacramentoSkipReason | 'kept', number>;
}

/**
 * File-level rules, then the row rules, in this order (each skipped row is counted under its first reason):
 * 1. invalid price/date/coordinates;
 * 2. bulk transactions: one price shared by 3+ addresses in a city on one day, at under 10% of the median
 *    price (a portfolio sale spread over lots, not a market price for a home);
 * 3. implausible price: under 10% of the file's median price;
 * 4. missing living area (sq__ft 0);
 * 5. duplicate: the same street, city and zip again on the same date (the first row is kept).
 */
export function parseSacramentoSales(records: Record<string, string>[]): SacramentoImport {
  const prices = records.map((r) => parseNumberCell(r.price)).filter((p): p is number => p !== null && p > 0).sort((a, b) => a - b);
  const medianPrice = prices.length ? prices[prices.length >> 1]! : 0;
  const minimumPrice = medianPrice * 0.1;

  const groupKey = (r: Record<string, string>) => `${(r.city ?? '').trim().toUpperCase()}|${parseSacramentoDate(r.sale_date ?? '')}|${parseNumberCell(r.price)}`;
  const groupAddresses = new Map<string, Set<string>>();
  for (const r of records) {
    const key = groupKey(r);
    const set = groupAddresses.get(key) ?? new Set<string>();
    set.add((r.street ?? '').trim().toUpperCase());
    groupAddresses.set(key, set);
  }

  const counts: SacramentoImport['counts'] = { kept: 0, invalid: 0, bulk_transaction: 0, implausible_price: 0, missing_living_area: 0, duplicate: 0 };
  const sales: SacramentoSale[] = [];
  const skipped: SacramentoImport['skipped'] = [];
  const seen = new Set<string>();
  records.forEach((row, i) => {
    const line = i + 1;
    const skip = (reason: SacramentoSkipReason, detail: string) => {
      counts[reason]++;
      skipped.push({ line, reason, detail });
    };
    const price = parseNumberCell(row.price);
    const sameDeal = groupAddresses.get(groupKey(row))?.size ?? 0;
    if (price !== null && price > 0 && price < minimumPrice && sameDeal >= 3 && parseSacramentoDate(row.sale_date ?? '')) {
      skip('bulk_transaction', `${sameDeal} addresses in ${row.city} sold for ${price} each on one day`);
      return;
    }
    const parsed = parseSacramentoRow(row, line, { minimumPrice });
    if (isSacramentoSkip(parsed)) {
      skip(parsed.skip, parsed.detail);
      return;
    }
    const key = `${parsed.street.toUpperCase()}|${parsed.city.toUpperCase()}|${parsed.zip}|${parsed.saleDate}`;
    if (seen.has(key)) {
      skip('duplicate', `${parsed.address} on ${parsed.saleDate} repeats an earlier row`);
      return;
    }
    seen.add(key);
    counts.kept++;
    sales.push(parsed);
  });
  return { sales, skipped, counts };
}
