import { dateOfDay, dayNumber } from '../hpi/dates';
import type { PriceIndex } from '../hpi/price-index';
import { candidateCount, describeNeighbourhood, featureNames, type Neighbourhood } from './features';
import { defaultGbmParams, trainGbm, type FeatureMatrix, type GbmModel, type GbmParams } from './gbm';
import { robustRegression } from './linalg';
import { fitHedonic, neighboursOf, trainingNeighbours, type Hedonic } from './hedonic';
import { factsOf, prepareSales, type HomeFacts, type PreparedSales } from './prepare';
import { fitSalesIndex } from './time-index';
import type { Sale, Subject } from './types';

/** Comparables used for the comps estimate inside the learned model's features. */
export const featureComparables = 6;

/** No sale indices. */
const none: ReadonlySet<number> = new Set();

/** A fitted model on one history: index, adjustment rates, neighbourhood features and boosted trees. */
export interface Core {
  prep: PreparedSales;
  index: PriceIndex;
  indexIsFitted: boolean;
  hedonic: Hedonic;
  /** Log prices brought to the reference date's level. */
  value: Float64Array;
  referenceDate: string;
  referenceDay: number;
  gbm: GbmModel;
  /** Trees used when predicting (chosen by validation when available). */
  treeLimit: number;
  fallbackLog: number;
  /** Intercept and weights of the local estimates (comps, knn10, knn30 median, price per sq ft) in the base margin. */
  marginCoef: number[];
}

export interface CorePrediction {
  /** Log value at the reference level from the boosted trees (with the comps estimate as base margin). */
  modelLog: number;
  neighbourhood: Neighbourhood;
}

export interface CoreOptions {
  index?: PriceIndex;
  seed: number;
  gbm?: Partial<GbmParams>;
  /** Validation rows to record a validation curve (for choosing the number of trees). */
  validation?: { sales: Sale[] };
  log?: (message: string) => void;
}

export interface CoreFit {
  core: Core;
  validationCurve: number[];
}

/** Caches index factors per distinct date string (many sales share dates). */
export function factorCache(index: PriceIndex): (from: string, to: string) => number {
  const cache = new Map<string, number>();
  return (from, to) => {
    const key = `${from}|${to}`;
    let f = cache.get(key);
    if (f === undefined) {
      f = index.factor(from, to);
      cache.set(key, f);
    }
    return f;
  };
}

/** Local value estimates (log, reference level) that the base margin combines; NaN-free. */
function localEstimates(nb: Neighbourhood, fallback: number): number[] {
  const f = nb.features;
  const raw = [
    nb.compsLog,
    f[featureNames.indexOf('knn10_adjusted')]!,
    f[featureNames.indexOf('knn30_adjusted')]!,
    f[featureNames.indexOf('nbr_log_ppsf')]! + f[featureNames.indexOf('log_sqft')]!,
  ];
  const firstKnown = raw.find((v) => Number.isFinite(v)) ?? fallback;
  return raw.map((v) => (Number.isFinite(v) ? v : firstKnown));
}

function baseMargin(core: Pick<Core, 'marginCoef' | 'fallbackLog'>, nb: Neighbourhood): number {
  const estimates = localEstimates(nb, core.fallbackLog);
  let m = core.marginCoef[0]!;
  estimates.forEach((v, k) => (m += core.marginCoef[k + 1]! * v));
  return m;
}

/**
 * Weights of the local estimates, learned on the history itself: every sale's neighbourhood excludes the
 * sale, so its local estimates are out-of-sample and a robust regression of its price on them is honest.
 * Noisy markets favour the broader averages, orderly ones the closest comparables.
 */
function fitMarginCoef(estimates: number[][], value: Float64Array): number[] {
  const n = value.length;
  const width = (estimates[0]?.length ?? 0) + 1;
  if (n < 5 * width) return [0, ...Array.from({ length: width - 1 }, (_, k) => (k === 0 ? 1 : 0))];
  const X = Array.from({ length: width }, (_, k) => Float64Array.from(estimates, (e) => (k === 0 ? 1 : e[k - 1]!)));
  return robustRegression(X, value, { ridge: 1e-6 });
}

