import type { ScoreBreakdown } from '@hsa/contracts';
import type { PlaceCategory, PlaceNearby, PlacesAround } from './places';

/**
 * The one scoring method, the same for every home and every source (public data or Google Places), in the
 * spirit of published walkability indices such as Walk Score: for each amenity category, the nearest places
 * count with a weight per rank; each earns its weight times a distance decay (full points within a quarter
 * mile, none beyond a mile and a half, quadratic in between); the score is the points earned over the points
 * possible, times 10. Categories that no data covers at the home are left out of both sums (and named), and a
 * dimension whose covered categories carry less than half its weight gets no score at all.
 */

export const decayMiles = { full: 0.25, zero: 1.5 } as const;

/** 1 within a quarter mile, 0 beyond a mile and a half, ((1.5 - d) / 1.25)^2 in between. */
export function distanceDecay(miles: number): number {
  if (miles <= decayMiles.full) return 1;
  if (miles >= decayMiles.zero) return 0;
  return ((decayMiles.zero - miles) / (decayMiles.zero - decayMiles.full)) ** 2;
}

export interface CategorySpec {
  id: string;
  label: string;
  /** Weights of the 1st, 2nd, ... nearest place counted. */
  counts: readonly number[];
  from: PlaceCategory;
  /** Which of the category's places count (e.g. schools teaching elementary grades). */
  filter?: (place: PlaceNearby) => boolean;
}

export type Dimension = 'familyFriendly' | 'walkability' | 'dining';

const teaches = (band: 'elementary' | 'secondary') => (place: PlaceNearby) => place.bands?.includes(band) ?? false;

/** The amenity categories of each dimension and their weights. */
export const dimensionSpecs: Record<Dimension, readonly CategorySpec[]> = {
  familyFriendly: [
    { id: 'elementary', label: 'Elementary schools', counts: [3], from: 'schools', filter: teaches('elementary') },
    { id: 'secondary', label: 'Middle and high schools', counts: [2], from: 'schools', filter: teaches('secondary') },
    { id: 'parks', label: 'Parks', counts: [1.5, 1, 0.5], from: 'parks' },
  ],
  walkability: [
    { id: 'grocery', label: 'Grocery stores', counts: [3], from: 'grocery' },
    { id: 'transit', label: 'Transit stops', counts: [1, 0.6, 0.4], from: 'transitStops' },
    { id: 'parks', label: 'Parks', counts: [1], from: 'parks' },
    { id: 'schools', label: 'Schools', counts: [1], from: 'schools' },
  ],
  dining: [
    { id: 'restaurants', label: 'Restaurants', counts: [0.75, 0.45, 0.25, 0.25, 0.225, 0.225, 0.225, 0.225, 0.2, 0.2], from: 'restaurants' },
    { id: 'cafes', label: 'Cafés', counts: [1.25, 0.75], from: 'cafes' },
  ],
};

export const scoringMethod = {
  summary:
    'Each score counts the nearest places of a few amenity categories. A place earns its weight in full within a quarter mile ' +
    '(about a 5-minute walk) and nothing beyond a mile and a half (about 30 minutes), with a smooth decline in between. ' +
    'The score is the points earned over the points possible, times 10. The same method and weights apply to every home; ' +
    'categories without data at a home are left out and named, and a dimension without enough data gets no score.',
  formula: 'score = 10 × Σ (weight × decay(distance)) ÷ Σ weight, over the categories with data',
  decay: 'decay(d) = 1 for d ≤ 0.25 mi; ((1.5 − d) ÷ 1.25)² for 0.25 mi < d < 1.5 mi; 0 for d ≥ 1.5 mi (straight-line distances)',
  fullPointsMiles: decayMiles.full,
  zeroPointsMiles: decayMiles.zero,
};

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** A dimension's score and how it came about, from the places around the home. */
export function scoreDimension(dimension: Dimension, around: PlacesAround | null, noDataReason: string): ScoreBreakdown {
  const specs = dimensionSpecs[dimension];
  const categories = specs.map((spec) => {
    const weight = sum(spec.counts);
    const all = around?.places[spec.from] ?? null;
    if (!around || all === null) {
      const note = around?.gaps[spec.from] ?? noDataReason;
      return { id: spec.id, label: spec.label, weight, counted: [], points: 0, included: false, note };
    }
    const chosen = (spec.filter ? all.filter(spec.filter) : all).slice(0, spec.counts.length);
    const counted = chosen.map((place, rank) => {
      const decay = distanceDecay(place.distanceMiles);
      const w = spec.counts[rank]!;
      return { name: place.name, distanceMiles: place.distanceMiles, weight: w, decay: round(decay, 3), points: round(w * decay, 3) };
    });
    return { id: spec.id, label: spec.label, weight, counted, points: round(sum(counted.map((c) => c.points)), 3), included: true, note: null };
  });

  const included = categories.filter((c) => c.included);
  const maxPoints = sum(included.map((c) => c.weight));
  const points = round(sum(included.map((c) => c.points)), 3);
  const coveredShare = maxPoints / sum(categories.map((c) => c.weight));
  if (included.length === 0 || coveredShare < 0.5) {
    const reason = categories.find((c) => !c.included)?.note ?? noDataReason;
    return { score: null, points: 0, maxPoints: 0, categories, reason };
  }
  return { score: round((10 * points) / maxPoints, 1), points, maxPoints, categories, reason: null };
}
