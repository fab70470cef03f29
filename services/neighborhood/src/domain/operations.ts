import type { NeighborhoodInsights } from '@hsa/contracts';
import type { AreaFacts, AreaSource } from './area';
import { embeddedInsights, withNarrative, type Narrative } from './insights';
import { locationKey, type InsightsSubject } from './location';
import { censusDate, type TractValue } from './market-text';
import { marketStats, type MarketSample, type MarketStats } from './market-stats';
import type { PlaceSource, PlacesAround } from './places';
import { decayMiles } from './scoring';

/** Where nearby recorded sales and the price index come from (the valuation service). */
export interface MarketSource {
  sample(subject: InsightsSubject): Promise<MarketSample>;
  /** An amount at `fromDate`'s price level brought to today's; null when no index is available. */
  adjustToToday(amount: number, fromDate: string): Promise<{ amount: number; valueDate: string; indexName: string } | null>;
}

/**
 * Who may write the narrative from the facts of the embedded insights: a narrative, or none (keep the embedded text)
 * with a note when a configured model's answer was not used.
 */
export interface Narrator {
  describe(subject: InsightsSubject, insights: NeighborhoodInsights): Promise<{ narrative: Narrative } | { narrative: null; note: string | null }>;
}

export interface InsightsStore {
  get(key: string): Promise<NeighborhoodInsights | undefined>;
  put(key: string, insights: NeighborhoodInsights): Promise<void>;
}

export interface OperationsLogger {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface NeighborhoodDependencies {
  market: MarketSource;
  places: PlaceSource;
  areas: AreaSource;
  narrator: Narrator | null;
  store: InsightsStore;
  logger: OperationsLogger;
  now?: () => Date;
}

export const marketUnavailableNote = 'Market data is unavailable right now; the market context will appear when it is back.';

/**
 * Neighborhood insights for a home: from the cache, else computed (the places around it and their scores,
 * the areas it lies in, market figures from nearby sales, the model's narrative when one is configured) and
 * cached. An answer built while a source was unreachable is given but not cached, so the next request tries
 * again.
 */
export class NeighborhoodOperations {
  private readonly now: () => Date;

  constructor(private readonly deps: NeighborhoodDependencies) {
    this.now = deps.now ?? (() => new Date());
  }

  async insights(subject: InsightsSubject): Promise<NeighborhoodInsights> {
    const { market, places, areas, narrator, store, logger } = this.deps;
    const key = locationKey(subject);
    const cached = await store.get(key);
    if (cached) return cached;

    const at = subject.coordinates;
    const covered = places.covers(at);
    const area = areas.locate(at);
    let complete = true;
    const failed = (what: string) => (err: unknown) => {
      complete = false;
      logger.warn({ err, key }, `${what} unavailable; insights without it`);
      return null;
    };

    const [sample, around, tract] = await Promise.all([
      market.sample(subject).catch(failed('nearby sales')),
      covered ? places.around(at, decayMiles.zero).catch(failed(`places (${places.name})`)) : Promise.resolve(null as PlacesAround | null),
      this.tractValue(area.tract, failed('price index')),
    ]);
    const stats: MarketStats | null = sample ? marketStats(sample) : null;

    let insights = embeddedInsights({
      subject,
      covered,
      coverageNote: places.coverageNote,
      around,
      placesUnavailable: covered && around === null,
      area,
      areaCredits: areas.credits(area),
      tract,
      stats,
      marketNotes: sample?.notes ?? [],
      now: this.now(),
    });
    if (!sample) insights = { ...insights, notes: [...insights.notes, marketUnavailableNote] };
    if (narrator) {
      try {
        const answer = await narrator.describe(subject, insights);
        if (answer.narrative) insights = withNarrative(insights, answer.narrative);
        else if (answer.note) insights = { ...insights, notes: [...insights.notes, answer.note] };
      } catch (err) {
        logger.warn({ err, key }, 'narrative unavailable; the embedded text stands');
      }
    }
    if (complete) await store.put(key, insights);
    return insights;
  }

  /** The tract with its census median brought to today (without the adjustment when the index is unreachable). */
  private async tractValue(tract: AreaFacts['tract'], onError: (err: unknown) => null): Promise<TractValue | null> {
    if (!tract) return null;
    const today = tract.medianHouseValue2000 ? await this.deps.market.adjustToToday(tract.medianHouseValue2000, censusDate).catch(onError) : null;
    return { ...tract, today };
  }
}
