import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '@hsa/service-kit';
import { providerCache } from './schema';

export interface CachedResponse {
  status: number;
  body: unknown;
}

/** Provider responses kept in PostgreSQL until they expire (shared by every replica, survives restarts). */
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
