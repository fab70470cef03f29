/**
 * The product's automated valuation model.
 *
 * Inputs: coordinates, living area, bedrooms, bathrooms, year built, lot size, property type and dated
 * prior sales (any fact but the first two may be missing). Design:
 * - Time: sale prices are brought to one price level with a house price index: the caller's (FHFA) or,
 *   without one, a monthly index fitted robustly from the sales themselves (time-index.ts).
 * - Adjustment rates (size, bedrooms, bathrooms, age, lot) are learned from differences between nearby
 *   sales, which removes location without knowing any place (hedonic.ts).
 * - Comparable sales: nearby, similar sales (scored by distance relative to local density, total
 *   adjustment, size gap and type), adjusted for differences (features.ts, explain.ts). The home's own earlier
 *   sales are never its comparables: they are its sale history, which the learned model takes as evidence
 *   (the repeat-sale features).
 * - Learned model: local price levels (comparables, 10/30 nearest, price per sq ft; combined with weights
 *   learned on the history) corrected by histogram gradient-boosted trees on log price with the facts,
 *   rotated coordinates and neighbourhood features (gbm*.ts, core.ts).
 * - Calibration: an inner model on the earliest 80% of the history values the latest 20% as a forward
 *   valuation would; those errors pick the number of trees and the comps/model mix, measure how far forward
 *   valuations lag a moving market (a level shift, applied only when clearly beyond noise), fit an error-scale
 *   model on the comparables' agreement and closeness, and set the 80% range and the confidence
 *   (calibration.ts).
 */
import { dayNumber, isIsoDate } from '../hpi/dates';
import { blendLog, calibrate, intervalFor, uncalibrated, type Calibration, type HoldoutRecord } from './calibration';
import { haversineMiles } from './geo';
import { factorCache, factsForHome, fitCore, neighbourhoodOf, ownSalesOf, predictCore, type Core, type CorePrediction } from './core';
import { featureNames, type CompCandidate } from './features';
import { describeAdjustments } from './explain';
import { isUsableSale } from './prepare';
import type { AvmModel, ComparableUse, NearbySalesOptions, Sale, Subject, TrainOptions, Valuation, ValueOptions } from './types';

export * from './types';
export { computeMetrics, type EvalMetrics } from './metrics';

/** Share of the (time-ordered) history held out to measure out-of-sample errors. */
const holdoutShare = 0.2;
const minimumHoldout = 20;
/** Trees are grown up to this many; the validation curve chooses how many are used. */
const maxTrees = 1200;

function signalsOf(prediction: CorePrediction): number[] {
  const nb = prediction.neighbourhood;
  const f = nb.features;
  return [
    nb.compsSpread,
    f[featureNames.indexOf('knn10_spread')]!,
    Number.isNaN(nb.compsLog) ? Number.NaN : Math.abs(prediction.modelLog - nb.compsLog),
    f[featureNames.indexOf('log_dist_10')]!,
    Number.isNaN(nb.repeatLog) ? 0 : 1,
  ];
}

/** Fewest trees whose validation error is within a hair of the best (a noisy minimum shouldn't pick the count). */
function bestTreeCount(curve: number[]): number {
  if (curve.length === 0) return 0;
  let best = 0;
  for (let i = 1; i < curve.length; i++) if (curve[i]! < curve[best]!) best = i;
  const tolerance = curve[best]! * 0.002;
  const first = curve.findIndex((v) => v <= curve[best]! + tolerance);
  return first + 1;
}

/**
 * Trains the AVM on dated sales. Steps: (1) the earliest 80% of the history trains an inner model that
 * predicts the latest 20% (as a forward valuation would); those out-of-sample errors choose the number of
 * trees, the comps/model blend, and calibrate ranges and confidence; (2) the same recipe is refitted on the
 * whole history. Deterministic for a given seed.
 */
