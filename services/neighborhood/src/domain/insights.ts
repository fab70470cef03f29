import type { NeighborhoodInsights } from '@hsa/contracts';
import type { InsightsSubject } from './location';
import type { MarketStats } from './market-stats';

/**
 * The embedded insights: market context computed from recorded sales, and plain statements that there is
 * no data for the other dimensions (no invented schools, parks or restaurants, and no scores without data).
 */

export const noData = {
  familyFriendly: 'No school or park data is available for this location yet, so no family-friendliness score is given.',
  walkability: 'No data on nearby shops, transit or other everyday amenities is available yet, so no walkability score is given.',
  dining: 'No restaurant data is available for this location yet, so no dining score is given.',
  diversity: 'No data available',
  notes: 'No school, park, amenity or restaurant data is available yet: those scores are not given.',
} as const;

const money = (v: number) => `$${Math.round(v).toLocaleString('en-US')}`;
const typeNames: Record<string, string> = {
  single_family: 'single-family homes',
  townhouse: 'townhouses',
  condo: 'condos',
  multi_family: 'multi-family properties',
  other: 'other homes',
};
const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2008-05-15".."2008-05-21" -> "May 2008"; across months "May 2008 to June 2009". */
export function periodLabel(first: string | null, last: string | null): string {
  const label = (d: string) => `${monthNames[Number(d.slice(5, 7)) - 1]} ${d.slice(0, 4)}`;
  if (!first || !last) return '';
  return label(first) === label(last) ? label(first) : `${label(first)} to ${label(last)}`;
}

