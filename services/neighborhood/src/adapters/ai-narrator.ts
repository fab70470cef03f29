import type { NearbyPlace, NeighborhoodInsights } from '@hsa/contracts';
import { loadAiProto, type AiServiceClient, type FactPlace, type NeighborhoodFacts } from '@hsa/protos';
import { call, createClient, type InternalTokenSigner } from '@hsa/service-kit';
import type { Narrative } from '../domain/insights';
import type { InsightsSubject } from '../domain/location';
import type { Narrator } from '../domain/operations';
import { periodLabel } from '../domain/text';

const factPlace = (p: NearbyPlace): FactPlace => ({ name: p.name, kind: p.kind, level: p.level ?? '', grades: p.grades ?? '', distanceMiles: p.distanceMiles });

/** The facts a model may word: exactly what the embedded insights hold (places, scores, areas, figures, sources, gaps). */
export function narrativeFacts(subject: InsightsSubject, insights: NeighborhoodInsights): NeighborhoodFacts {
  const s = insights.marketStats;
  const { tract, neighborhood } = insights.area;
  const gaps = [
    ...(insights.familyFriendly.score === null ? [insights.scoring.familyFriendly.reason ?? 'No family-life score.'] : []),
    ...(insights.walkability.score === null ? [insights.scoring.walkability.reason ?? 'No walkability score.'] : []),
    ...(insights.dining.score === null ? [insights.scoring.dining.reason ?? 'No dining score.'] : []),
    ...insights.scoring.walkability.categories.filter((c) => !c.included && c.note).map((c) => c.note!),
  ];
  const facts: NeighborhoodFacts = {
    city: subject.city,
    state: subject.state,
    zipCode: subject.zipCode,
    priceIndexPeriod: s.latestSaleDate && s.valueDate ? `${s.latestSaleDate} to ${s.valueDate}` : '',
    priceIndexName: s.priceIndexName ?? '',
    salesPeriod: periodLabel(s.earliestSaleDate, s.latestSaleDate),
    dataSource: s.dataSource,
    propertyType: subject.propertyType,
    schools: insights.familyFriendly.nearbySchools.map(factPlace),
    parks: insights.familyFriendly.parks.map(factPlace),
    amenities: insights.walkability.nearbyAmenities.filter((p) => p.kind === 'grocery' || p.kind === 'transit_stop').map(factPlace),
    restaurants: insights.dining.restaurants.map(factPlace),
    neighborhoodName: neighborhood?.name ?? '',
    censusTract: tract?.name ?? '',
    sources: insights.sources.map((c) => `${c.name} (${c.year})`),
    gaps: [...new Set(gaps)],
  };
  const set = <K extends keyof NeighborhoodFacts>(key: K, value: NeighborhoodFacts[K] | null | undefined) => {
    if (value !== null && value !== undefined) facts[key] = value;
  };
  if (s.salesCount > 0) {
    set('comparableSales', s.salesCount);
    set('medianSalePrice', s.medianSalePrice);
    set('medianPricePerSqft', s.medianPricePerSqft);
    set('medianTimeAdjustedPrice', s.medianTimeAdjustedPrice);
    set('priceIndexChangePercent', s.priceIndexChangePercent);
    set('radiusMiles', s.radiusMiles);
  }
  set('subjectEstimatedValue', subject.estimatedValue);
  set('subjectSquareFootage', subject.squareFootage);
  set('familyFriendlyScore', insights.familyFriendly.score);
  set('walkabilityScore', insights.walkability.score);
  set('diningScore', insights.dining.score);
  set('tractCensusMedianValue', tract?.medianHouseValue2000);
  set('tractMedianValueToday', tract?.medianHouseValueToday);
  return facts;
}

/**
 * The AI service's DescribeNeighborhood: a model's narrative from the facts, or none (with the AI service's note
 * when its model's answer was not used).
 */
export class AiNarrator implements Narrator {
  private readonly client: AiServiceClient;

  constructor(
    address: string,
    private readonly timeoutMs: number,
    signer: InternalTokenSigner,
  ) {
    this.client = createClient(loadAiProto().AiService, address, { signer, audience: 'ai' });
  }

  async describe(subject: InsightsSubject, insights: NeighborhoodInsights): Promise<{ narrative: Narrative } | { narrative: null; note: string | null }> {
    const res = await call(this.client, this.client.describeNeighborhood, narrativeFacts(subject, insights), { timeoutMs: this.timeoutMs });
    if (!res.written) return { narrative: null, note: res.note || null };
    const narrative: Narrative = {
      familyFriendly: res.familyFriendly,
      walkability: res.walkability,
      dining: res.dining,
      lifestyle: res.lifestyle,
      lifestyleKeyFeatures: [...res.lifestyleKeyFeatures],
      buyerProfile: res.buyerProfile,
      marketContext: res.marketContext,
      valueDrivers: [...res.valueDrivers],
    };
    return { narrative };
  }

  close(): void {
    this.client.close();
  }
}