export function trainAvm(history: Sale[], options: TrainOptions = {}): AvmModel {
  const log = options.log ?? (() => {});
  const seed = options.seed ?? 42;
  const usable = history
    .filter(isUsableSale)
    .map((sale, order) => ({ sale, order }))
    .sort((a, b) => (a.sale.saleDate < b.sale.saleDate ? -1 : a.sale.saleDate > b.sale.saleDate ? 1 : a.order - b.order))
    .map((x) => x.sale);
  if (usable.length < 2) throw new Error('The AVM needs at least 2 usable sales (price, date, coordinates and living area)');

  let calibration: Calibration = uncalibrated();
  let trees = 400;
  const holdoutCount = Math.floor(usable.length * holdoutShare);
  if (holdoutCount >= minimumHoldout) {
    const inner = usable.slice(0, usable.length - holdoutCount);
    const holdout = usable.slice(usable.length - holdoutCount);
    log(`calibrating: inner model on ${inner.length} earlier sales, predicting the latest ${holdout.length}`);
    const innerFit = fitCore(inner, {
      ...(options.index ? { index: options.index } : {}),
      seed,
      gbm: { iterations: maxTrees },
      validation: { sales: holdout },
      log,
    });
    const chosen = bestTreeCount(innerFit.validationCurve);
    innerFit.core.treeLimit = chosen;
    // The full history has 1 / (1 - holdoutShare) times the rows; slightly more trees fit it equally well.
    trees = Math.max(10, Math.round(chosen * 1.1));
    const factor = factorCache(innerFit.core.index);
    const records: HoldoutRecord[] = holdout.map((sale) => {
      const prediction = predictCore(innerFit.core, factsForHome(innerFit.core, sale), new Set(), dayNumber(sale.saleDate));
      const shift = Math.log(factor(innerFit.core.referenceDate, sale.saleDate));
      return {
        actualLog: Math.log(sale.salePrice),
        modelLog: prediction.modelLog + shift,
        compsLog: prediction.neighbourhood.compsLog + shift,
        signals: signalsOf(prediction),
      };
    });
    calibration = calibrate(records);
    log(
      `calibration: trees ${chosen} (final ${trees}), comps weight ${calibration.compsWeight}, level shift ${(calibration.levelShift * 100).toFixed(2)}%, holdout MdAPE ${calibration.holdoutMdape.toFixed(2)}%, scaled-error quantiles ${calibration.lowQuantile.toFixed(2)}..${calibration.highQuantile.toFixed(2)}`,
    );
  }

  log(`fitting the final model on ${usable.length} sales`);
  const { core } = fitCore(usable, { ...(options.index ? { index: options.index } : {}), seed, gbm: { iterations: trees }, log });
  return new Avm(core, calibration);
}

class Avm implements AvmModel {
  private readonly idToIndex = new Map<string, number>();
  private readonly factor: (from: string, to: string) => number;

  constructor(
    private readonly core: Core,
    private readonly calibration: Calibration,
  ) {
    core.prep.sales.forEach((s, i) => this.idToIndex.set(s.id, i));
    this.factor = factorCache(core.index);
  }

  value(subject: Subject, options: ValueOptions = {}): Valuation {
    const { facts, excluded, own, valueDate } = this.question(subject, options);
    const valueDay = dayNumber(valueDate);
    const prediction = predictCore(this.core, facts, excluded, valueDay, own);
    const shift = Math.log(this.factor(this.core.referenceDate, valueDate));
    const nb = prediction.neighbourhood;
    const logEstimate = blendLog(prediction.modelLog, nb.compsLog, this.calibration.compsWeight) + this.calibration.levelShift + shift;
    const interval = intervalFor(this.calibration, logEstimate, signalsOf(prediction));

    // Exactly the comparables whose weighted adjusted values made the comparable-sales value above.
    const comparables = nb.comps.map((c) => this.comparableUse(c, subject, valueDate));
    const saleHistory = ownSalesOf(this.core, facts, own)
      .filter((j) => !excluded.has(j) && this.core.prep.day[j]! <= valueDay)
      .map((j) => this.core.prep.sales[j]!)
      .sort((a, b) => a.saleDate.localeCompare(b.saleDate) || a.id.localeCompare(b.id))
      .map((sale) => ({ sale, timeAdjustedPrice: Math.round(sale.salePrice * this.factor(sale.saleDate, valueDate)) }));
    const confidence = Math.round(interval.confidence * 100) / 100;

    const estimate = Math.round(Math.exp(logEstimate));
    const low = Math.min(estimate, Math.round(Math.exp(interval.lowLog)));
    const high = Math.max(estimate, Math.round(Math.exp(interval.highLog)));
    return {
      estimate,
      low,
      high,
      confidence,
      comparables,
      saleHistory,
      valueDate,
      notes: this.notes(valueDate, comparables, prediction, shift, confidence),
    };
  }

  nearbySales(subject: Subject, options: NearbySalesOptions): ComparableUse[] {
    const { facts, excluded, own, valueDate } = this.question(subject, options);
    const limit = Math.max(1, Math.floor(options.limit));
    const nb = neighbourhoodOf(this.core, facts, excluded, limit, dayNumber(valueDate), own);
    return nb.comps.map((c) => this.comparableUse(c, subject, valueDate));
  }

  /** A subject checked, with its facts, the sales it excludes and its own sales (indices), and the value date. */
  private question(subject: Subject, options: ValueOptions) {
    if (!Number.isFinite(subject.latitude) || !Number.isFinite(subject.longitude)) throw new Error('The subject needs coordinates');
    if (!(subject.livingSqft > 0)) throw new Error('The subject needs a living area above 0 sq ft');
    const valueDate = options.valueDate ?? this.core.referenceDate;
    if (!isIsoDate(valueDate)) throw new Error(`Invalid valueDate "${valueDate}" (expected YYYY-MM-DD)`);
    return { facts: factsForHome(this.core, subject), excluded: this.indicesOf(subject.excludeSaleIds), own: this.indicesOf(subject.ownSaleIds), valueDate };
  }

