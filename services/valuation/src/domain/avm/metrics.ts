export interface EvalMetrics {
  n: number;
  /** Median absolute percentage error, percent. */
  mdape: number;
  /** Percent of predictions within 10% / 20% of the price. */
  ppe10: number;
  ppe20: number;
  /** IAAO coefficient of dispersion of predicted/actual: 100 * mean(|ratio - median ratio|) / median ratio. */
  cod: number;
  /** Percent of actual prices inside [low, high] (NaN when no ranges were given). */
  rangeCoverage: number;
}

export interface EvalCase {
  actual: number;
  predicted: number;
  low?: number;
  high?: number;
}

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  return n % 2 ? sorted[n >> 1]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
}

export function computeMetrics(cases: EvalCase[]): EvalMetrics {
  const n = cases.length;
  if (n === 0) return { n: 0, mdape: Number.NaN, ppe10: Number.NaN, ppe20: Number.NaN, cod: Number.NaN, rangeCoverage: Number.NaN };
  const ape = cases.map((c) => Math.abs(c.predicted - c.actual) / c.actual);
  const ratios = cases.map((c) => c.predicted / c.actual);
  const medianRatio = medianOf(ratios);
  const cod = (100 * ratios.reduce((s, r) => s + Math.abs(r - medianRatio), 0)) / n / medianRatio;
  const withRange = cases.filter((c) => c.low !== undefined && c.high !== undefined);
  const inside = withRange.filter((c) => c.actual >= c.low! && c.actual <= c.high!).length;
  return {
    n,
    mdape: 100 * medianOf(ape),
    ppe10: (100 * ape.filter((e) => e <= 0.1).length) / n,
    ppe20: (100 * ape.filter((e) => e <= 0.2).length) / n,
    cod,
    rangeCoverage: withRange.length ? (100 * inside) / withRange.length : Number.NaN,
  };
}

/** Rounds every metric to 2 decimals for printing. */
export function roundMetrics(m: EvalMetrics): EvalMetrics {
  const r = (v: number) => (Number.isFinite(v) ? Math.round(v * 100) / 100 : v);
  return { n: m.n, mdape: r(m.mdape), ppe10: r(m.ppe10), ppe20: r(m.ppe20), cod: r(m.cod), rangeCoverage: r(m.rangeCoverage) };
}
