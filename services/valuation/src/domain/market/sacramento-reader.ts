import { titleCase } from '../address';
import { parseCsvRecords, parseNumberCell } from '../sales/csv';
import { parseSacramentoDate, parseSacramentoSales, type SacramentoSale } from '../sales/sacramento';
import type { SaleRecord } from './sale-record';

/** Changes whenever the rules below (or the AVM helper's row filter they use) change what is imported. */
export const sacramentoReaderVersion = 'sacramento-reader-2';

type NewRecord = Omit<SaleRecord, 'id'>;

const positiveOrNull = (cell: string | undefined): number | null => {
  const v = parseNumberCell(cell);
  return v !== null && v > 0 ? v : null;
};

function fromSale(sale: SacramentoSale): NewRecord {
  return {
    street: titleCase(sale.street),
    city: titleCase(sale.city),
    state: sale.state.toUpperCase(),
    zip: sale.zip ?? '',
    bedrooms: sale.bedrooms,
    bathrooms: sale.bathrooms,
    livingSqft: sale.livingSqft,
    lotSqft: sale.lotSqft,
    yearBuilt: sale.yearBuilt,
    propertyType: sale.propertyType ?? 'other',
    salePrice: sale.salePrice,
    saleDate: sale.saleDate,
    latitude: sale.latitude,
    longitude: sale.longitude,
  };
}

/**
 * sacramento-sales.csv -> sale records. The row filter is the AVM's (parseSacramentoSales: invalid rows,
 * the bulk "4897" transaction, implausible prices, duplicates). Rows skipped only because the living
 * area is unknown (sq__ft 0) are kept here with livingSqft null: the address is real and searchable, its
 * other facts are real, but the AVM neither values it without a living area nor uses it as a comparable.
 */
export function readSacramentoSales(text: string): { records: NewRecord[]; skipped: Record<string, number> } {
  const { records: rows } = parseCsvRecords(text);
  const parsed = parseSacramentoSales(rows);
  const records = parsed.sales.map(fromSale);
  const skipped: Record<string, number> = {};
  const seen = new Set(records.map((r) => `${r.street}|${r.zip}|${r.saleDate}`));
  for (const skip of parsed.skipped) {
    const row = rows[skip.line - 1];
    if (skip.reason === 'missing_living_area' && row) {
      const record: NewRecord = {
        street: titleCase(row.street ?? ''),
        city: titleCase(row.city ?? ''),
        state: (row.state ?? '').toUpperCase(),
        zip: /^\d{5}$/.test(row.zip ?? '') ? row.zip! : '',
        bedrooms: positiveOrNull(row.beds),
        bathrooms: positiveOrNull(row.baths),
        livingSqft: null,
        lotSqft: null,
        yearBuilt: null,
        propertyType: propertyTypeOf(row.type ?? ''),
        salePrice: parseNumberCell(row.price)!,
        saleDate: parseSacramentoDate(row.sale_date ?? '')!,
        latitude: parseNumberCell(row.latitude)!,
        longitude: parseNumberCell(row.longitude)!,
      };
      const key = `${record.street}|${record.zip}|${record.saleDate}`;
      if (!seen.has(key) && record.street) {
        seen.add(key);
        records.push(record);
        continue;
      }
    }
    const reason = skip.reason === 'missing_living_area' ? 'duplicate' : skip.reason;
    skipped[reason] = (skipped[reason] ?? 0) + 1;
  }
  return { records, skipped };
}

/** The README's types: Residential -> single_family, Condo -> condo, Multi-Family -> multi_family, else other. */
export function propertyTypeOf(type: string): SaleRecord['propertyType'] {
  switch (type.trim().toLowerCase()) {
    case 'residential':
      return 'single_family';
    case 'condo':
      return 'condo';
    case 'multi-family':
      return 'multi_family';
    default:
      return 'other';
  }
}
