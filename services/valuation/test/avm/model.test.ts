import { beforeAll, describe, expect, it } from 'vitest';
import { subjectOf } from '../../src/domain/avm/evaluation';
import { fitHedonic, trainingNeighbours } from '../../src/domain/avm/hedonic';
import { trainAvm, type AvmModel, type Sale, type Subject } from '../../src/domain/avm/index';
import { computeMetrics } from '../../src/domain/avm/metrics';
import { prepareSales } from '../../src/domain/avm/prepare';
import { seededRandom } from '../../src/domain/avm/random';
import { syntheticMarket } from './helpers';

const market = syntheticMarket({ count: 1500, months: 12, monthlyTrend: 0.005, noise: 0.08, seed: 11 });
const cut = Math.floor(market.length * 0.8);
const history = market.slice(0, cut);
const targets = market.slice(cut);
let model: AvmModel;

beforeAll(() => {
  model = trainAvm(history, { seed: 1 });
});

const subject: Subject = {
  latitude: 40.07,
  longitude: -99.9,
  livingSqft: 1800,
  bedrooms: 3,
  bathrooms: 2,
  yearBuilt: 1990,
  lotSqft: 6000,
  propertyType: 'single_family',
  zip: null,
};

describe('comparable-sales reasoning', () => {
  it('learns the size effect from local differences', () => {
    const prep = prepareSales(history);
    const hedonic = fitHedonic(prep, prep.logPrice, trainingNeighbours(prep, 40));
    expect(hedonic.logSqft).toBeGreaterThan(0.5);
    expect(hedonic.logSqft).toBeLessThan(0.7);
  });

  it('adjusts a bigger comparable down and a smaller one up, and explains every dollar in words', () => {
    const sales = model.nearbySales(subject, { limit: 10 });
    expect(sales.length).toBe(10);
    let bigger = 0;
    let smaller = 0;
    for (const comp of sales) {
      const size = comp.adjustments.find((a) => a.feature === 'living_area');
      if (comp.sale.livingSqft > subject.livingSqft + 20) {
        bigger++;
        expect(size!.amount).toBeLessThan(0);
        expect(size!.note).toContain('more living area');
      } else if (comp.sale.livingSqft < subject.livingSqft - 20) {
        smaller++;
        expect(size!.amount).toBeGreaterThan(0);
        expect(size!.note).toContain('less living area');
      }
      if (size) expect(size.label).toBe('Living area');
      for (const a of comp.adjustments) expect(a.label).toMatch(/^[A-Z][a-z]+( [a-z]+)?$/);
      expect(comp.adjustedValue).toBe(comp.timeAdjustedPrice + comp.adjustments.reduce((s, a) => s + a.amount, 0));
      expect(comp.distanceMiles).toBeGreaterThanOrEqual(0);
    }
    expect(bigger + smaller).toBeGreaterThan(0);
    expect(sales.reduce((s, c) => s + c.weight, 0)).toBeCloseTo(1, 10);
  });

  it('answers exactly the comparables its comparable-sales value used, weighted to 1', () => {
    const valuation = model.value(subject);
    expect(valuation.comparables.length).toBe(6);
    expect(valuation.comparables.reduce((s, c) => s + c.weight, 0)).toBeCloseTo(1, 10);
    const weighted = valuation.comparables.reduce((s, c) => s + c.weight * Math.log(c.adjustedValue), 0);
    const said = /Comparable-sales value \$([\d,]+) \((\d+) nearby sales/.exec(valuation.notes.join(' '));
    expect(Number(said![2])).toBe(valuation.comparables.length);
    // The note's figure is the weighted adjusted values (at the value date's level, rounded per comparable).
    expect(Math.abs(Math.exp(weighted) / Number(said![1]!.replace(/,/g, '')) - 1)).toBeLessThan(0.002);
  });

  it('time-adjusts comparables to the valuation date (rising market: older sales go up)', () => {
    const valueDate = history.at(-1)!.saleDate;
    const sales = model.nearbySales(subject, { valueDate, limit: 20 });
    const older = sales.filter((c) => c.sale.saleDate < '2020-07-01'); // 3+ months before the last sale
    expect(older.length).toBeGreaterThan(0);
    for (const comp of older) expect(comp.timeAdjustedPrice).toBeGreaterThan(comp.sale.salePrice);
    expect(model.value(subject, { valueDate }).notes.join(' ')).toContain('time-adjusted');
  });

  it("never counts a home's own sale as its comparable: it is its sale history, brought to the value date", () => {
    const sale = history[200]!;
    const own = model.value(subjectOf(sale));
    expect(own.comparables.map((c) => c.sale.id)).not.toContain(sale.id);
    expect(own.saleHistory.map((s) => s.sale.id)).toEqual([sale.id]);
    expect(own.saleHistory[0]!.timeAdjustedPrice).toBeGreaterThan(0);
    expect(own.notes.some((n) => n.includes('This home sold on') && n.includes('not a comparable'))).toBe(true);
    expect(model.nearbySales(subjectOf(sale), { limit: 25 }).map((c) => c.sale.id)).not.toContain(sale.id);

    // The owner corrected the living area: the key no longer matches, but the sale named as its own stays its history.
    const corrected = { ...subjectOf(sale), livingSqft: sale.livingSqft + 150 };
    const named = model.value({ ...corrected, ownSaleIds: [sale.id] });
    expect(named.comparables.map((c) => c.sale.id)).not.toContain(sale.id);
    expect(named.saleHistory.map((s) => s.sale.id)).toEqual([sale.id]);
    expect(model.nearbySales({ ...corrected, ownSaleIds: [sale.id] }, { limit: 25 }).map((c) => c.sale.id)).not.toContain(sale.id);

    const excluded = model.value({ ...subjectOf(sale), excludeSaleIds: [sale.id] });
    expect(excluded.comparables.map((c) => c.sale.id)).not.toContain(sale.id);
    expect(excluded.saleHistory).toEqual([]);
  });
});

describe('accuracy and calibrated ranges', () => {
  it('predicts later sales well and about 80% of prices fall inside [low, high]', () => {
    const cases = targets.map((sale) => {
      const v = model.value(subjectOf(sale), { valueDate: sale.saleDate });
      expect(v.low).toBeLessThanOrEqual(v.estimate);
      expect(v.high).toBeGreaterThanOrEqual(v.estimate);
      expect(v.confidence).toBeGreaterThanOrEqual(0);
      expect(v.confidence).toBeLessThanOrEqual(1);
      return { actual: sale.salePrice, predicted: v.estimate, low: v.low, high: v.high };
    });
    const metrics = computeMetrics(cases);
    expect(metrics.mdape).toBeLessThan(9); // noise alone is ~5.4% MdAPE
    expect(metrics.rangeCoverage).toBeGreaterThan(68);
    expect(metrics.rangeCoverage).toBeLessThan(92);
  });

  it('gives wider ranges and lower confidence in a noisier market', () => {
    const noisy = syntheticMarket({ count: 1000, months: 12, noise: 0.25, seed: 12 });
    const noisyModel = trainAvm(noisy, { seed: 1 });
    const a = model.value(subject);
    const b = noisyModel.value(subject);
    // Three times the noise: the range's width (in log terms) should at least double.
    expect(Math.log(b.high / b.low)).toBeGreaterThan(2 * Math.log(a.high / a.low));
    expect(b.confidence).toBeLessThan(a.confidence);
  });
});

describe('robustness', () => {
  it('is deterministic for a seed', () => {
    const again = trainAvm(history, { seed: 1 });
    expect(again.value(subject)).toEqual(model.value(subject));
  });

  it('handles missing facts in the history and the subject', () => {
    const random = seededRandom(5);
    const holey: Sale[] = history.map((s) => ({
      ...s,
      bedrooms: random() < 0.3 ? null : s.bedrooms,
      bathrooms: random() < 0.3 ? null : s.bathrooms,
      yearBuilt: random() < 0.5 ? null : s.yearBuilt,
      lotSqft: random() < 0.5 ? null : s.lotSqft,
      propertyType: random() < 0.5 ? null : s.propertyType,
    }));
    const m = trainAvm(holey.slice(0, 600), { seed: 2 });
    const bare: Subject = { latitude: 40.05, longitude: -99.95, livingSqft: 1500, bedrooms: null, bathrooms: null, yearBuilt: null, lotSqft: null, propertyType: null, zip: null };
    const v = m.value(bare);
    expect(Number.isFinite(v.estimate)).toBe(true);
    expect(v.estimate).toBeGreaterThan(50_000);
    expect(v.estimate).toBeLessThan(1_000_000);
    for (const c of v.comparables) expect(c.adjustments.map((a) => a.feature).filter((f) => f !== 'living_area')).toEqual([]);
  });

  it('values from a tiny history with a plainly uncalibrated range', () => {
    const m = trainAvm(history.slice(0, 8), { seed: 3 });
    const v = m.value(subject);
    expect(v.estimate).toBeGreaterThan(0);
    expect(v.low).toBeLessThan(v.estimate);
    expect(v.notes.some((n) => n.includes('Too few sales'))).toBe(true);
  });

  it('rejects unusable input clearly', () => {
    expect(() => trainAvm([])).toThrow(/at least 2 usable sales/);
    expect(() => model.value({ ...subject, livingSqft: 0 })).toThrow(/living area/);
    expect(() => model.value(subject, { valueDate: '2020-13-01' })).toThrow(/Invalid valueDate/);
  });
});
