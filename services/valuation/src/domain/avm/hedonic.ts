import { robustRegression } from './linalg';
import type { HomeFacts, PreparedSales } from './prepare';

/** Log-price effect per unit difference of each fact, learned from nearby sales (see fitHedonic). */
export interface Hedonic {
  logSqft: number;
  bedrooms: number;
  bathrooms: number;
  yearBuilt: number;
  logLot: number;
}

export type HedonicFeature = keyof Hedonic;
export const hedonicFeatures: HedonicFeature[] = ['logSqft', 'bedrooms', 'bathrooms', 'yearBuilt', 'logLot'];

export interface NeighbourList {
  index: Int32Array;
  /** Miles, ascending. */
  dist: Float64Array;
}

/** Nearest history sales to a home, never including sales of the same home (same property key) or skipped ones. */
export function neighboursOf(prep: PreparedSales, facts: HomeFacts, k: number, skip?: (i: number) => boolean): NeighbourList {
  const key = facts.propertyKey;
  const found = prep.tree.nearest(facts.x, facts.y, k, (i) => prep.facts[i]!.propertyKey === key || (skip ? skip(i) : false));
  return { index: Int32Array.from(found.index), dist: Float64Array.from(found.distance) };
}

export function trainingNeighbours(prep: PreparedSales, k: number): NeighbourList[] {
  return prep.facts.map((facts) => neighboursOf(prep, facts, k));
}

/** Log adjustment per fact that turns a comparable's value into the subject's (missing facts: no adjustment). */
export function hedonicDeltas(coef: Hedonic, subject: HomeFacts, comp: HomeFacts): Record<HedonicFeature, number> {
  const d = (f: HedonicFeature) => {
    const diff = subject[f] - comp[f];
    return Number.isNaN(diff) ? 0 : coef[f] * diff;
  };
  return { logSqft: d('logSqft'), bedrooms: d('bedrooms'), bathrooms: d('bathrooms'), yearBuilt: d('yearBuilt'), logLot: d('logLot') };
}

export function totalDelta(deltas: Record<HedonicFeature, number>): number {
  return deltas.logSqft + deltas.bedrooms + deltas.bathrooms + deltas.yearBuilt + deltas.logLot;
}

/**
 * Adjustment rates from local differences: each sale's (time-adjusted) log price minus the mean of its
 * nearest neighbours is regressed on its facts minus theirs, which removes location (the neighbours share
 * it) without any place-specific input. Huber-robust; size, bedrooms, bathrooms and lot are held >= 0 so
 * adjustments always point the way a buyer expects.
 */
export function fitHedonic(prep: PreparedSales, logValue: Float64Array, neighbours: NeighbourList[], k = 10): Hedonic {
  const n = prep.n;
  const X = hedonicFeatures.map(() => new Float64Array(n));
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const list = neighbours[i]!;
    const m = Math.min(k, list.index.length);
    if (m === 0) continue;
    let vSum = 0;
    for (let a = 0; a < m; a++) vSum += logValue[list.index[a]!]!;
    y[i] = logValue[i]! - vSum / m;
    const fi = prep.facts[i]!;
    hedonicFeatures.forEach((feature, f) => {
      const own = fi[feature];
      if (Number.isNaN(own)) return;
      let s = 0;
      let c = 0;
      for (let a = 0; a < m; a++) {
        const v = prep.facts[list.index[a]!]![feature];
        if (!Number.isNaN(v)) {
          s += v;
          c++;
        }
      }
      if (c > 0) X[f]![i] = own - s / c;
    });
  }
  const beta = robustRegression(X, y, { ridge: 1e-4, nonNegative: [true, true, true, false, true] });
  return { logSqft: beta[0]!, bedrooms: beta[1]!, bathrooms: beta[2]!, yearBuilt: beta[3]!, logLot: beta[4]! };
}
