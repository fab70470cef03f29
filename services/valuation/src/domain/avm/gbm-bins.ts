import type { FeatureMatrix } from './gbm-model';

/** Features bucketed into quantile bins: bin 0 is missing (NaN), value v goes to 1 + #(edges < v). */
export interface Binned {
  bins: Uint8Array[];
  /** Bin edges per feature: a split after bin b sends values <= thresholds[b - 1] left. */
  thresholds: Float64Array[];
  /** Bins per feature, the missing bin included. */
  binCount: number[];
}

/** Histogram slots per feature: the bins of one feature never exceed this (maxBins <= 255, plus missing). */
export const binStride = 256;

export function binFeatures(matrix: FeatureMatrix, maxBins: number): Binned {
  const bins: Uint8Array[] = [];
  const thresholds: Float64Array[] = [];
  const binCount: number[] = [];
  for (const column of matrix.columns) {
    const edges = quantileEdges(column, maxBins);
    bins.push(binColumn(column, edges));
    thresholds.push(edges);
    binCount.push(edges.length + 2);
  }
  return { bins, thresholds, binCount };
}

/** Midpoints between distinct values: all of them when few, else at (roughly) equal-count steps. */
function quantileEdges(column: Float64Array, maxBins: number): Float64Array {
  const values = Float64Array.from(column.filter((v) => !Number.isNaN(v))).sort();
  const { distinct, counts } = distinctCounts(values);
  const edges: number[] = [];
  if (distinct.length <= maxBins) {
    for (let i = 0; i + 1 < distinct.length; i++) edges.push((distinct[i]! + distinct[i + 1]!) / 2);
  } else {
    const step = values.length / maxBins;
    let cumulative = 0;
    let next = step;
    for (let i = 0; i + 1 < distinct.length; i++) {
      cumulative += counts[i]!;
      if (cumulative >= next) {
        edges.push((distinct[i]! + distinct[i + 1]!) / 2);
        while (next <= cumulative) next += step;
      }
    }
  }
  return Float64Array.from(edges.slice(0, maxBins - 1));
}

/** Distinct values of a sorted array and how often each occurs. */
function distinctCounts(sorted: Float64Array): { distinct: number[]; counts: number[] } {
  const distinct: number[] = [];
  const counts: number[] = [];
  for (const v of sorted) {
    if (distinct.length > 0 && distinct[distinct.length - 1] === v) counts[counts.length - 1]!++;
    else {
      distinct.push(v);
      counts.push(1);
    }
  }
  return { distinct, counts };
}

function binColumn(column: Float64Array, edges: Float64Array): Uint8Array {
  const bins = new Uint8Array(column.length);
  for (let i = 0; i < column.length; i++) {
    const v = column[i]!;
    bins[i] = Number.isNaN(v) ? 0 : binOf(edges, v);
  }
  return bins;
}

/** 1 + the number of edges below v (binary search). */
function binOf(edges: Float64Array, v: number): number {
  let lo = 0;
  let hi = edges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (edges[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo + 1;
}
