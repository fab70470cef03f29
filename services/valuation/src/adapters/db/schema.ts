import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The valuation service's tables: imported sales (the embedded market data), a record of each import
 * (so a restart re-imports only a changed file), and cached provider responses (Google, RentCast).
 */
export const sales = pgTable(
  'sales',
  {
    id: text('id').primaryKey(),
    /** The import this row came from, e.g. "sacramento-sales.csv". */
    source: text('source').notNull(),
    /** Street line as displayed ("3526 High St") and its search key ("3526 high st"). */
    street: text('street').notNull(),
    streetNormalized: text('street_normalized').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    bedrooms: integer('bedrooms'),
    bathrooms: numeric('bathrooms', { precision: 4, scale: 2, mode: 'number' }),
    livingSqft: integer('living_sqft'),
    lotSqft: bigint('lot_sqft', { mode: 'number' }),
    yearBuilt: integer('year_built'),
    propertyType: text('property_type'),
    salePrice: bigint('sale_price', { mode: 'number' }).notNull(),
    saleDate: date('sale_date', { mode: 'string' }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [
    index('sales_street_zip_idx').on(t.streetNormalized, t.zip),
    index('sales_source_idx').on(t.source),
  ],
);

export type SaleRow = typeof sales.$inferSelect;

export const salesImports = pgTable('sales_imports', {
  /** One row per imported file name. */
  source: text('source').primaryKey(),
  contentSha256: text('content_sha256').notNull(),
  importedRows: integer('imported_rows').notNull(),
  skippedRows: integer('skipped_rows').notNull(),
  /** Skipped rows per reason, e.g. {"bulk transaction price": 49}. */
  skippedReasons: jsonb('skipped_reasons').$type<Record<string, number>>().notNull().default({}),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Cached provider responses (Google, RentCast): the kit's table, created by this service's migrations. */
export { providerCache } from '@hsa/service-kit';
