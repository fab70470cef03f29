import { createHash } from 'node:crypto';
import type { PropertyTypeCode, Sale } from '../avm/types';
import { formatAddressLine, normalizeAddress } from '../address';

/** One recorded sale with its address, as stored in the sales table and held in memory. */
export interface SaleRecord {
  id: string;
  /** Street line as displayed, e.g. "3526 High St". */
  street: string;
  city: string;
  state: string;
  zip: string;
  bedrooms: number | null;
  bathrooms: number | null;
  livingSqft: number | null;
  lotSqft: number | null;
  yearBuilt: number | null;
  propertyType: PropertyTypeCode | null;
  salePrice: number;
  /** YYYY-MM-DD */
  saleDate: string;
  latitude: number;
  longitude: number;
}

/** The key two records share when they are the same address ("3526 HIGH ST" + 95838). */
export function addressKey(record: Pick<SaleRecord, 'street' | 'zip'>): string {
  return `${normalizeAddress(record.street)}|${record.zip}`;
}

/** A place id that stays the same for an address across imports: "open-data:" + a hash of its key. */
export function openDataPlaceId(record: Pick<SaleRecord, 'street' | 'zip'>): string {
  return `open-data:${createHash('sha256').update(addressKey(record)).digest('hex').slice(0, 16)}`;
}

export function isOpenDataPlaceId(placeId: string): boolean {
  return placeId.startsWith('open-data:');
}

/**
 * A stable id per sale: the address, date and price hashed, with a counter for identical rows (the same
 * sale listed twice stays two rows, as in the source).
 */
export function saleIds(records: readonly Omit<SaleRecord, 'id'>[], prefix: string): string[] {
  const seen = new Map<string, number>();
  return records.map((r) => {
    const base = createHash('sha256')
      .update(`${addressKey(r)}|${r.saleDate}|${r.salePrice}|${r.livingSqft ?? ''}`)
      .digest('hex')
      .slice(0, 12);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return `${prefix}-${base}${n > 1 ? `-${n}` : ''}`;
  });
}

export function recordLine(record: Pick<SaleRecord, 'street' | 'city' | 'state' | 'zip'>): string {
  return formatAddressLine(record);
}

/** The sale as the AVM sees it; undefined when the living area is unknown (the AVM needs it). */
export function toAvmSale(record: SaleRecord): Sale | undefined {
  if (record.livingSqft === null || !(record.livingSqft > 0)) return undefined;
  return {
    id: record.id,
    salePrice: record.salePrice,
    saleDate: record.saleDate,
    latitude: record.latitude,
    longitude: record.longitude,
    livingSqft: record.livingSqft,
    bedrooms: record.bedrooms,
    bathrooms: record.bathrooms,
    yearBuilt: record.yearBuilt,
    lotSqft: record.lotSqft,
    propertyType: record.propertyType,
    zip: record.zip || null,
    address: recordLine(record),
  };
}
