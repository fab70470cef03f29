import { bigint, doublePrecision, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The property service's tables. Money and lot size are whole numbers (bigint read as JS numbers; the
 * API caps them far below 2^53). Bathrooms are numeric(4,1): halves are stored exactly, stay readable
 * in SQL, and drizzle's "number" mode hands them back as 2.5 rather than the string "2.5".
 */
export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    bedrooms: integer('bedrooms').notNull(),
    bathrooms: numeric('bathrooms', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    squareFootage: integer('square_footage').notNull(),
    yearBuilt: integer('year_built'),
    propertyType: text('property_type').notNull().default('single_family'),
    additionalInfo: text('additional_info'),
    estimatedValue: bigint('estimated_value', { mode: 'number' }),
    estimatedValueLow: bigint('estimated_value_low', { mode: 'number' }),
    estimatedValueHigh: bigint('estimated_value_high', { mode: 'number' }),
    lotSize: bigint('lot_size', { mode: 'number' }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    placeId: text('place_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  // Serves every list: one user's properties, active or archived, newest first.
  (t) => [index('properties_user_archived_created_idx').on(t.userId, t.archivedAt, t.createdAt.desc())],
);

export type PropertyRow = typeof properties.$inferSelect;

// Re-exported so drizzle-kit puts the transactional outbox into this service's migrations.
export { outbox } from '@hsa/service-kit';