function percentText(p: number): string {
  return `${p > 0 ? '+' : ''}${p.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}

export function embeddedInsights(subject: InsightsSubject, stats: MarketStats | null, marketNotes: string[], now: Date): NeighborhoodInsights {
  const place = `${subject.city}, ${subject.state}${subject.zipCode ? ` ${subject.zipCode}` : ''}`;
  const notes: string[] = [noData.notes];
  let lifestyle = { description: `No data about everyday life around ${place} is available yet beyond recorded home sales.`, keyFeatures: [] as string[], buyerProfile: 'Not enough data to describe typical buyers.' };
  let market = { description: 'No recorded sales near this location are available, so no market context can be given.', valueDrivers: [] as string[] };

  if (stats && stats.salesCount > 0) {
    const period = periodLabel(stats.earliestSaleDate, stats.latestSaleDate);
    const radius = stats.radiusMiles !== null ? ` within ${stats.radiusMiles.toLocaleString('en-US')} miles` : '';
    const sentences = [
      `${stats.salesCount} recorded sales of similar homes${radius}${period ? ` in ${period}` : ''} had a median price of ${money(stats.medianSalePrice!)}` +
        (stats.medianPricePerSqft !== null ? ` (${money(stats.medianPricePerSqft)} per square foot).` : '.'),
    ];
    if (stats.medianTimeAdjustedPrice !== null && stats.valueDate && stats.priceIndexChangePercent !== null && stats.priceIndexChangePercent !== 0) {
      sentences.push(
        `Brought to ${stats.valueDate} prices${stats.priceIndexName ? ` with the ${stats.priceIndexName}` : ''}, that is about ${money(stats.medianTimeAdjustedPrice)}` +
          (stats.medianTimeAdjustedPricePerSqft !== null ? ` (${money(stats.medianTimeAdjustedPricePerSqft)} per square foot)` : '') +
          `: the index moved ${percentText(stats.priceIndexChangePercent)} since those sales.`,
      );
    }
    let versus: number | null = null;
    if (subject.estimatedValue && stats.medianTimeAdjustedPrice) {
      versus = Math.round((subject.estimatedValue / stats.medianTimeAdjustedPrice - 1) * 1000) / 10;
      sentences.push(
        `This home's estimate of ${money(subject.estimatedValue)} is ${versus === 0 ? 'level with' : `${Math.abs(versus).toLocaleString('en-US')}% ${versus > 0 ? 'above' : 'below'}`} that adjusted median.`,
      );
    }
    market = {
      description: sentences.join(' '),
      valueDrivers: [
        stats.medianPricePerSqft !== null ? `Median ${money(stats.medianPricePerSqft)} per square foot in recorded nearby sales` : null,
        stats.priceIndexChangePercent !== null && stats.priceIndexChangePercent !== 0
          ? `Price index change since the sales: ${percentText(stats.priceIndexChangePercent)}${stats.priceIndexName ? ` (${stats.priceIndexName})` : ''}`
          : null,
        versus !== null ? `This home's estimate versus the adjusted nearby median: ${percentText(versus)}` : null,
        `${stats.salesCount} recorded sales${radius}${period ? `, ${period}` : ''}`,
      ].filter((d): d is string => d !== null),
    };

    const keyFeatures: string[] = [];
    if (stats.commonType) {
      const many = typeNames[stats.commonType.type] ?? `${stats.commonType.type} homes`;
      const share = `${stats.commonType.count} of ${stats.salesCount}`;
      keyFeatures.push(
        stats.commonType.count * 2 > stats.salesCount
          ? `Mostly ${many} among nearby sales (${share})`
          : `Most common among nearby sales: ${many} (${share})`,
      );
    }
    if (stats.medianBedrooms !== null && stats.medianSquareFootage !== null) {
      keyFeatures.push(`Typical nearby home: ${stats.medianBedrooms} bedrooms, ${stats.medianSquareFootage.toLocaleString('en-US')} sq ft`);
    }
    lifestyle = {
      description: `Around ${place}, the recorded sales nearby are the best guide to the area: ${keyFeatures.length ? keyFeatures.map((k) => k.charAt(0).toLowerCase() + k.slice(1)).join('; ') : 'homes of many kinds'}. No data about parks, shops or restaurants is available yet.`,
      keyFeatures,
      buyerProfile:
        stats.medianBedrooms !== null && stats.medianTimeAdjustedPrice !== null
          ? `Buyers shopping for ${stats.medianBedrooms}-bedroom homes around ${money(stats.medianTimeAdjustedPrice)} at today's price level are the natural audience here.`
          : 'Not enough data to describe typical buyers.',
    };
    notes.push(stats.dataSource);
    notes.push(...marketNotes.filter((n) => /index/i.test(n)));
  } else {
    notes.push('No recorded sales were found near this location.');
  }

  return {
    familyFriendly: { score: null, description: noData.familyFriendly, nearbySchools: [], parks: [] },
    walkability: { score: null, description: noData.walkability, nearbyAmenities: [] },
    dining: { score: null, description: noData.dining, restaurants: [], diversity: noData.diversity },
    lifestyle,
    marketContext: market,
    marketStats: {
      salesCount: stats?.salesCount ?? 0,
      medianSalePrice: stats?.medianSalePrice ?? null,
      medianPricePerSqft: stats?.medianPricePerSqft ?? null,
      medianTimeAdjustedPrice: stats?.medianTimeAdjustedPrice ?? null,
      medianTimeAdjustedPricePerSqft: stats?.medianTimeAdjustedPricePerSqft ?? null,
      radiusMiles: stats?.radiusMiles ?? null,
      earliestSaleDate: stats?.earliestSaleDate ?? null,
      latestSaleDate: stats?.latestSaleDate ?? null,
      priceIndexChangePercent: stats?.priceIndexChangePercent ?? null,
      priceIndexName: stats?.priceIndexName ?? null,
      valueDate: stats?.valueDate ?? null,
      dataSource: stats?.dataSource ?? '',
    },
    narrativeEngine: 'embedded',
    generatedAt: now.toISOString(),
    notes,
  };
}

/** A model's narrative written over the embedded text; scores and lists stay as the data says. */
export interface Narrative {
  familyFriendly: string;
  walkability: string;
  dining: string;
  lifestyle: string;
  lifestyleKeyFeatures: string[];
  buyerProfile: string;
  marketContext: string;
  valueDrivers: string[];
}

export function withNarrative(insights: NeighborhoodInsights, narrative: Narrative): NeighborhoodInsights {
  return {
    ...insights,
    familyFriendly: { ...insights.familyFriendly, description: narrative.familyFriendly },
    walkability: { ...insights.walkability, description: narrative.walkability },
    dining: { ...insights.dining, description: narrative.dining },
    lifestyle: {
      description: narrative.lifestyle,
      keyFeatures: narrative.lifestyleKeyFeatures.length ? narrative.lifestyleKeyFeatures : insights.lifestyle.keyFeatures,
      buyerProfile: narrative.buyerProfile,
    },
    marketContext: {
      description: narrative.marketContext,
      valueDrivers: narrative.valueDrivers.length ? narrative.valueDrivers : insights.marketContext.valueDrivers,
    },
    narrativeEngine: 'openai',
  };
}
