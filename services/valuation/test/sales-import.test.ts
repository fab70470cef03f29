import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@hsa/service-kit';
import { dropDatabase, testServerUrl, uniqueDatabaseName } from '@hsa/service-kit/testing';
import { migrationsFolder } from '../src';
import { SalesRepository } from '../src/adapters/db/sales-repository';
import { importSalesFile } from '../src/adapters/sales-import';
import { sampleDataLabel } from '../src/domain/market/data-source';
import { propertyTypeOf, readSacramentoSales, sacramentoReaderVersion } from '../src/domain/market/sacramento-reader';
import { parseCsvRecords } from '../src/domain/sales/csv';
import { parseSacramentoSales } from '../src/domain/sales/sacramento';
import { sacramentoCsv, testLogger } from './helpers';

describe('reading sacramento-sales.csv', () => {
  it('keeps what the row filter keeps, plus addresses whose living area is unknown', async () => {
    const text = await readFile(sacramentoCsv, 'utf8');
    const filter = parseSacramentoSales(parseCsvRecords(text).records);
    const { records, skipped } = readSacramentoSales(text);
    // Rows that are not market sales of a home (the bulk "4897" deal, two near-zero prices, duplicates) are out.
    expect(skipped.bulk_transaction).toBe(filter.counts.bulk_transaction);
    expect(skipped.implausible_price).toBe(filter.counts.implausible_price);
    expect(filter.counts.bulk_transaction).toBe(49);
    expect(records.some((r) => r.salePrice === 4897 || r.salePrice < 5000)).toBe(false);
    // Every kept sale is there; unknown-area rows stay searchable with livingSqft null.
    const withArea = records.filter((r) => r.livingSqft !== null);
    const withoutArea = records.filter((r) => r.livingSqft === null);
    expect(withArea).toHaveLength(filter.counts.kept);
    expect(withoutArea.length).toBeGreaterThan(100);
    expect(records.length + Object.values(skipped).reduce((a, b) => a + b, 0)).toBe(985);
    expect(records.find((r) => r.street === '3526 High St')).toMatchObject({
      city: 'Sacramento',
      state: 'CA',
      zip: '95838',
      bedrooms: 2,
      bathrooms: 1,
      livingSqft: 836,
      yearBuilt: null,
      lotSqft: null,
      propertyType: 'single_family',
      salePrice: 59222,
      saleDate: '2008-05-21',
    });
  });

  it('maps the README property types', () => {
    expect(propertyTypeOf('Residential')).toBe('single_family');
    expect(propertyTypeOf('Condo')).toBe('condo');
    expect(propertyTypeOf('Multi-Family')).toBe('multi_family');
    expect(propertyTypeOf('Unkown')).toBe('other');
  });

  it('labels the data so nobody takes it for a live feed', async () => {
    const { records } = readSacramentoSales(await readFile(sacramentoCsv, 'utf8'));
    expect(sampleDataLabel(records)).toBe('Sample market data: Sacramento, CA sales, May 2008');
    expect(
      sampleDataLabel([
        { city: 'SEATTLE', state: 'WA', saleDate: '2014-05-02' },
        { city: 'SEATTLE', state: 'WA', saleDate: '2015-05-27' },
        { city: 'KENT', state: 'WA', saleDate: '2015-01-01' },
      ]),
    ).toBe('Sample market data: Seattle, WA sales, May 2014 to May 2015');
  });
});

describe('importing into PostgreSQL', () => {
  let database: Database;
  let repository: SalesRepository;
  let dir: string;
  const name = uniqueDatabaseName('val_import');

  beforeAll(async () => {
    database = await openDatabase({ serverUrl: testServerUrl(), name, migrationsFolder, logger: testLogger() });
    repository = new SalesRepository(database.db);
    dir = await mkdtemp(path.join(os.tmpdir(), 'valuation-import-'));
  });

  afterAll(async () => {
    await database?.close();
    await dropDatabase(name);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const run = (file: string, readerVersion = sacramentoReaderVersion) =>
    importSalesFile({ repository, file, read: readSacramentoSales, readerVersion, logger: testLogger() });

  it('imports once, counts what the filter kept and skipped, and skips an unchanged file', async () => {
    const { records, skipped } = readSacramentoSales(await readFile(sacramentoCsv, 'utf8'));
    const first = await run(sacramentoCsv);
    expect(first).toMatchObject({ source: 'sacramento-sales.csv', changed: true, importedRows: records.length, skippedReasons: skipped });
    expect(first.skippedRows).toBe(985 - records.length);
    expect(await repository.count()).toBe(records.length);
    const ids = (await repository.all()).map((r) => r.id);

    const second = await run(sacramentoCsv);
    expect(second).toEqual({ ...first, changed: false });
    expect((await repository.all()).map((r) => r.id)).toEqual(ids);

    // Same ids for the same rows: place ids and sale ids stay stable across imports.
    const reread = await run(sacramentoCsv, 'another-reader-version');
    expect(reread.changed).toBe(true);
    expect((await repository.all()).map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(await repository.count()).toBe(records.length);
  });

  it('stores the normalised street for search, facts and coordinates', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        "select street, street_normalized, city, state, zip, bedrooms, bathrooms, living_sqft, property_type, sale_price, sale_date::text, latitude, longitude from sales where street = '51 Omaha Ct'",
      );
      expect(rows).toEqual([
        {
          street: '51 Omaha Ct',
          street_normalized: '51 omaha ct',
          city: 'Sacramento',
          state: 'CA',
          zip: '95823',
          bedrooms: 3,
          bathrooms: '1.00',
          living_sqft: 1167,
          property_type: 'single_family',
          sale_price: '68212',
          sale_date: '2008-05-21',
          latitude: 38.478902,
          longitude: -121.431028,
        },
      ]);
      const imports = await client.query('select source, imported_rows, skipped_rows, skipped_reasons from sales_imports');
      expect(imports.rows).toHaveLength(1);
      expect(imports.rows[0].skipped_reasons.bulk_transaction).toBe(49);
    } finally {
      await client.end();
    }
  });

  it('replaces the sales of a changed file', async () => {
    const text = await readFile(sacramentoCsv, 'utf8');
    const lines = text.split('\n');
    const file = path.join(dir, 'sacramento-sales.csv');
    await writeFile(file, lines.slice(0, 11).join('\n') + '\n');
    const outcome = await run(file);
    expect(outcome).toMatchObject({ changed: true, importedRows: 10, skippedRows: 0 });
    expect((await repository.all()).map((r) => r.street)).toContain('3526 High St');
    expect(await repository.count()).toBe(10);
  });

  it('lets two concurrent imports of the same file write it once', async () => {
    const results = await Promise.all([run(sacramentoCsv), run(sacramentoCsv)]);
    expect(results.map((r) => r.importedRows)).toEqual([results[0]!.importedRows, results[0]!.importedRows]);
    expect(await repository.count()).toBe(readSacramentoSales(await readFile(sacramentoCsv, 'utf8')).records.length);
  });
});
