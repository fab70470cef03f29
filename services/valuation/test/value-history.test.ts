import { describe, expect, it } from 'vitest';
import { LogLinearIndex } from '../src/domain/hpi/price-index';
import { quarterMidDay } from '../src/domain/hpi/dates';
import { buildValueHistory, historyStart, quarterDates, type ValueHistoryInput } from '../src/domain/value-history';

/** An index rising 1% a quarter from 2000 Q1 to 2024 Q3. */
function risingIndex(): LogLinearIndex {
  const knots = [];
  for (let n = 0; n <= 98; n++) knots.push({ day: quarterMidDay(2000 + Math.floor(n / 4), (n % 4) + 1), logLevel: n * Math.log(1.01) });
  return new LogLinearIndex(knots, {
    name: 'FHFA All-Transactions HPI, Testville, ZZ (metro)',
    startLabel: '2000 Q1',
    endLabel: '2024 Q3',
    startDate: '2000-01-01',
    endDate: '2024-09-30',
  });
}

const input = (overrides: Partial<ValueHistoryInput> = {}): ValueHistoryInput => ({
  estimate: 400_000,
  low: 360_000,
  high: 450_000,
  valueDate: '2026-11-23',
  index: { index: risingIndex(), level: 'metro' },
  sales: [],
  ...overrides,
});

describe('quarter dates', () => {
  it('lists quarter ends up to the value date, which comes last', () => {
    expect(quarterDates('2024-02-10', '2024-11-05')).toEqual(['2024-03-31', '2024-06-30', '2024-09-30', '2024-11-05']);
    expect(quarterDates('2024-09-30', '2024-09-30')).toEqual(['2024-09-30']);
  });

  it('starts ten years back, earlier for an older sale, never before the index', () => {
    expect(historyStart('2026-11-23', [], 10, '2000-01-01')).toBe('2016-11-23');
    expect(historyStart('2026-11-23', [{ date: '2008-05-21', price: 1 }], 10, '2000-01-01')).toBe('2007-05-22');
    expect(historyStart('2026-11-23', [{ date: '1995-05-21', price: 1 }], 10, '2000-01-01')).toBe('2000-01-01');
  });
});

describe('a value history', () => {
  it('carries the estimate and its range back along the index, ending at the estimate', () => {
    const history = buildValueHistory(input());
    const last = history.points.at(-1)!;
    expect(last).toEqual({ date: '2026-11-23', value: 400_000, low: 360_000, high: 450_000, afterIndexEnd: true });
    const dates = history.points.map((p) => p.date);
    expect(dates).toEqual([...dates].sort());
    expect(dates[0]).toBe('2016-12-31');
    // Ten years of a rising index: 40 quarters at 1% each, held flat after 2024 Q3.
    const first = history.points[0]!;
    expect(first.value / last.value).toBeCloseTo(1 / 1.01 ** 31, 2);
    for (const p of history.points) {
      expect(p.low).toBeLessThanOrEqual(p.value);
      expect(p.high).toBeGreaterThanOrEqual(p.value);
      expect(p.low / p.value).toBeCloseTo(0.9, 2);
    }
    expect(history.points.filter((p) => p.afterIndexEnd).map((p) => p.date)).toEqual([
      '2024-12-31', '2025-03-31', '2025-06-30', '2025-09-30', '2025-12-31', '2026-03-31', '2026-06-30', '2026-09-30', '2026-11-23',
    ]);
    expect(history.points.find((p) => p.date === '2024-12-31')!.value).toBe(400_000);
  });

  it('names the index and its last quarter, and says later values are held', () => {
    const history = buildValueHistory(input());
    expect(history.index).toEqual({
      name: 'FHFA All-Transactions HPI, Testville, ZZ (metro)',
      level: 'metro',
      firstPeriod: '2000 Q1',
      lastPeriod: '2024 Q3',
      endDate: '2024-09-30',
    });
    expect(history.notes.join(' ')).toContain('The index ends 2024 Q3; values after 2024-09-30 are held at its last level.');
    const inside = buildValueHistory(input({ valueDate: '2020-06-15' }));
    expect(inside.notes.join(' ')).not.toContain('held');
    expect(inside.points.some((p) => p.afterIndexEnd)).toBe(false);
  });

  it('keeps the home\'s own sales once each, oldest first, brought to today along the index, and widens the window to show them', () => {
    const sales = [{ date: '2012-03-02', price: 250_000 }, { date: '2008-05-21', price: 200_000 }, { date: '2008-05-21', price: 200_000 }, { date: '2030-01-01', price: 1 }];
    const history = buildValueHistory(input({ sales }));
    const today = (date: string, price: number) => Math.round(price * risingIndex().factor(date, '2026-11-23'));
    expect(history.sales).toEqual([
      { date: '2008-05-21', price: 200_000, timeAdjustedPrice: today('2008-05-21', 200_000) },
      { date: '2012-03-02', price: 250_000, timeAdjustedPrice: today('2012-03-02', 250_000) },
    ]);
    // About 1% a quarter from mid-2008 to the index's end in 2024 Q3 (held flat after it).
    expect(history.sales[0]!.timeAdjustedPrice! / 200_000).toBeCloseTo(1.01 ** 65, 1);
    expect(history.points[0]!.date).toBe('2007-06-30');
  });

  it('refuses an inconsistent range', () => {
    expect(() => buildValueHistory(input({ low: 500_000 }))).toThrow(/low <= estimate <= high/);
  });
});
