import { dateOfDay, formatMonthIndex, monthIndexMidDay, monthIndexOfDay } from '../hpi/dates';
import { LogLinearIndex } from '../hpi/price-index';
import { fitHedonic, hedonicDeltas, totalDelta, type Hedonic, type NeighbourList } from './hedonic';
import { solveLinear } from './linalg';
import type { PreparedSales } from './prepare';

export interface SalesIndexFit {
  index: LogLinearIndex;
  hedonic: Hedonic;
  /** Monthly raw (unsmoothed) estimates, for diagnostics and tests. */
  months: { month: string; sales: number; raw: number; smoothed: number }[];
}

/**
 * Whittaker-Henderson smoother: minimises sum w_m (z_m - r_m)^2 + lambda * sum (second difference of z)^2.
 * Months without data get weight 0 and are interpolated.
 */
export function whittakerSmooth(values: Float64Array, weights: Float64Array, lambda: number): Float64Array {
  const m = values.length;
  if (m <= 2) {
    let s = 0;
    let w = 0;
    for (let i = 0; i < m; i++) {
      s += values[i]! * weights[i]!;
      w += weights[i]!;
    }
    return new Float64Array(m).fill(w > 0 ? s / w : 0);
  }
  const A = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  const b = new Array<number>(m).fill(0);
  for (let i = 0; i < m; i++) {
    A[i]![i]! += weights[i]!;
    b[i] = weights[i]! * values[i]!;
  }
  for (let i = 0; i + 2 < m; i++) {
    const d = [1, -2, 1];
    for (let a = 0; a < 3; a++) for (let c = 0; c < 3; c++) A[i + a]![i + c]! += lambda * d[a]! * d[c]!;
  }
  // A tiny ridge keeps the system solvable when only one month has data.
  for (let i = 0; i < m; i++) A[i]![i]! += 1e-9;
  return Float64Array.from(solveLinear(A, b));
}

/**
 * A monthly market index estimated from the sales themselves. Each sale is compared with its nearest
 * neighbours (adjusted for differences in facts and deflated by the current index); the monthly median of
 * those comparisons is the index correction, smoothed over months, iterated a few times. Robust to outliers,
 * and neutral to where in the area sales happen in a given month.
 */
export function fitSalesIndex(prep: PreparedSales, neighbours: NeighbourList[], options: { k?: number; iterations?: number; monthlyCurvatureSd?: number } = {}): SalesIndexFit {
  const k = options.k ?? 10;
  const n = prep.n;
  const monthOf = Int32Array.from(prep.day, (d) => monthIndexOfDay(d));
  let firstMonth = Infinity;
  let lastMonth = -Infinity;
  for (const m of monthOf) {
    if (m < firstMonth) firstMonth = m;
    if (m > lastMonth) lastMonth = m;
  }
  const months = n > 0 ? lastMonth - firstMonth + 1 : 0;
  const level = new Float64Array(Math.max(1, months));
  const raw = new Float64Array(level.length);
  const counts = new Float64Array(level.length);
  const value = new Float64Array(n);
  let hedonic: Hedonic = { logSqft: 0, bedrooms: 0, bathrooms: 0, yearBuilt: 0, logLot: 0 };
  const tau = options.monthlyCurvatureSd ?? 0.01;

  const levelAtDay = (index: LogLinearIndex | null, i: number) => (index ? index.logLevelAtDay(prep.day[i]!) : 0);
  let index: LogLinearIndex | null = null;
  for (let iteration = 0; iteration < (options.iterations ?? 3); iteration++) {
    for (let i = 0; i < n; i++) value[i] = prep.logPrice[i]! - levelAtDay(index, i);
    hedonic = fitHedonic(prep, value, neighbours, k);
    if (months < 2) break;
    const residualsByMonth: number[][] = Array.from({ length: months }, () => []);
    const allResiduals: number[] = [];
    for (let i = 0; i < n; i++) {
      const list = neighbours[i]!;
      const m = Math.min(k, list.index.length);
      if (m === 0) continue;
      let s = 0;
      for (let a = 0; a < m; a++) {
        const j = list.index[a]!;
        s += value[j]! + totalDelta(hedonicDeltas(hedonic, prep.facts[i]!, prep.facts[j]!));
      }
      const r = value[i]! - s / m;
      residualsByMonth[monthOf[i]! - firstMonth]!.push(r);
      allResiduals.push(r);
    }
    const centre = medianOf(allResiduals);
    const spread = 1.4826 * medianOf(allResiduals.map((r) => Math.abs(r - centre))) || 0.2;
    const weights = new Float64Array(months);
    for (let m = 0; m < months; m++) {
      const list = residualsByMonth[m]!;
      counts[m] = list.length;
      raw[m] = list.length ? medianOf(list) : 0;
      // Precision of a monthly median: n / (pi/2 * sigma^2).
      weights[m] = list.length / ((Math.PI / 2) * spread * spread);
    }
    const correction = whittakerSmooth(raw, weights, 1 / (tau * tau));
    for (let m = 0; m < months; m++) level[m]! += correction[m]!;
    const last = level[months - 1]!;
    for (let m = 0; m < months; m++) level[m]! -= last;
    index = buildIndex(level, firstMonth, prep);
  }
  const finalIndex = index ?? buildIndex(level, Number.isFinite(firstMonth) ? firstMonth : 0, prep);
  return {
    index: finalIndex,
    hedonic,
    months: Array.from(level, (smoothed, m) => ({ month: formatMonthIndex(firstMonth + m), sales: counts[m]!, raw: raw[m]!, smoothed })),
  };
}

function buildIndex(level: Float64Array, firstMonth: number, prep: PreparedSales): LogLinearIndex {
  let minDay = Infinity;
  let maxDay = -Infinity;
  for (const d of prep.day) {
    if (d < minDay) minDay = d;
    if (d > maxDay) maxDay = d;
  }
  const start = Number.isFinite(minDay) ? dateOfDay(minDay) : '1970-01-01';
  const end = Number.isFinite(maxDay) ? dateOfDay(maxDay) : '1970-01-01';
  const knots = Array.from(level, (logLevel, m) => ({ day: monthIndexMidDay(firstMonth + m), logLevel }));
  if (knots.length === 1) knots[0]!.day = Number.isFinite(maxDay) ? maxDay : knots[0]!.day;
  else knots[knots.length - 1]!.day = Math.min(knots[knots.length - 1]!.day, Number.isFinite(maxDay) ? maxDay : Infinity);
  return new LogLinearIndex(knots, {
    name: `Market index fitted from the ${prep.n.toLocaleString('en-US')} sales in the history (monthly, smoothed)`,
    startLabel: start,
    endLabel: `${end} (last sale)`,
    startDate: start,
    endDate: end,
  });
}

function medianOf(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
