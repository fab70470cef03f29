import { describe, expect, it } from 'vitest';
import { recommendationPriorities, recommendationTotals, type Recommendation } from '@hsa/contracts';
import { adaptProjects, recommendFromReference } from '../src';
import { capitolAve, randomHome, reference, rng, settings } from './helpers';

const ref = reference();
/** Outside work a condo association usually handles. */
const exteriorWork = /garage door|stone veneer|siding|deck|window|roof/i;

/** The arithmetic a seller relies on, checked from the shown figures alone. */
function expectArithmetic(set: Recommendation[]): void {
  let cost = 0;
  let value = 0;
  for (const r of set) {
    expect(Number.isInteger(r.estimatedCost) && r.estimatedCost > 0).toBe(true);
    expect(Number.isInteger(r.estimatedValueIncrease) && r.estimatedValueIncrease >= 0).toBe(true);
    expect(r.roi).toBeCloseTo((r.estimatedValueIncrease - r.estimatedCost) / r.estimatedCost, 12);
    cost += r.estimatedCost;
    value += r.estimatedValueIncrease;
  }
  const totals = recommendationTotals(set);
  expect(totals).toEqual({
    count: set.length,
    totalCost: cost,
    totalValueIncrease: value,
    netProfit: value - cost,
    overallRoiPercent: cost === 0 ? 0 : Math.round(((value - cost) / cost) * 100),
  });
  // Any selection adds up too.
  const half = set.filter((_, i) => i % 2 === 0);
  expect(recommendationTotals(half).netProfit).toBe(
    half.reduce((s, r) => s + r.estimatedValueIncrease, 0) - half.reduce((s, r) => s + r.estimatedCost, 0),
  );
}

describe('embedded recommendations', () => {
  it('adds up on every generated set, over many different homes', () => {
    const r = rng(42);
    for (let i = 0; i < 400; i++) {
      const home = randomHome(r, i);
      const set = recommendFromReference(ref, home, settings);
      expect(set.length).toBeGreaterThanOrEqual(3);
      expect(set.length).toBeLessThanOrEqual(10);
      expect(new Set(set.map((x) => x.id)).size).toBe(set.length);
      expectArithmetic(set);
      for (const rec of set) {
        expect(recommendationPriorities).toContain(rec.priority);
        expect(rec.source).toMatch(/(Cost vs\. Value 2025|Remodeling Impact Report 2022)/);
        expect(rec.description).toContain(rec.source.includes('2025') ? 'Cost vs. Value 2025' : 'Remodeling Impact Report 2022');
        if (home.facts.estimatedValue) expect(rec.estimatedValueIncrease).toBeLessThanOrEqual(home.facts.estimatedValue * 0.15 + 10);
        if (home.facts.propertyType === 'condo') expect(rec.title).not.toMatch(exteriorWork);
        if (/garage door/i.test(rec.title)) {
          expect(home.photoRoomTypes.includes('garage') || /garage/i.test(home.facts.additionalInfo ?? '')).toBe(true);
        }
        if (/hardwood/i.test(rec.title)) expect(home.facts.additionalInfo ?? '').toMatch(/hardwood|wood floor/i);
      }
      // Ordered high, medium, low.
      const ranks = set.map((x) => recommendationPriorities.indexOf(x.priority));
      expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    }
  });

  it('adapts published figures to the home: value to its price level, area-scaled costs to its size', () => {
    const base = recommendFromReference(ref, capitolAve(), settings);
    const garage = base.find((x) => x.id === 'garage-door-replacement')!;
    // 12,507 published x (512,000 / 407,500), rounded to tens.
    expect(garage.estimatedValueIncrease).toBe(Math.round((12_507 * (512_000 / 407_500)) / 10) * 10);
    expect(garage.estimatedCost).toBe(4670);
    expect(garage.priority).toBe('high');
    expect(garage.description).toContain('$4,672 job cost and $12,507 added at resale (268% recouped, Cost vs. Value 2025, national)');

    const costOf = (sqft: number, id: string) => adaptProjects(ref, capitolAve({ squareFootage: sqft }), settings).find((a) => a.id === id)!.cost;
    // Area-scaled work (reference 2,000 sq ft): 22,073 x 0.925 and x 1.85, rounded to tens.
    expect(costOf(1850, 'window-replacement-vinyl')).toBe(20_420);
    expect(costOf(3700, 'window-replacement-vinyl')).toBe(40_840);
    // Fixed-size jobs keep their cost.
    expect(costOf(3700, 'garage-door-replacement')).toBe(garage.estimatedCost);

    const cheap = recommendFromReference(ref, capitolAve({ estimatedValue: 203_750, estimatedValueLow: 190_000, estimatedValueHigh: 215_000 }), settings);
    expect(cheap.find((x) => x.id === 'garage-door-replacement')!.estimatedValueIncrease).toBe(Math.round((12_507 * 0.5) / 10) * 10);
  });

  it('raises the work older homes typically need, and leaves it lower for a new one', () => {
    const old = recommendFromReference(ref, capitolAve({ yearBuilt: 1965, additionalInfo: null }), settings);
    const fresh = recommendFromReference(ref, capitolAve({ yearBuilt: 2022, additionalInfo: null }), settings);
    const roof = (set: Recommendation[]) => set.find((x) => x.category === 'Roofing');
    expect(roof(old)?.priority).toBe('high');
    expect(roof(old)!.description).toContain('Built in 1965');
    expect(roof(fresh)?.priority ?? 'low').not.toBe('high');
  });

  it('leaves out work the owner says was already done', () => {
    const roofing = (info: string | null) =>
      recommendFromReference(ref, capitolAve({ yearBuilt: 1965, additionalInfo: info }), settings).some((x) => x.category === 'Roofing');
    expect(roofing(null)).toBe(true);
    expect(roofing('New roof in 2021')).toBe(false);
    expect(roofing('The roof was replaced in 2019; kitchen is original.')).toBe(false);
    const kitchen = (info: string) =>
      recommendFromReference(ref, capitolAve({ yearBuilt: 1965, additionalInfo: info }), settings).some((x) => x.category === 'Kitchen');
    expect(kitchen('Kitchen remodeled in 2020.')).toBe(false);
    expect(kitchen('Original kitchen, big lot.')).toBe(true);
  });

  it('is deterministic', () => {
    expect(recommendFromReference(ref, capitolAve(), settings)).toEqual(recommendFromReference(ref, capitolAve(), settings));
  });
});
