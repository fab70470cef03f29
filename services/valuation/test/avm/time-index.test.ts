import { describe, expect, it } from 'vitest';
import { dayNumber } from '../../src/domain/hpi/dates';
import { trainingNeighbours } from '../../src/domain/avm/hedonic';
import { prepareSales } from '../../src/domain/avm/prepare';
import { fitSalesIndex, whittakerSmooth } from '../../src/domain/avm/time-index';
import { syntheticMarket } from './helpers';

function fit(monthlyTrend: number, seed: number) {
  const sales = syntheticMarket({ count: 3000, months: 24, monthlyTrend, seed });
  const prep = prepareSales(sales);
  return fitSalesIndex(prep, trainingNeighbours(prep, 40));
}

describe('market index fitted from sales', () => {
  it('recovers a known +1% a month trend', () => {
    const { index, months } = fit(0.01, 3);
    expect(months).toHaveLength(24);
    // Month midpoints 23 months apart: expect exp(0.23).
    const factor = index.factor('2020-01-16', '2021-12-16');
    expect(Math.log(factor)).toBeGreaterThan(0.23 - 0.025);
    expect(Math.log(factor)).toBeLessThan(0.23 + 0.025);
    // Every month's level is within 2% of the true trend (levels are relative: align their means).
    const offset = months.reduce((s, m, i) => s + m.smoothed - 0.01 * i, 0) / months.length;
    months.forEach((m, i) => expect(Math.abs(m.smoothed - 0.01 * i - offset)).toBeLessThan(0.02));
    // The reference level is the last sale; later dates are held there.
    expect(index.factor('2021-12-31', '2023-06-01')).toBeCloseTo(1, 6);
    expect(index.notesFor(['2023-06-01'])[0]).toContain('held at its last value');
  });

  it('recovers a falling market and a flat one', () => {
    const falling = fit(-0.005, 4).index;
    expect(Math.log(falling.factor('2020-01-16', '2021-12-16'))).toBeCloseTo(-0.115, 1);
    const flat = fit(0, 5).index;
    expect(Math.abs(Math.log(flat.factor('2020-01-16', '2021-12-16')))).toBeLessThan(0.025);
  });

  it('is flat for a history within one month', () => {
    const sales = syntheticMarket({ count: 300, months: 1, seed: 9 });
    const prep = prepareSales(sales);
    const { index } = fitSalesIndex(prep, trainingNeighbours(prep, 40));
    expect(index.factor(sales[0]!.saleDate, sales.at(-1)!.saleDate)).toBe(1);
    expect(dayNumber(index.coverage().end)).toBe(dayNumber(sales.at(-1)!.saleDate));
  });

  it('smooths monthly values and fills months without sales', () => {
    const values = Float64Array.from([0, 0.1, 0, 0.3, 0.4]);
    const weights = Float64Array.from([1, 1, 0, 1, 1]);
    const rough = whittakerSmooth(values, weights, 1e-6);
    expect(rough[1]).toBeCloseTo(0.1, 3);
    expect(rough[2]).toBeCloseTo(0.2, 3); // interpolated between its neighbours' trend
    const smooth = whittakerSmooth(values, weights, 1e6);
    const slope = smooth[1]! - smooth[0]!;
    for (let i = 2; i < 5; i++) expect(smooth[i]! - smooth[i - 1]!).toBeCloseTo(slope, 3);
  });
});