  private indicesOf(ids: readonly string[] | undefined): Set<number> {
    const indices = new Set<number>();
    for (const id of ids ?? []) {
      const i = this.idToIndex.get(id);
      if (i !== undefined) indices.add(i);
    }
    return indices;
  }

  private comparableUse(c: CompCandidate, subject: Subject, valueDate: string): ComparableUse {
    const sale = this.core.prep.sales[c.index]!;
    const timeAdjustedPrice = Math.round(sale.salePrice * this.factor(sale.saleDate, valueDate));
    const adjustments = describeAdjustments(c.deltas, timeAdjustedPrice, subject, sale);
    const adjustedValue = timeAdjustedPrice + adjustments.reduce((s, a) => s + a.amount, 0);
    return {
      sale,
      distanceMiles: Math.round(haversineMiles(subject.latitude, subject.longitude, sale.latitude, sale.longitude) * 100) / 100,
      timeAdjustedPrice,
      adjustments,
      adjustedValue,
      weight: c.weight,
    };
  }

  private notes(valueDate: string, comparables: ComparableUse[], prediction: CorePrediction, shift: number, confidence: number): string[] {
    const core = this.core;
    const cal = this.calibration;
    const notes: string[] = [];
    const indexLabel = core.indexIsFitted ? core.index.describe() : `the ${core.index.describe()}`;
    notes.push(`Sale prices are time-adjusted to ${valueDate} with ${indexLabel}.`);
    notes.push(...core.index.notesFor([valueDate, ...comparables.map((c) => c.sale.saleDate)]));
    const fmt = (v: number) => `$${Math.round(v).toLocaleString('en-US')}`;
    const nb = prediction.neighbourhood;
    const modelValue = fmt(Math.exp(prediction.modelLog + shift));
    notes.push(
      `Model value ${modelValue}: local price levels (the comparables and the nearest sales, adjusted for differences, combined with weights learned from this data) corrected by gradient-boosted trees trained on ${core.prep.n.toLocaleString('en-US')} sales.`,
    );
    if (!Number.isNaN(nb.compsLog)) {
      const compsValue = fmt(Math.exp(nb.compsLog + shift));
      const mix = cal.compsWeight === 0 ? 'the model value alone' : `${Math.round(cal.compsWeight * 100)}% comparables and ${Math.round((1 - cal.compsWeight) * 100)}% model`;
      notes.push(`Comparable-sales value ${compsValue} (${nb.comps.length} nearby sales weighted by similarity). The estimate uses ${mix}, the mix that predicted later sales best.`);
    }
    if (cal.levelShift !== 0) {
      const percent = Math.abs(Math.round((Math.exp(cal.levelShift) - 1) * 1000) / 10);
      notes.push(
        `Estimates of later sales made from earlier ones came out ${percent}% ${cal.levelShift > 0 ? 'low' : 'high'} in this market, so the estimate is moved ${cal.levelShift > 0 ? 'up' : 'down'} by that much.`,
      );
    }
    if (!Number.isNaN(nb.repeatLog) && nb.repeatIndex >= 0) {
      const prior = core.prep.sales[nb.repeatIndex]!;
      notes.push(`This home sold on ${prior.saleDate} for ${fmt(prior.salePrice)} (${fmt(prior.salePrice * this.factor(prior.saleDate, valueDate))} at ${valueDate} prices); that sale is its own history, not a comparable, and the model uses it as evidence.`);
    }
    const spread = Number.isNaN(nb.compsSpread) ? null : Math.round((Math.exp(nb.compsSpread) - 1) * 100);
    const tenth = nb.features[featureNames.indexOf('log_dist_10')]!;
    const reach = Number.isNaN(tenth) ? null : Math.max(0, Math.exp(tenth) - 0.01);
    notes.push(
      `Confidence ${confidence.toFixed(2)}: ` +
        [
          spread === null ? null : `the comparables' adjusted values differ by about ${spread}% (weighted spread)`,
          reach === null ? null : `the 10 nearest sales are within ${reach.toFixed(2)} miles`,
          Number.isNaN(nb.compsLog) ? null : `the model and the comparables differ by ${Math.round(Math.abs(Math.exp(prediction.modelLog - nb.compsLog) - 1) * 100)}%`,
        ]
          .filter(Boolean)
          .join('; ') +
        '.',
    );
    if (cal.holdoutCount > 0) {
      notes.push(
        `The range is calibrated to hold about ${Math.round(cal.coverageTarget * 100)}% of true prices, measured on ${cal.holdoutCount.toLocaleString('en-US')} later sales predicted from earlier ones (median error there ${cal.holdoutMdape.toFixed(1)}%); confidence is the share of similar cases that landed within 10%.`,
      );
    } else {
      notes.push('Too few sales to measure the model\'s error: the range is a wide default, not a calibrated one.');
    }
    return notes;
  }
}
