import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { NeighborhoodInsights } from '@hsa/contracts';

/** Insights per home (its location to about a meter and the facts its comparison uses), kept until they expire. */
export const neighborhoodInsights = pgTable(
  'neighborhood_insights',
  {
    locationKey: text('location_key').primaryKey(),
    insights: jsonb('insights').$type<NeighborhoodInsights>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('neighborhood_insights_expires_idx').on(t.expiresAt)],
);

/** Cached answers of Google Places (the kit's table, created by this service's migrations). */
export { providerCache } from '@hsa/service-kit';
