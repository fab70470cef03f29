import type { PropertyTypeCode, Sale } from '../avm/types';
import { propertyTypeCodes } from '../avm/types';
import { parseNumberCell } from './csv';

/** Columns of the generic sales schema (shared/data/README.md, section avm-eval). */
export const requiredSaleColumns = ['sale_price', 'sale_date', 'latitude', 'longitude', 'living_sqft'] as const;
export const optionalSaleColumns = ['bedrooms', 'bathrooms', 'year_built', 'lot_sqft', 'property_type', 'zip'] as const;

export function missingRequiredColumns(header: string[]): string[] {
  const names = new Set(header.map((h) => h.trim().toLowerCase()));
  return requiredSaleColumns.filter((c) => !names.has(c));
}

/** YYYY-MM-DD, also YYYYMMDD and YYYYMMDDT000000 (as in the original King County file). */
export function parseSaleDate(text: string): string | null {
  const s = text.trim();
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(s) ?? /^(\d{4})(\d{2})(\d{2})(?:T\d*)?$/.exec(s) ?? /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function parseType(cell: string | undefined): PropertyTypeCode | null {
  const v = (cell ?? '').trim().toLowerCase().replace(/[\s-]+/g, '_');
  return (propertyTypeCodes as readonly string[]).includes(v) ? (v as PropertyTypeCode) : null;
}

const optionalNumber = (cell: string | undefined, accept: (v: number) => boolean): number | null => {
  const v = parseNumberCell(cell);
  return v !== null && accept(v) ? v : null;
};

/** One row of the generic schema, or the reason it can't be used. Headers are matched case-insensitively. */
export function parseGenericSaleRow(row: Record<string, string>, id: string): Sale | { skip: string } {
  const get = (name: string): string | undefined => {
    if (row[name] !== undefined) return row[name];
    const key = Object.keys(row).find((k) => k.trim().toLowerCase() === name);
    return key === undefined ? undefined : row[key];
  };
  const salePrice = parseNumberCell(get('sale_price'));
  const saleDate = parseSaleDate(get('sale_date') ?? '');
  const latitude = parseNumberCell(get('latitude'));
  const longitude = parseNumberCell(get('longitude'));
  const livingSqft = parseNumberCell(get('living_sqft'));
  if (salePrice === null || salePrice <= 0) return { skip: 'sale_price missing or not positive' };
  if (!saleDate) return { skip: 'sale_date missing or invalid' };
  if (latitude === null || longitude === null || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return { skip: 'coordinates missing or invalid' };
  if (livingSqft === null || livingSqft <= 0) return { skip: 'living_sqft missing or not positive' };
  const zip = (get('zip') ?? '').trim();
  return {
    id,
    salePrice,
    saleDate,
    latitude,
    longitude,
    livingSqft,
    bedrooms: optionalNumber(get('bedrooms'), (v) => v >= 0),
    bathrooms: optionalNumber(get('bathrooms'), (v) => v >= 0),
    yearBuilt: optionalNumber(get('year_built'), (v) => v > 0),
    lotSqft: optionalNumber(get('lot_sqft'), (v) => v > 0),
    propertyType: parseType(get('property_type')),
    zip: zip === '' ? null : zip,
  };
}
