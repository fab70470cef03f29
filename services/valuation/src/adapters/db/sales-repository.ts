import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@hsa/service-kit';
import { normalizeAddress } from '../../domain/address';
import type { PropertyTypeCode } from '../../domain/avm/types';
import type { SaleRecord } from '../../domain/market/sale-record';
import { sales, salesImports, type SaleRow } from './schema';

export interface ImportRecord {
  source: string;
  contentSha256: string;
  importedRows: number;
  skippedRows: number;
  skippedReasons: Record<string, number>;
  importedAt: Date;
}

const toRecord = (row: SaleRow): SaleRecord => ({
  id: row.id,
  street: row.street,
  city: row.city,
  state: row.state,
  zip: row.zip,
  bedrooms: row.bedrooms,
  bathrooms: row.bathrooms,
  livingSqft: row.livingSqft,
  lotSqft: row.lotSqft,
  yearBuilt: row.yearBuilt,
  propertyType: row.propertyType as PropertyTypeCode | null,
  salePrice: row.salePrice,
  saleDate: row.saleDate,
  latitude: row.latitude,
  longitude: row.longitude,
});

/** Imported sales and the record of each import. */
export class SalesRepository {
  constructor(private readonly db: Db) {}

  async lastImport(source: string): Promise<ImportRecord | undefined> {
    const [row] = await this.db.select().from(salesImports).where(eq(salesImports.source, source));
    return row;
  }

  /**
   * Replaces the sales of one source in a single transaction, unless the same content was imported
   * meanwhile (another replica starting at the same time): the advisory lock serialises imports.
   * Returns false when nothing had to change.
   */
  async replaceSource(
    source: string,
    contentSha256: string,
    records: readonly SaleRecord[],
    skippedReasons: Record<string, number>,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sales-import:${source}`}))`);
      const [current] = await tx.select().from(salesImports).where(eq(salesImports.source, source));
      if (current?.contentSha256 === contentSha256) return false;
      await tx.delete(sales).where(eq(sales.source, source));
      for (let i = 0; i < records.length; i += 500) {
        const batch = records.slice(i, i + 500).map((r) => ({
          ...r,
          source,
          streetNormalized: normalizeAddress(r.street),
        }));
        if (batch.length) await tx.insert(sales).values(batch);
      }
      const skippedRows = Object.values(skippedReasons).reduce((a, b) => a + b, 0);
      const values = { contentSha256, importedRows: records.length, skippedRows, skippedReasons, importedAt: new Date() };
      await tx
        .insert(salesImports)
        .values({ source, ...values })
        .onConflictDoUpdate({ target: salesImports.source, set: values });
      return true;
    });
  }

  async all(): Promise<SaleRecord[]> {
    const rows = await this.db.select().from(sales).orderBy(asc(sales.saleDate), asc(sales.id));
    return rows.map(toRecord);
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(sales);
    return row?.n ?? 0;
  }
}
