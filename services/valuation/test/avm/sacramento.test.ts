import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsvRecords } from '../../src/domain/sales/csv';
import { isSacramentoSkip, parseSacramentoDate, parseSacramentoRow, parseSacramentoSales } from '../../src/domain/sales/sacramento';
import { dataDir } from './helpers';

const { records } = parseCsvRecords(readFileSync(join(dataDir, 'sacramento-sales.csv'), 'utf8'));

describe('Sacramento filter rules', () => {
  it('keeps 810 of the 985 rows and counts each skip reason on the real file', () => {
    expect(records).toHaveLength(985);
    const imported = parseSacramentoSales(records);
    expect(imported.counts).toEqual({
      kept: 810,
      invalid: 0,
      bulk_transaction: 49,
      implausible_price: 2,
      missing_living_area: 121,
      duplicate: 3,
    });
    expect(imported.sales).toHaveLength(810);
    expect(imported.skipped).toHaveLength(175);
  });

  it('drops the 49 LINCOLN rows at 4,897 as one bulk transaction and the two other very low prices', () => {
    const imported = parseSacramentoSales(records);
    const bulkLines = imported.skipped.filter((s) => s.reason === 'bulk_transaction').map((s) => s.line);
    expect(bulkLines.every((line) => records[line - 1]!.city === 'LINCOLN' && records[line - 1]!.price === '4897')).toBe(true);
    const lowStreets = imported.skipped.filter((s) => s.reason === 'implausible_price').map((s) => records[s.line - 1]!.street);
    expect(lowStreets.sort()).toEqual(['14151 INDIO DR', '3720 VISTA DE MADERA']);
    expect(Math.min(...imported.sales.map((s) => s.salePrice))).toBeGreaterThanOrEqual(30_000);
  });

  it('keeps the first of each repeated address on a date', () => {
    const imported = parseSacramentoSales(records);
    const dupes = imported.skipped.filter((s) => s.reason === 'duplicate').map((s) => records[s.line - 1]!.street);
    expect(dupes.sort()).toEqual(['1223 LAMBERTON CIR', '4734 14TH AVE', '8306 CURLEW CT']);
    expect(imported.sales.filter((s) => s.street === '1223 LAMBERTON CIR').map((s) => s.salePrice)).toEqual([155435]);
  });

  it('maps one row: zeros are missing, the type is mapped, the date part is kept, the id comes from the line', () => {
    const row = { street: '1 TEST ST', city: 'SACRAMENTO', zip: '95838', state: 'CA', beds: '0', baths: '2', sq__ft: '1000', type: 'Condo', sale_date: 'Wed May 21 00:00:00 EDT 2008', price: '59222', latitude: '38.631913', longitude: '-121.434879' };
    const sale = parseSacramentoRow(row, 7);
    expect(isSacramentoSkip(sale)).toBe(false);
    expect(sale).toMatchObject({
      id: 'sacramento-7',
      saleDate: '2008-05-21',
      bedrooms: null,
      bathrooms: 2,
      livingSqft: 1000,
      propertyType: 'condo',
      yearBuilt: null,
      lotSqft: null,
      city: 'SACRAMENTO',
      state: 'CA',
      address: '1 TEST ST, SACRAMENTO, CA 95838',
    });
    expect(parseSacramentoRow({ ...row, sq__ft: '0' }, 1)).toEqual({ skip: 'missing_living_area', detail: 'sq__ft is 0 (unknown)' });
    expect(parseSacramentoRow({ ...row, price: '1551' }, 1, { minimumPrice: 20_000 })).toMatchObject({ skip: 'implausible_price' });
    expect(parseSacramentoRow({ ...row, sale_date: 'yesterday' }, 1)).toMatchObject({ skip: 'invalid' });
    expect(parseSacramentoRow({ ...row, type: 'Unkown' }, 1)).toMatchObject({ propertyType: null });
    expect(parseSacramentoRow({ ...row, type: 'Multi-Family' }, 1)).toMatchObject({ propertyType: 'multi_family' });
  });

  it('parses the original date text', () => {
    expect(parseSacramentoDate('Thu May 15 00:00:00 EDT 2008')).toBe('2008-05-15');
    expect(parseSacramentoDate('2008-05-15')).toBeNull();
  });
});
