import { trainAvm } from './index';
import { computeMetrics, type EvalCase, type EvalMetrics } from './metrics';
import { seededRandom, shuffled } from './random';
import type { PriceIndex, Sale, Subject } from './types';

export interface EvaluationOptions {
  seed?: number;
  index?: PriceIndex;
  log?: (message: string) => void;
}

export function subjectOf(sale: Sale): Subject {
  return {
    latitude: sale.latitude,
    longitude: sale.longitude,
    livingSqft: sale.livingSqft,
    bedrooms: sale.bedrooms,
    bathrooms: sale.bathrooms,
    yearBuilt: sale.yearBuilt,
    lotSqft: sale.lotSqft,
    propertyType: sale.propertyType,
    zip: sale.zip,
  };
}

/** Stable sort by sale date (ties keep file order). */
export function sortBySaleDate(sales: Sale[]): Sale[] {
  return sales
    .map((sale, order) => ({ sale, order }))
    .sort((a, b) => (a.sale.saleDate < b.sale.saleDate ? -1 : a.sale.saleDate > b.sale.saleDate ? 1 : a.order - b.order))
    .map((x) => x.sale);
}

function predictAll(history: Sale[], targets: Sale[], options: EvaluationOptions): EvalCase[] {
  const model = trainAvm(history, options);
  return targets.map((sale) => {
    const v = model.value(subjectOf(sale), { valueDate: sale.saleDate });
    return { actual: sale.salePrice, predicted: v.estimate, low: v.low, high: v.high };
  });
}

/**
 * The avm-eval protocol: stable sort by sale_date, the first floor(80%) rows are the history, the rest are
 * valued at their sale dates using the history only.
 */
export function evaluateTimeOrdered(sales: Sale[], options: EvaluationOptions = {}): EvalMetrics {
  const sorted = sortBySaleDate(sales);
  const cut = Math.floor(sorted.length * 0.8);
  const history = sorted.slice(0, cut);
  const targets = sorted.slice(cut);
  options.log?.(`history ${history.length} sales (${history[0]?.saleDate} to ${history[cut - 1]?.saleDate}), predicting ${targets.length}`);
  return computeMetrics(predictAll(history, targets, options));
}

/** k-fold cross-validation with a seeded shuffle (for data whose dates make a time split meaningless). */
export function evaluateKFold(sales: Sale[], folds: number, options: EvaluationOptions = {}): EvalMetrics {
  if (!Number.isInteger(folds) || folds < 2) throw new Error('k-fold needs at least 2 folds');
  const order = shuffled(
    sales.map((_, i) => i),
    seededRandom(options.seed ?? 42),
  );
  const cases: EvalCase[] = [];
  for (let f = 0; f < folds; f++) {
    const test = new Set(order.filter((_, k) => k % folds === f));
    const history = sales.filter((_, i) => !test.has(i));
    const targets = sales.filter((_, i) => test.has(i));
    options.log?.(`fold ${f + 1}/${folds}: history ${history.length}, predicting ${targets.length}`);
    cases.push(...predictAll(history, targets, options));
  }
  return computeMetrics(cases);
}
