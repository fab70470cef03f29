import type { TractFacts } from './area';
import type { InsightsSubject } from './location';
import type { MarketStats } from './market-stats';
import { money, percentText, periodLabel } from './text';

/** A census tract's 2000 median house value brought to today's price level with the price index. */
export interface TractValue extends TractFacts {
  today: { amount: number; valueDate: string; indexName: string } | null;
}

/** When the 2000 census values are dated (its reference day). */
export const censusDate = '2000-04-01';

const typeNames: Record<string, string> = {
  single_family: 'single-family homes',
  townhouse: 'townhouses',
  condo: 'condos',
  multi_family: 'multi-family properties',
  other: 'other homes',
};

/** The market context: recorded nearby sales (time-adjusted) and the tract's census median, each labelled. */
export function marketContextOf(subject: InsightsSubject, stats: MarketStats | null, tract: TractValue | null): { description: string; valueDrivers: string[] } {
  const sentences: string[] = [];
  const drivers: string[] = [];
  if (stats && stats.salesCount > 0) {
    const period = periodLabel(stats.earliestSaleDate, stats.latestSaleDate);
    const radius = stats.radiusMiles !== null ? ` within ${stats.radiusMiles.toLocaleString('en-US')} miles` : '';
    sentences.push(
      `${stats.salesCount} recorded sales of similar homes${radius}${period ? ` in ${period}` : ''} had a median price of ${money(stats.medianSalePrice!)}` +
        (stats.medianPricePerSqft !== null ? ` (${money(stats.medianPricePerSqft)} per square foot).` : '.'),
    );
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
    if (stats.medianPricePerSqft !== null) drivers.push(`Median ${money(stats.medianPricePerSqft)} per square foot in recorded nearby sales`);
    if (stats.priceIndexChangePercent !== null && stats.priceIndexChangePercent !== 0) {
      drivers.push(`Price index change since the sales: ${percentText(stats.priceIndexChangePercent)}${stats.priceIndexName ? ` (${stats.priceIndexName})` : ''}`);
    }
    if (versus !== null) drivers.push(`This home's estimate versus the adjusted nearby median: ${percentText(versus)}`);
    drivers.push(`${stats.salesCount} recorded sales${radius}${period ? `, ${period}` : ''}`);
  } else {
    sentences.push('No recorded sales near this location are available, so no sales-based market context can be given.');
  }

  if (tract?.medianHouseValue2000) {
    const census = `In the 2000 census the median house value in ${tract.name} was ${money(tract.medianHouseValue2000)} (in 2000 dollars, as owners reported it)`;
    if (tract.today) {
      sentences.push(`${census}; brought to ${tract.today.valueDate} prices with the ${tract.today.indexName}, that is about ${money(tract.today.amount)}.`);
      drivers.push(`Census 2000 median house value of the tract: ${money(tract.medianHouseValue2000)}, about ${money(tract.today.amount)} at ${tract.today.valueDate} prices (price index)`);
    } else {
      sentences.push(`${census}; no price index was available to bring it to today's prices.`);
      drivers.push(`Census 2000 median house value of the tract: ${money(tract.medianHouseValue2000)} (2000 dollars)`);
    }
  }
  return { description: sentences.join(' '), valueDrivers: drivers };
}

/** What the recorded nearby sales say about the homes around (type and typical size). */
export function homesNearby(stats: MarketStats | null): string[] {
  if (!stats || stats.salesCount === 0) return [];
  const features: string[] = [];
  if (stats.commonType) {
    const many = typeNames[stats.commonType.type] ?? `${stats.commonType.type} homes`;
    const share = `${stats.commonType.count} of ${stats.salesCount}`;
    features.push(stats.commonType.count * 2 > stats.salesCount ? `Mostly ${many} among nearby sales (${share})` : `Most common among nearby sales: ${many} (${share})`);
  }
  if (stats.medianBedrooms !== null && stats.medianSquareFootage !== null) {
    features.push(`Typical nearby home: ${stats.medianBedrooms} bedrooms, ${stats.medianSquareFootage.toLocaleString('en-US')} sq ft`);
  }
  return features;
}

/** The kind of home the location's recorded sales are, for the buyer profile ("3-bedroom single-family home"). */
export function typicalHome(stats: MarketStats | null): string | null {
  if (!stats || stats.medianBedrooms === null || !stats.commonType) return null;
  const type = (typeNames[stats.commonType.type] ?? 'homes').replace(/ies$/, 'y').replace(/s$/, '');
  return `${stats.medianBedrooms}-bedroom ${type}`;
}
