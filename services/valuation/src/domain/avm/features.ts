import { hedonicDeltas, totalDelta, type Hedonic, type HedonicFeature, type NeighbourList } from './hedonic';
import type { HomeFacts, PreparedSales } from './prepare';

/** Neighbours considered for comparables and neighbourhood features. */
export const candidateCount = 40;

export const featureNames = [
  'latitude',
  'longitude',
  'rotated_a',
  'rotated_b',
  'log_sqft',
  'bedrooms',
  'bathrooms',
  'year_built',
  'log_lot',
  'property_type',
  'knn10_adjusted',
  'knn30_adjusted',
  'comps_estimate',
  'nbr_log_ppsf',
  'nbr_log_sqft',
  'nbr_year_built',
  'nbr_log_lot',
  'log_dist_1',
  'log_dist_10',
  'knn10_spread',
  'comps_spread',
  'repeat_sale',
  'repeat_gap_years',
  'same_type_share',
] as const;

export interface CompCandidate {
  /** Index into the prepared history. */
  index: number;
  distanceMiles: number;
  deltas: Record<HedonicFeature, number>;
  /** Time-adjusted log price at the model's reference level plus the adjustments. */
  adjustedLog: number;
  score: number;
  weight: number;
}

export interface Neighbourhood {
  features: Float64Array;
  /** Selected comparables, best first, weights summing to 1. */
  comps: CompCandidate[];
  /** Log comparable-sales estimate at the reference level (NaN when there are no comparables). */
  compsLog: number;
  /** Weighted spread (log) of the comparables' adjusted values. */
  compsSpread: number;
  /** Log of the most recent earlier/other sale of the same home, adjusted (NaN if none). */
  repeatLog: number;
  repeatIndex: number;
}

function meanOf(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  let s = 0;
  for (const v of values) s += v;
  return s / values.length;
}

function medianOf(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function sdOf(values: number[]): number {
  if (values.length < 2) return Number.NaN;
  const m = meanOf(values);
  let s = 0;
  for (const v of values) s += (v - m) ** 2;
  return Math.sqrt(s / (values.length - 1));
}

/**
 * Comparable selection and neighbourhood features of one home. `value` holds the history's log prices
 * brought to the reference level; `neighbours` excludes sales of the same home, which come in `repeats`: they are
 * its own history (the repeat-sale features), never its comparables.
 */
export function describeNeighbourhood(
  prep: PreparedSales,
  value: Float64Array,
  hedonic: Hedonic,
  facts: HomeFacts,
  neighbours: NeighbourList,
  repeats: number[],
  maxComparables: number,
  queryDay: number,
): Neighbourhood {
  const count = neighbours.index.length;
  const adjusted: number[] = [];
  const deltas: Record<HedonicFeature, number>[] = [];
  for (let a = 0; a < count; a++) {
    const j = neighbours.index[a]!;
    const d = hedonicDeltas(hedonic, facts, prep.facts[j]!);
    deltas.push(d);
    adjusted.push(value[j]! + totalDelta(d));
  }
  const first10 = adjusted.slice(0, 10);
  const first30 = adjusted.slice(0, 30);
  const near10 = Array.from(neighbours.index.subarray(0, 10));
  const localScale = Math.max(neighbours.dist[Math.min(9, count - 1)] ?? 0.05, 0.05);

  // Comparable selection: close relative to the local density of sales, small total adjustments, same type.
  const candidates: CompCandidate[] = [];
  for (let a = 0; a < count; a++) {
    const j = neighbours.index[a]!;
    const d = deltas[a]!;
    const gross = Math.abs(d.logSqft) + Math.abs(d.bedrooms) + Math.abs(d.bathrooms) + Math.abs(d.yearBuilt) + Math.abs(d.logLot);
    const comp = prep.facts[j]!;
    const typeMismatch = !Number.isNaN(facts.typeCode) && !Number.isNaN(comp.typeCode) && facts.typeCode !== comp.typeCode;
    const sizeGap = Number.isNaN(facts.logSqft - comp.logSqft) ? 0 : Math.abs(facts.logSqft - comp.logSqft);
    const score = neighbours.dist[a]! / localScale + gross / 0.1 + sizeGap / 0.15 + (typeMismatch ? 2 : 0);
    candidates.push({ index: j, distanceMiles: neighbours.dist[a]!, deltas: d, adjustedLog: adjusted[a]!, score, weight: 0 });
  }
  candidates.sort((p, q) => p.score - q.score || p.index - q.index);
  const selected = candidates.slice(0, Math.max(0, maxComparables));
  let weightSum = 0;
  for (const c of selected) {
    c.weight = 1 / (0.5 + c.score) ** 2;
    weightSum += c.weight;
  }
  let compsLog = Number.NaN;
  let compsSpread = Number.NaN;
  if (weightSum > 0) {
    compsLog = 0;
    for (const c of selected) {
      c.weight /= weightSum;
      compsLog += c.weight * c.adjustedLog;
    }
    let v = 0;
    for (const c of selected) v += c.weight * (c.adjustedLog - compsLog) ** 2;
    compsSpread = Math.sqrt(v);
  }

  let repeatIndex = -1;
  for (const j of repeats) if (repeatIndex < 0 || prep.day[j]! > prep.day[repeatIndex]!) repeatIndex = j;
  const repeatLog = repeatIndex >= 0 ? value[repeatIndex]! + totalDelta(hedonicDeltas(hedonic, facts, prep.facts[repeatIndex]!)) : Number.NaN;

  const known = (f: HedonicFeature) => near10.map((j) => prep.facts[j]![f]).filter((v) => !Number.isNaN(v));
  const sameType = Number.isNaN(facts.typeCode)
    ? Number.NaN
    : near10.filter((j) => prep.facts[j]!.typeCode === facts.typeCode).length / Math.max(1, near10.length);

  const features = Float64Array.from([
    facts.latitude,
    facts.longitude,
    facts.x + facts.y,
    facts.x - facts.y,
    facts.logSqft,
    facts.bedrooms,
    facts.bathrooms,
    facts.yearBuilt,
    facts.logLot,
    facts.typeCode,
    meanOf(first10),
    medianOf(first30),
    compsLog,
    medianOf(near10.map((j) => value[j]! - prep.facts[j]!.logSqft)),
    meanOf(known('logSqft')),
    medianOf(known('yearBuilt')),
    medianOf(known('logLot')),
    count > 0 ? Math.log(neighbours.dist[0]! + 0.01) : Number.NaN,
    count > 0 ? Math.log(neighbours.dist[Math.min(9, count - 1)]! + 0.01) : Number.NaN,
    sdOf(first10),
    compsSpread,
    repeatLog,
    repeatIndex >= 0 ? (queryDay - prep.day[repeatIndex]!) / 365.25 : Number.NaN,
    sameType,
  ]);
  return { features, comps: selected, compsLog, compsSpread, repeatLog, repeatIndex };
}