/** History must be usable sales sorted by date. */
export function fitCore(history: Sale[], options: CoreOptions): CoreFit {
  const log = options.log ?? (() => {});
  const prep = prepareSales(history);
  const neighbours = trainingNeighbours(prep, candidateCount);
  let index: PriceIndex;
  let indexIsFitted = false;
  let hedonic: Hedonic | null = null;
  if (options.index) {
    index = options.index;
  } else {
    const fit = fitSalesIndex(prep, neighbours);
    index = fit.index;
    hedonic = fit.hedonic;
    indexIsFitted = true;
  }
  let maxDay = -Infinity;
  for (const d of prep.day) if (d > maxDay) maxDay = d;
  const referenceDate = dateOfDay(maxDay);
  const factor = factorCache(index);
  const value = Float64Array.from(history, (s, i) => prep.logPrice[i]! + Math.log(factor(s.saleDate, referenceDate)));
  hedonic ??= fitHedonic(prep, value, neighbours);
  log(
    `hedonic rates: size ${hedonic.logSqft.toFixed(3)}, bed ${hedonic.bedrooms.toFixed(4)}, bath ${hedonic.bathrooms.toFixed(4)}, year ${hedonic.yearBuilt.toFixed(5)}, lot ${hedonic.logLot.toFixed(4)}`,
  );

  const fallbackLog = medianOf(Array.from(value));
  const rows: Float64Array[] = [];
  const estimates: number[][] = [];
  for (let i = 0; i < prep.n; i++) {
    const facts = prep.facts[i]!;
    // Only earlier sales of the same home count as evidence, as when valuing a home today.
    const repeats = (prep.byKey.get(facts.propertyKey) ?? []).filter((j) => prep.day[j]! < prep.day[i]!);
    const nb = describeNeighbourhood(prep, value, hedonic, facts, neighbours[i]!, repeats, featureComparables, prep.day[i]!);
    rows.push(nb.features);
    estimates.push(localEstimates(nb, fallbackLog));
  }
  const marginCoef = fitMarginCoef(estimates, value);
  log(`local estimates combined as ${marginCoef.map((c) => c.toFixed(3)).join(', ')}`);
  const init = Float64Array.from(estimates, (e) => e.reduce((m, v, k) => m + marginCoef[k + 1]! * v, marginCoef[0]!));
  const matrix = toMatrix(rows);
  const params: GbmParams = { ...defaultGbmParams, seed: options.seed, ...options.gbm };

  const partial: Core = {
    prep,
    index,
    indexIsFitted,
    hedonic,
    value,
    referenceDate,
    referenceDay: maxDay,
    gbm: null as unknown as GbmModel,
    treeLimit: 0,
    fallbackLog,
    marginCoef,
  };

  let validation: { matrix: FeatureMatrix; y: Float64Array; init: Float64Array } | undefined;
  if (options.validation && options.validation.sales.length > 0) {
    const vRows: Float64Array[] = [];
    const vInit: number[] = [];
    const vY: number[] = [];
    for (const sale of options.validation.sales) {
      const nb = neighbourhoodOf(partial, factsForHome(partial, sale), none, featureComparables, dayNumber(sale.saleDate));
      vRows.push(nb.features);
      vInit.push(baseMargin(partial, nb));
      vY.push(Math.log(sale.salePrice) + Math.log(factor(sale.saleDate, referenceDate)));
    }
    validation = { matrix: toMatrix(vRows), y: Float64Array.from(vY), init: Float64Array.from(vInit) };
  }

  const trained = trainGbm(matrix, value, params, { init, ...(validation ? { validation, earlyStoppingRounds: 150 } : {}) });
  partial.gbm = trained.model;
  partial.treeLimit = trained.model.treeCount;
  return { core: partial, validationCurve: trained.validationCurve };
}

export function factsForHome(core: Core, home: Sale | Subject): HomeFacts {
  return factsOf(home, core.prep.projection);
}

/**
 * Neighbourhood of a home valued on queryDay against the history, skipping excluded sale indices. The home's own
 * sales (those at its coordinates with its living area, and `own`) are its repeat sales, never its neighbours.
 */
export function neighbourhoodOf(
  core: Core,
  facts: HomeFacts,
  excluded: ReadonlySet<number>,
  maxComparables: number,
  queryDay: number,
  own: ReadonlySet<number> = none,
): Neighbourhood {
  const skip = excluded.size > 0 || own.size > 0 ? (i: number) => excluded.has(i) || own.has(i) : undefined;
  const neighbours = neighboursOf(core.prep, facts, candidateCount, skip);
  const repeats = ownSalesOf(core, facts, own).filter((j) => !excluded.has(j) && core.prep.day[j]! <= queryDay);
  return describeNeighbourhood(core.prep, core.value, core.hedonic, facts, neighbours, repeats, maxComparables, queryDay);
}

/** Indices of the home's own sales: at its coordinates with its living area, and those known to be its own. */
export function ownSalesOf(core: Core, facts: HomeFacts, own: ReadonlySet<number> = none): number[] {
  return [...new Set([...(core.prep.byKey.get(facts.propertyKey) ?? []), ...own])].sort((a, b) => a - b);
}

/** The learned model's value of a home and the neighbourhood (with the comparables) it was computed from. */
export function predictCore(core: Core, facts: HomeFacts, excluded: ReadonlySet<number>, queryDay: number, own: ReadonlySet<number> = none): CorePrediction {
  const neighbourhood = neighbourhoodOf(core, facts, excluded, featureComparables, queryDay, own);
  const margin = baseMargin(core, neighbourhood);
  const modelLog = margin + core.gbm.predictRow(neighbourhood.features, core.treeLimit);
  return { modelLog, neighbourhood };
}

export function toMatrix(rows: Float64Array[]): FeatureMatrix {
  const width = rows[0]?.length ?? featureNames.length;
  const columns = Array.from({ length: width }, (_, f) => Float64Array.from(rows, (r) => r[f]!));
  return { columns, rows: rows.length };
}

export function logFactor(core: Core, toDate: string): number {
  return Math.log(core.index.factor(core.referenceDate, toDate));
}

export function dayOf(date: string): number {
  return dayNumber(date);
}

function medianOf(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
