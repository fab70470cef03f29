import { describe, expect, it } from 'vitest';
import { computeMetrics, roundMetrics } from '../../src/domain/avm/metrics';

describe('evaluation metrics', () => {
  it('computes MdAPE, PPE10/20, COD and range coverage on a hand-worked case', () => {
    // ratios 0.9, 1.05, 1.2, 1.0 -> APE 10%, 5%, 20%, 0%
    const metrics = computeMetrics([
      { actual: 100, predicted: 90, low: 80, high: 95 }, // actual outside
      { actual: 200, predicted: 210, low: 190, high: 230 }, // inside
      { actual: 100, predicted: 120, low: 100, high: 140 }, // on the boundary counts as inside
      { actual: 400, predicted: 400, low: 350, high: 450 }, // inside
    ]);
    expect(metrics.n).toBe(4);
    expect(metrics.mdape).toBeCloseTo(7.5, 10); // median of 0, 5, 10, 20
    expect(metrics.ppe10).toBe(75); // 0, 5, 10 within 10%
    expect(metrics.ppe20).toBe(100);
    // median ratio = (1.0 + 1.05) / 2 = 1.025; |dev| = 0.125, 0.025, 0.175, 0.025 -> mean 0.0875
    expect(metrics.cod).toBeCloseTo((100 * 0.0875) / 1.025, 10);
    expect(metrics.rangeCoverage).toBe(75);
  });

  it('gives a COD of 0 for uniformly biased predictions and NaN coverage without ranges', () => {
    const metrics = computeMetrics([
      { actual: 100, predicted: 110 },
      { actual: 300, predicted: 330 },
      { actual: 50, predicted: 55 },
    ]);
    expect(metrics.cod).toBeCloseTo(0, 10);
    expect(metrics.mdape).toBeCloseTo(10, 10);
    expect(Number.isNaN(metrics.rangeCoverage)).toBe(true);
  });

  it('rounds to two decimals for printing', () => {
    expect(roundMetrics({ n: 3, mdape: 9.87654, ppe10: 50, ppe20: 66.6666, cod: 12.345, rangeCoverage: 80.004 })).toEqual({
      n: 3,
      mdape: 9.88,
      ppe10: 50,
      ppe20: 66.67,
      cod: 12.35,
      rangeCoverage: 80,
    });
  });
});
