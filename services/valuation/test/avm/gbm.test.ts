import { describe, expect, it } from 'vitest';
import { binFeatures } from '../../src/domain/avm/gbm-bins';
import { defaultGbmParams, trainGbm, type FeatureMatrix } from '../../src/domain/avm/gbm';
import { seededRandom } from '../../src/domain/avm/random';

const matrixOf = (...columns: number[][]): FeatureMatrix => ({ columns: columns.map((c) => Float64Array.from(c)), rows: columns[0]!.length });

describe('feature binning', () => {
  it('puts missing values in bin 0 and gives each of a few distinct values its own bin, in order', () => {
    const binned = binFeatures(matrixOf([3, Number.NaN, 1, 2, 3, 1]), 255);
    expect(Array.from(binned.bins[0]!)).toEqual([3, 0, 1, 2, 3, 1]);
    expect(Array.from(binned.thresholds[0]!)).toEqual([1.5, 2.5]);
    expect(binned.binCount[0]).toBe(4);
  });

  it('caps the bins of a continuous feature at maxBins, with roughly equal counts', () => {
    const random = seededRandom(1);
    const binned = binFeatures(matrixOf(Array.from({ length: 1000 }, () => random())), 10);
    const counts = new Array<number>(binned.binCount[0]!).fill(0);
    for (const b of binned.bins[0]!) counts[b]!++;
    expect(binned.binCount[0]).toBeLessThanOrEqual(11);
    expect(counts[0]).toBe(0);
    for (const c of counts.slice(1)) expect(c).toBeGreaterThan(50);
  });
});

describe('gradient-boosted trees', () => {
  const random = seededRandom(7);
  const x = Array.from({ length: 600 }, () => random());
  // Missing x behaves like a high x: the learned default direction must send it right.
  const xs = x.map((v, i) => (i % 10 === 0 ? Number.NaN : v));
  const y = Float64Array.from(x, (v) => (v > 0.5 ? 1 : 0));
  const params = { ...defaultGbmParams, huberDelta: null, subsample: 1, iterations: 200, learningRate: 0.2 };

  it('learns a step, including where missing values go', () => {
    const { model } = trainGbm(matrixOf(xs), y, params);
    expect(model.predictRow([0.2])).toBeCloseTo(0, 1);
    expect(model.predictRow([0.8])).toBeCloseTo(1, 1);
    const missingTarget = x.filter((_, i) => i % 10 === 0).map((v) => (v > 0.5 ? 1 : 0));
    const share = missingTarget.reduce((s: number, v) => s + v, 0) / missingTarget.length;
    expect(model.predictRow([Number.NaN])).toBeCloseTo(share, 1);
  });

  it('fits the residual over a base margin and leaves the margin out of its predictions', () => {
    const init = Float64Array.from(x, () => 10);
    const { model } = trainGbm(matrixOf(xs), Float64Array.from(y, (v) => v + 10), params, { init });
    expect(model.predictRow([0.8])).toBeCloseTo(1, 1);
  });

  it('stops early when the validation error stops improving, and is deterministic for a seed', () => {
    const noisy = Float64Array.from(y, (v) => v + (random() - 0.5));
    const validation = { matrix: matrixOf(x.slice(0, 200)), y: y.slice(0, 200) };
    const options = { validation, earlyStoppingRounds: 20 };
    const a = trainGbm(matrixOf(xs), noisy, { ...params, subsample: 0.7, iterations: 1000 }, options);
    const b = trainGbm(matrixOf(xs), noisy, { ...params, subsample: 0.7, iterations: 1000 }, options);
    expect(a.validationCurve.length).toBeLessThan(1000);
    expect(a.model.treeCount).toBe(a.validationCurve.length);
    expect(b.validationCurve).toEqual(a.validationCurve);
  });
});
