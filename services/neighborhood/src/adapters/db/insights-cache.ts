import { and, eq, gt, lt } from 'drizzle-orm';
import type { NeighborhoodInsights } from '@hsa/contracts';
import type { Db } from '@hsa/service-kit';
import { neighborhoodInsights } from './schema';

/** Cached insights per location key. */
export class InsightsCache {
  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  async get(key: string, now = new Date()): Promise<NeighborhoodInsights | undefined> {
    const [row] = await this.db
      .select({ insights: neighborhoodInsights.insights })
      .from(neighborhoodInsights)
      .where(and(eq(neighborhoodInsights.locationKey, key), gt(neighborhoodInsights.expiresAt, now)));
    return row?.insights;
  }

  async put(key: string, insights: NeighborhoodInsights, now = new Date()): Promise<void> {
    const values = { locationKey: key, insights, createdAt: now, expiresAt: new Date(now.getTime() + this.ttlMs) };
    await this.db.insert(neighborhoodInsights).values(values).onConflictDoUpdate({ target: neighborhoodInsights.locationKey, set: values });
  }

  /** Removes expired entries (called now and then). */
  async purge(now = new Date()): Promise<void> {
    await this.db.delete(neighborhoodInsights).where(lt(neighborhoodInsights.expiresAt, now));
  }
}
