import { describe, expect, it } from 'vitest';
import { parseCsv, parseCsvRecords, parseNumberCell } from '../../src/domain/sales/csv';
import { missingRequiredColumns, parseGenericSaleRow, parseSaleDate } from '../../src/domain/sales/generic';

describe('CSV parsing', () => {
  it('handles quoted fields with commas, quotes and line breaks, and empty cells', () => {
    const text = 'a,b,c\n"x, y","say ""hi""",\n"multi\nline",,3\n';
    expect(parseCsv(text)).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', ''],
      ['multi\nline', '', '3'],
    ]);
  });

  it('accepts CRLF, CR-only line endings, a byte-order mark, blank lines and a missing final newline', () => {
    expect(parseCsv('\ufeffa,b\r\n1,2\r\n\r\n3,4')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(parseCsv('a,b\r1,2\r')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keys records by trimmed header names and fills short rows with empty strings', () => {
    const { header, records } = parseCsvRecords(' sale_price ,zip\n100\n');
    expect(header).toEqual(['sale_price', 'zip']);
    expect(records).toEqual([{ sale_price: '100', zip: '' }]);
  });

  it('parses plain, decimal, signed and scientific numbers; rejects junk', () => {
    expect(parseNumberCell('1.225e+006')).toBe(1_225_000);
    expect(parseNumberCell('2e+006')).toBe(2_000_000);
    expect(parseNumberCell(' -122.36 ')).toBe(-122.36);
    expect(parseNumberCell('.5')).toBe(0.5);
    expect(parseNumberCell('( 0.71)')).toBe(0.71);
    expect(parseNumberCell('')).toBeNull();
    expect(parseNumberCell('-')).toBeNull();
    expect(parseNumberCell('12abc')).toBeNull();
    expect(parseNumberCell(undefined)).toBeNull();
  });
});

describe('generic sales schema', () => {
  const row = {
    sale_price: '1.225e+006',
    sale_date: '2014-05-02',
    latitude: '47.5342',
    longitude: '-122.36',
    living_sqft: '1210',
    bedrooms: '',
    bathrooms: '1.75',
    year_built: '',
    lot_sqft: '',
    property_type: 'Single Family',
    zip: '',
  };

  it('reads a row with empty optional cells as nulls', () => {
    expect(parseGenericSaleRow(row, 'r1')).toEqual({
      id: 'r1',
      salePrice: 1_225_000,
      saleDate: '2014-05-02',
      latitude: 47.5342,
      longitude: -122.36,
      livingSqft: 1210,
      bedrooms: null,
      bathrooms: 1.75,
      yearBuilt: null,
      lotSqft: null,
      propertyType: 'single_family',
      zip: null,
    });
  });

  it('skips rows whose required values are missing or invalid, with the reason', () => {
    expect(parseGenericSaleRow({ ...row, living_sqft: '' }, 'r')).toEqual({ skip: 'living_sqft missing or not positive' });
    expect(parseGenericSaleRow({ ...row, sale_price: '0' }, 'r')).toEqual({ skip: 'sale_price missing or not positive' });
    expect(parseGenericSaleRow({ ...row, sale_date: '2014-02-30' }, 'r')).toEqual({ skip: 'sale_date missing or invalid' });
    expect(parseGenericSaleRow({ ...row, latitude: '' }, 'r')).toEqual({ skip: 'coordinates missing or invalid' });
  });

  it('names missing required columns (case-insensitively)', () => {
    expect(missingRequiredColumns(['SALE_PRICE', 'sale_date', 'latitude'])).toEqual(['longitude', 'living_sqft']);
    expect(missingRequiredColumns(['sale_price', 'sale_date', 'latitude', 'longitude', 'living_sqft'])).toEqual([]);
  });

  it('accepts ISO dates and the compact YYYYMMDDT000000 form', () => {
    expect(parseSaleDate('2014-10-13')).toBe('2014-10-13');
    expect(parseSaleDate('20141013T000000')).toBe('2014-10-13');
    expect(parseSaleDate('13/10/2014')).toBeNull();
  });
});
