import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Db } from './database';

/**
 * Answers of external providers (Google, RentCast, ...) kept in PostgreSQL until they expire, shared by every
 * replica and surviving restarts. A service that calls providers re-exports this table from its drizzle
 * schema so its migrations create it.
 */
export const providerCache = pgTable(
  'provider_cache',
  {
    /** provider + request, e.g. "rentcast:GET /v1/properties?address=..." hashed. */
    key: text('key').primaryKey(),
    provider: text('provider').notNull(),
    request: text('request').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('provider_cache_expires_idx').on(t.expiresAt)],
);

export interface CachedResponse {
  status: number;
  body: unknown;
}

/** Reads and writes the provider cache table. */
export class ProviderCache {
  constructor(private readonly db: Db) {}

  async get(key: string): Promise<CachedResponse | undefined> {
    const [row] = await this.db
      .select({ status: providerCache.status, body: providerCache.body })
      .from(providerCache)
      .where(and(eq(providerCache.key, key), gt(providerCache.expiresAt, sql`now()`)));
    return row;
  }

  async set(key: string, entry: { provider: string; request: string; status: number; body: unknown; ttlMs: number }): Promise<void> {
    const expiresAt = new Date(Date.now() + entry.ttlMs);
    const values = { provider: entry.provider, request: entry.request, status: entry.status, body: entry.body, fetchedAt: new Date(), expiresAt };
    await this.db
      .insert(providerCache)
      .values({ key, ...values })
      .onConflictDoUpdate({ target: providerCache.key, set: values });
  }

  /** Removes expired entries; returns how many. */
  async prune(): Promise<number> {
    const removed = await this.db.delete(providerCache).where(lt(providerCache.expiresAt, sql`now()`)).returning({ key: providerCache.key });
    return removed.length;
  }
}
