import { bigint, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Recommendation } from '@hsa/contracts';

/** The latest recommendations of each property (regenerating replaces them). */
export const recommendationSets = pgTable('recommendation_sets', {
  propertyId: uuid('property_id').primaryKey(),
  userId: text('user_id').notNull(),
  recommendations: jsonb('recommendations').$type<Recommendation[]>().notNull(),
  engine: text('engine').notNull(),
  model: text('model').notNull().default(''),
  generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The home's estimate they were written for (null: it had none, or they predate this column). */
  basedOnEstimate: bigint('based_on_estimate', { mode: 'number' }),
});

/** The listing of each property: the latest generated text, or the owner's edit of it. */
export const listings = pgTable('listings', {
  propertyId: uuid('property_id').primaryKey(),
  userId: text('user_id').notNull(),
  description: text('description').notNull(),
  keySellingPoints: jsonb('key_selling_points').$type<string[]>().notNull(),
  engine: text('engine').notNull(),
  model: text('model').notNull().default(''),
  /** What the source label adds: why the built-in writer answered when the model's answer was not used ('' otherwise). */
  sourceNote: text('source_note').notNull().default(''),
  /** Which wording of the embedded writer this is; the next regeneration uses the next one. */
  variant: integer('variant').notNull().default(0),
  generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
  editedAt: timestamp('edited_at', { withTimezone: true }),
  /** The home's estimate it was written for (null: it had none, or it predates this column). */
  basedOnEstimate: bigint('based_on_estimate', { mode: 'number' }),
});

export type RecommendationSetRow = typeof recommendationSets.$inferSelect;
export type ListingRow = typeof listings.$inferSelect;

// Re-exported so drizzle-kit puts the transactional outbox into this service's migrations.
export { outbox } from '@hsa/service-kit';
