import type { DataCredit, NeighborhoodInsights, ScoreBreakdown } from '@hsa/contracts';
import type { AreaFacts } from './area';
import type { InsightsSubject } from './location';
import { homesNearby, marketContextOf, typicalHome, type TractValue } from './market-text';
import type { MarketStats } from './market-stats';
import { toNearbyPlace, type PlaceNearby, type PlacesAround } from './places';
import { buyerProfileText, countsText, diningText, familyText, placeFeatures, walkabilityText, whereText } from './places-text';
import { scoreDimension, scoringMethod, type Dimension } from './scoring';
import { lowerFirst, money } from './text';

/**
 * The embedded insights: what surrounds the home (places with distances and sources), scores from the one
 * method, where it lies, and the market context from recorded sales and the census; plain statements where
 * there is no data (no invented schools, parks or restaurants, and no score without data).
 */

export const straightLineNote = 'Distances are straight lines: no street network is available, so no walking or driving routes.';
export const placesUnavailableNote = 'Place data is unavailable right now; the schools, parks and amenities will appear when it is back.';

export interface InsightsInputs {
  subject: InsightsSubject;
  /** Inside the area the place data covers completely. */
  covered: boolean;
  coverageNote: string;
  /** The places around (null outside the data, or when the place source failed). */
  around: PlacesAround | null;
  placesUnavailable: boolean;
  area: AreaFacts;
  areaCredits: DataCredit[];
  tract: TractValue | null;
  stats: MarketStats | null;
  marketNotes: string[];
  now: Date;
}

/** Texts for dimensions without data: outside the data's area, or while the place data is unavailable. */
export function noDataTexts(reason: string) {
  return {
    familyFriendly: `${reason} No school or park data is given for this home, so there is no family-life score.`,
    walkability: `${reason} No data on nearby stores, transit or parks is given for this home, so there is no walkability score.`,
    dining: `${reason} No restaurant data is given for this home, so there is no dining score.`,
  };
}

const nearFirst = (places: readonly PlaceNearby[]) => [...places].sort((a, b) => a.distanceMiles - b.distanceMiles || a.name.localeCompare(b.name));
/** The schools within the radius (at most 8), and the nearest elementary and middle/high school wherever they are. */
function schoolsListed(schools: readonly PlaceNearby[] | null, radius: number): PlaceNearby[] {
  const all = schools ?? [];
  const shown = all.filter((s) => s.distanceMiles <= radius).slice(0, 8);
  for (const band of ['elementary', 'secondary'] as const) {
    const nearest = all.find((s) => s.bands?.includes(band));
    if (nearest && !shown.includes(nearest)) shown.push(nearest);
  }
  return nearFirst(shown);
}

/** The places within the radius (at least the nearest `min`), at most `max`. */
const listed = (places: readonly PlaceNearby[] | null, radius: number, max: number, min = 1) =>
  (places ?? []).filter((p, i) => i < min || p.distanceMiles <= radius).slice(0, max);

export function embeddedInsights(inputs: InsightsInputs): NeighborhoodInsights {
  const { subject, around, stats, area, tract } = inputs;
  const reason = inputs.placesUnavailable ? placesUnavailableNote : inputs.coverageNote;
  const score = (dimension: Dimension): ScoreBreakdown => scoreDimension(dimension, around, reason);
  const scores = { familyFriendly: score('familyFriendly'), walkability: score('walkability'), dining: score('dining') };
  const notes: string[] = [];
  const missing = noDataTexts(reason);

  let familyFriendly: NeighborhoodInsights['familyFriendly'] = { score: null, description: missing.familyFriendly, nearbySchools: [], parks: [] };
  let walkability: NeighborhoodInsights['walkability'] = { score: null, description: missing.walkability, nearbyAmenities: [] };
  let dining: NeighborhoodInsights['dining'] = { score: null, description: missing.dining, restaurants: [], diversity: 'No data available' };
  const keyFeatures: string[] = [];
  const lifestyleParts = [whereText(area)];

  if (around) {
    const r = around.radiusMiles;
    familyFriendly = {
      score: scores.familyFriendly.score,
      description: familyText(around),
      nearbySchools: schoolsListed(around.places.schools, r).map(toNearbyPlace),
      parks: listed(around.places.parks, r, 8).map(toNearbyPlace),
    };
    walkability = {
      score: scores.walkability.score,
      description: walkabilityText(around),
      nearbyAmenities: nearFirst([
        ...listed(around.places.grocery, r, 3),
        ...listed(around.places.transitStops, r, 3),
        ...listed(around.places.parks, r, 1),
        ...listed(around.places.schools, r, 1),
      ]).map(toNearbyPlace),
    };
    const eating = diningText(around);
    dining = {
      score: scores.dining.score,
      description: eating.description,
      restaurants: listed(around.places.restaurants, r, 10, 0).map(toNearbyPlace),
      diversity: eating.diversity,
    };
    lifestyleParts.push(countsText(around));
    keyFeatures.push(...placeFeatures(around));
    notes.push(straightLineNote);
  } else {
    notes.push(reason);
  }

  const homes = homesNearby(stats);
  keyFeatures.push(...homes);
  if (homes.length) lifestyleParts.push(`Recorded sales nearby: ${homes.map(lowerFirst).join('; ')}.`);
  const typicalPrice = stats?.medianTimeAdjustedPrice ? money(stats.medianTimeAdjustedPrice) : null;
  const lifestyleText = lifestyleParts.filter(Boolean).join(' ');

  if (stats && stats.salesCount > 0) {
    notes.push(stats.dataSource);
    notes.push(...inputs.marketNotes.filter((n) => /index/i.test(n)));
  } else {
    notes.push('No recorded sales were found near this location.');
  }
  // Listings the valuation answered instead of sales are said to be left out.
  notes.push(...inputs.marketNotes.filter((n) => /listings? \(list prices/i.test(n)));

  return {
    familyFriendly,
    walkability,
    dining,
    lifestyle: {
      description: lifestyleText || `No data about the area around ${subject.city}, ${subject.state} is available beyond what is listed here.`,
      keyFeatures,
      buyerProfile: buyerProfileText(typicalHome(stats), typicalPrice, around),
    },
    marketContext: marketContextOf(subject, stats, tract),
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
    area: {
      covered: inputs.covered,
      note: inputs.coverageNote,
      neighborhood: area.neighborhood,
      tract: tract
        ? {
            fips: tract.fips,
            name: tract.name,
            medianHouseValue2000: tract.medianHouseValue2000,
            medianHouseValueToday: tract.today?.amount ?? null,
            priceIndexName: tract.today?.indexName ?? null,
            valueDate: tract.today?.valueDate ?? null,
            source: tract.source,
          }
        : null,
    },
    scoring: { method: { ...scoringMethod }, ...scores },
    sources: uniqueCredits([...(around?.credits ?? []), ...inputs.areaCredits]),
    narrativeEngine: 'embedded',
    generatedAt: inputs.now.toISOString(),
    notes,
  };
}

function uniqueCredits(credits: DataCredit[]): DataCredit[] {
  const seen = new Set<string>();
  return credits.filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)));
}

/** A model's narrative written over the embedded text; scores, places and figures stay as the data says. */
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
