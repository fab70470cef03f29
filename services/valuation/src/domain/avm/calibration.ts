import { robustRegression } from './linalg';
import { clamp, quantile } from './stats';

/** One out-of-sample prediction inside the history (model fitted on earlier sales only). */
export interface HoldoutRecord {
  actualLog: number;
  modelLog: number;
  compsLog: number;
  signals: number[];
}

/** Signals the expected error size depends on; all cheap and available for any subject. */
export const signalNames = ['comps_spread', 'knn10_spread', 'model_vs_comps', 'log_dist_10', 'has_repeat_sale'] as const;

export interface Calibration {
  /** Share of the comparable-sales estimate in the final (log) estimate. */
  compsWeight: number;
  /**
   * Log shift added to every estimate: the median error of forward valuations on the holdout (estimates of
   * later sales made from earlier ones run behind a moving market by about this much).
   */
  levelShift: number;
  /** log(expected error scale) = coef[0] + sum coef[k+1] * signal[k] */
  scaleCoef: number[];
  signalFill: number[];
  /** Quantiles of errors divided by their expected scale. */
  lowQuantile: number;
  highQuantile: number;
  /** Sorted |standardised errors|, to read off P(|error| < 10%) at any scale. */
  sortedAbsStandardised: Float64Array;
  holdoutCount: number;
  /** Measured on the holdout with the chosen blend: median absolute percentage error. */
  holdoutMdape: number;
  coverageTarget: number;
}

export const defaultCoverage = 0.8;
const within10 = Math.log(1.1);

export function blendLog(modelLog: number, compsLog: number, compsWeight: number): number {
  return Number.isNaN(compsLog) ? modelLog : modelLog + compsWeight * (compsLog - modelLog);
}

function design(signals: number[], fill: number[]): number[] {
  return [1, ...signals.map((s, k) => (Number.isFinite(s) ? s : fill[k]!))];
}

export function errorScale(calibration: Calibration, signals: number[]): number {
  const x = design(signals, calibration.signalFill);
  let z = 0;
  x.forEach((v, k) => (z += (calibration.scaleCoef[k] ?? 0) * v));
  return Math.exp(clamp(z, -8, 2));
}

/** Log-space interval and the share of comparable holdout cases within 10%, for one prediction. */
export function intervalFor(calibration: Calibration, logEstimate: number, signals: number[]): { lowLog: number; highLog: number; confidence: number } {
  const s = errorScale(calibration, signals);
  const limit = within10 / s;
  const sorted = calibration.sortedAbsStandardised;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < limit) lo = mid + 1;
    else hi = mid;
  }
  const confidence = sorted.length ? lo / sorted.length : 0;
  return { lowLog: logEstimate + calibration.lowQuantile * s, highLog: logEstimate + calibration.highQuantile * s, confidence };
}

/**
 * Chooses the comps/model blend and an error-scale model from out-of-sample predictions, then the
 * quantiles of the scaled errors that make [low, high] cover `coverage` of them.
 */
export function calibrate(records: HoldoutRecord[], coverage = defaultCoverage): Calibration {
  const n = records.length;
  let compsWeight = 0;
  let bestLoss = Infinity;
  for (let step = 0; step <= 20; step++) {
    const w = step / 20;
    let loss = 0;
    for (const r of records) loss += Math.abs(r.actualLog - blendLog(r.modelLog, r.compsLog, w));
    if (loss < bestLoss - 1e-12) {
      bestLoss = loss;
      compsWeight = w;
    }
  }
  const blendErrors = records.map((r) => r.actualLog - blendLog(r.modelLog, r.compsLog, compsWeight));
  const levelShift = significantMedian(blendErrors);
  const errors = blendErrors.map((e) => e - levelShift);
  const signalCount = signalNames.length;
  const signalFill = Array.from({ length: signalCount }, (_, k) => {
    const known = records.map((r) => r.signals[k]!).filter((v) => Number.isFinite(v));
    return known.length ? quantile(known, 0.5) : 0;
  });
  let scaleCoef = [Math.log(quantile(errors.map(Math.abs), 0.5) || 0.1), ...new Array<number>(signalCount).fill(0)];
  if (n >= 10 * (signalCount + 1)) {
    const X = Array.from({ length: signalCount + 1 }, () => new Float64Array(n));
    const y = new Float64Array(n);
    records.forEach((r, i) => {
      design(r.signals, signalFill).forEach((v, k) => (X[k]![i] = v));
      y[i] = Math.log(Math.abs(errors[i]!) + 0.005);
    });
    scaleCoef = robustRegression(X, y, { ridge: 1e-3 });
  }
  const partial: Calibration = {
    compsWeight,
    levelShift,
    scaleCoef,
    signalFill,
    lowQuantile: 0,
    highQuantile: 0,
    sortedAbsStandardised: new Float64Array(),
    holdoutCount: n,
    holdoutMdape: 100 * quantile(errors.map((e) => Math.abs(Math.exp(-e) - 1)), 0.5),
    coverageTarget: coverage,
  };
  const standardised = records.map((r, i) => errors[i]! / errorScale(partial, r.signals));
  const tail = (1 - coverage) / 2;
  partial.lowQuantile = quantile(standardised, tail);
  partial.highQuantile = quantile(standardised, 1 - tail);
  partial.sortedAbsStandardised = Float64Array.from(standardised, Math.abs).sort();
  return partial;
}

/**
 * The median, pulled towards 0 by two of its standard errors (soft threshold): a lag that the holdout measures
 * clearly is corrected, noise is not.
 */
export function significantMedian(values: number[]): number {
  const m = quantile(values, 0.5);
  if (!Number.isFinite(m)) return 0;
  const spread = 1.4826 * quantile(values.map((v) => Math.abs(v - m)), 0.5);
  const standardError = (1.2533 * spread) / Math.sqrt(values.length);
  return Math.sign(m) * Math.max(0, Math.abs(m) - 2 * standardError);
}

/** Used when the history is too small to measure errors: a wide, plainly labelled range. */
export function uncalibrated(): Calibration {
  return {
    compsWeight: 0.5,
    levelShift: 0,
    scaleCoef: [Math.log(0.15)],
    signalFill: [],
    lowQuantile: -1.5,
    highQuantile: 1.5,
    sortedAbsStandardised: Float64Array.from([0.2, 0.5, 0.8, 1, 1.5, 2, 3]),
    holdoutCount: 0,
    holdoutMdape: Number.NaN,
    coverageTarget: defaultCoverage,
  };
}
