import type { ComparablePriceKind, Coordinates } from '@hsa/contracts';

export type PriceKind = ComparablePriceKind;

export interface ComparableAdjustmentView {
  feature: string;
  amount: number;
  note: string;
}

/** A comparable sale as the wizard shows it, whatever names the API used for its fields. */
export interface Comparable {
  id: string;
  address: string;
  bedrooms: number | null;
  bathrooms: number | null;
  squareFootage: number | null;
  /** The sale price, or the list price of a listing (priceKind). */
  salePrice: number | null;
  /** As sent (YYYY-MM-DD or an ISO time): the sale date, or the listing date of a listing. */
  saleDate: string | null;
  /** "sale": a recorded sale; "listing": a home listed for sale (list price, listing date), as RentCast answers. */
  priceKind: PriceKind;
  pricePerSqft: number | null;
  /** Percent above (+) or below (-) the market. */
  marketVariance: number | null;
  coordinates: Coordinates | null;
  distanceMiles: number | null;
  /** What this sale says the home is worth (adjusted value, else the time-adjusted price). */
  adjustedValue: number | null;
  adjustments: ComparableAdjustmentView[];
  dataSource: string | null;
}

type Raw = Record<string, unknown>;

/** A finite number, from a number or a numeric string; else null. */
function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.replace(/[$,\s]/g, ''));
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** The first field of `names` that holds a number. */
function firstNumber(raw: Raw, names: string[]): number | null {
  for (const name of names) {
    const value = numberOf(raw[name]);
    if (value !== null) return value;
  }
  return null;
}

function firstText(raw: Raw, names: string[]): string | null {
  for (const name of names) {
    const value = raw[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

/** {latitude, longitude}, {lat, lng} or top-level latitude/longitude. */
function coordinatesOf(raw: Raw): Coordinates | null {
  const nested = raw.coordinates && typeof raw.coordinates === 'object' ? (raw.coordinates as Raw) : raw;
  const latitude = firstNumber(nested, ['latitude', 'lat']);
  const longitude = firstNumber(nested, ['longitude', 'lng', 'lon']);
  return latitude === null || longitude === null ? null : { latitude, longitude };
}

function adjustmentsOf(value: unknown): ComparableAdjustmentView[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!item || typeof item !== 'object') return [];
    const raw = item as Raw;
    const amount = numberOf(raw.amount);
    const feature = firstText(raw, ['feature', 'name']);
    return amount === null || !feature ? [] : [{ feature, amount, note: firstText(raw, ['note', 'description']) ?? '' }];
  });
}

/**
 * One comparable from the API, accepting every name the spec allows for a field: bedrooms|beds,
 * bathrooms|baths, squareFootage|sqft, saleAmount|salePrice|price, saleDate|date. Price per square foot
 * is computed (rounded) when missing. Null when it has no address.
 */
export function normaliseComparable(value: unknown, index = 0): Comparable | null {
  if (!value || typeof value !== 'object') return null;
  const raw = value as Raw;
  const address = firstText(raw, ['address', 'formattedAddress']);
  if (!address) return null;
  const squareFootage = firstNumber(raw, ['squareFootage', 'sqft', 'squareFeet']);
  const salePrice = firstNumber(raw, ['saleAmount', 'salePrice', 'price']);
  const computedPerSqft = salePrice !== null && squareFootage ? Math.round(salePrice / squareFootage) : null;
  return {
    id: firstText(raw, ['id']) ?? String(numberOf(raw.id) ?? `comparable-${index + 1}`),
    address,
    bedrooms: firstNumber(raw, ['bedrooms', 'beds']),
    bathrooms: firstNumber(raw, ['bathrooms', 'baths']),
    squareFootage,
    salePrice,
    saleDate: firstText(raw, ['saleDate', 'date']),
    priceKind: raw.priceKind === 'listing' ? 'listing' : 'sale',
    pricePerSqft: firstNumber(raw, ['pricePerSqft', 'pricePerSquareFoot']) ?? computedPerSqft,
    marketVariance: firstNumber(raw, ['marketVariance']),
    coordinates: coordinatesOf(raw),
    distanceMiles: firstNumber(raw, ['distanceMiles', 'distance']),
    adjustedValue: firstNumber(raw, ['adjustedValue', 'timeAdjustedPrice']),
    adjustments: adjustmentsOf(raw.adjustments),
    dataSource: firstText(raw, ['dataSource']),
  };
}

/** The comparables of an API answer: a list, or an object with a `comparables` list. */
export function normaliseComparables(body: unknown): Comparable[] {
  const list = Array.isArray(body) ? body : body && typeof body === 'object' ? (body as Raw).comparables : null;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item, index) => normaliseComparable(item, index) ?? []);
}

/** The data-source label of a set of comparables (they share one). */
export function comparablesDataSource(comparables: Comparable[]): string | null {
  return comparables.find((c) => c.dataSource)?.dataSource ?? null;
}

/** How a comparable's price and date are named: a sale's are paid and sold, a listing's are asked and listed. */
export const priceWords = {
  sale: { noun: 'Comparable sale', singular: 'sale', plural: 'sales', price: 'Sale price', date: 'Sale date', event: 'Sold', atPrice: 'sold for' },
  listing: { noun: 'Comparable listing', singular: 'listing', plural: 'listings', price: 'List price', date: 'Listing date', event: 'Listed', atPrice: 'listed at' },
  mixed: { noun: 'Comparable', singular: 'sale or listing', plural: 'sales and listings', price: 'Sale or list price', date: 'Sale or listing date', event: '', atPrice: '' },
} as const;

/** The kind a set of comparables shares ("mixed" when it holds both; "sale" when empty). */
export function priceKindOf(comparables: readonly Pick<Comparable, 'priceKind'>[]): PriceKind | 'mixed' {
  const kinds = new Set(comparables.map((c) => c.priceKind));
  return kinds.size > 1 ? 'mixed' : kinds.has('listing') ? 'listing' : 'sale';
}
