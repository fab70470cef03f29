import { loadAiProto, type AiServiceClient, type NeighborhoodFacts } from '@hsa/protos';
import { call, createClient } from '@hsa/service-kit';
import type { Narrative } from '../domain/insights';
import type { InsightsSubject } from '../domain/location';
import type { MarketStats } from '../domain/market-stats';
import { periodLabel } from '../domain/insights';

/** The AI service's DescribeNeighborhood: a model's narrative from the facts, or null when it writes none. */
export class AiNarrator {
  private readonly client: AiServiceClient;

  constructor(
    address: string,
    private readonly timeoutMs: number,
  ) {
    this.client = createClient(loadAiProto().AiService, address);
  }

  async describe(subject: InsightsSubject, stats: MarketStats | null): Promise<Narrative | null> {
    const facts: NeighborhoodFacts = {
      city: subject.city,
      state: subject.state,
      zipCode: subject.zipCode,
      priceIndexPeriod: stats?.latestSaleDate && stats.valueDate ? `${stats.latestSaleDate} to ${stats.valueDate}` : '',
      priceIndexName: stats?.priceIndexName ?? '',
      salesPeriod: stats ? periodLabel(stats.earliestSaleDate, stats.latestSaleDate) : '',
      dataSource: stats?.dataSource ?? '',
      propertyType: subject.propertyType,
    };
    const set = <K extends keyof NeighborhoodFacts>(key: K, value: NeighborhoodFacts[K] | null | undefined) => {
      if (value !== null && value !== undefined) facts[key] = value;
    };
    if (stats && stats.salesCount > 0) {
      set('comparableSales', stats.salesCount);
      set('medianSalePrice', stats.medianSalePrice);
      set('medianPricePerSqft', stats.medianPricePerSqft);
      set('medianTimeAdjustedPrice', stats.medianTimeAdjustedPrice);
      set('priceIndexChangePercent', stats.priceIndexChangePercent);
      set('radiusMiles', stats.radiusMiles);
    }
    set('subjectEstimatedValue', subject.estimatedValue);
    set('subjectSquareFootage', subject.squareFootage);
    const res = await call(this.client, this.client.describeNeighborhood, facts, { timeoutMs: this.timeoutMs });
    if (!res.written) return null;
    return {
      familyFriendly: res.familyFriendly,
      walkability: res.walkability,
      dining: res.dining,
      lifestyle: res.lifestyle,
      lifestyleKeyFeatures: [...res.lifestyleKeyFeatures],
      buyerProfile: res.buyerProfile,
      marketContext: res.marketContext,
      valueDrivers: [...res.valueDrivers],
    };
  }

  close(): void {
    this.client.close();
  }
}
