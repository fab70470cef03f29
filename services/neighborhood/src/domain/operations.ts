import type { NeighborhoodInsights } from '@hsa/contracts';
import { embeddedInsights, withNarrative, type Narrative } from './insights';
import { locationKey, type InsightsSubject } from './location';
import { marketStats, type MarketSample, type MarketStats } from './market-stats';

/** Where nearby recorded sales come from. */
export interface MarketSource {
  sample(subject: InsightsSubject): Promise<MarketSample>;
}

/** Who may write the narrative (null: no model, keep the embedded text). */
export interface Narrator {
  describe(subject: InsightsSubject, stats: MarketStats | null): Promise<Narrative | null>;
}

export interface InsightsStore {
  get(key: string): Promise<NeighborhoodInsights | undefined>;
  put(key: string, insights: NeighborhoodInsights): Promise<void>;
}

export interface OperationsLogger {
  warn(details: Record<string, unknown>, message: string): void;
}

export const marketUnavailableNote = 'Market data is unavailable right now; the market context will appear when it is back.';

/**
 * Neighborhood insights for a location: from the cache, else computed (market figures from nearby sales,
 * the model's narrative when one is configured) and cached. An answer built while the sales data was
 * unreachable is given but not cached, so the next request tries again.
 */
export class NeighborhoodOperations {
  constructor(
    private readonly market: MarketSource,
    private readonly narrator: Narrator | null,
    private readonly store: InsightsStore,
    private readonly logger: OperationsLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async insights(subject: InsightsSubject): Promise<NeighborhoodInsights> {
    const key = locationKey(subject.coordinates);
    const cached = await this.store.get(key);
    if (cached) return cached;

    let stats: MarketStats | null = null;
    let marketNotes: string[] = [];
    let complete = true;
    try {
      const sample = await this.market.sample(subject);
      stats = marketStats(sample);
      marketNotes = sample.notes;
    } catch (err) {
      complete = false;
      this.logger.warn({ err, key }, 'nearby sales unavailable; insights without market context');
    }

    let insights = embeddedInsights(subject, stats, marketNotes, this.now());
    if (!complete) insights = { ...insights, notes: [...insights.notes, marketUnavailableNote] };
    if (this.narrator) {
      try {
        const narrative = await this.narrator.describe(subject, stats);
        if (narrative) insights = withNarrative(insights, narrative);
      } catch (err) {
        this.logger.warn({ err, key }, 'narrative unavailable; the embedded text stands');
      }
    }
    if (complete) await this.store.put(key, insights);
    return insights;
  }
}
