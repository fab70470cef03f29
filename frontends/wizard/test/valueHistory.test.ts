import { describe, expect, it } from 'vitest';
import { estimateStrip } from '../src/domain/estimateAmongComparables';
import { chartColumns, compactMoney, dateSeconds, indexLabel, pointLabel, summary, tableRows, valueAt } from '../src/domain/valueHistory';
import { testvilleHistory } from './valueHistoryFixture';

const history = testvilleHistory();

describe('value history labels', () => {
  it('names quarter ends as quarters and other days as dates', () => {
    expect(pointLabel('2024-09-30')).toBe('2024 Q3');
    expect(pointLabel('2024-12-31')).toBe('2024 Q4');
    expect(pointLabel('2025-02-10')).toBe('Feb 10, 2025');
    expect(indexLabel(history)).toBe('FHFA All-Transactions HPI, Testville, ZZ (metro), through 2024 Q3');
    expect(compactMoney(250_000)).toBe('$250k');
    expect(compactMoney(1_250_000)).toBe('$1.3M');
  });

  it('says in one sentence where the value went and which sales are recorded', () => {
    expect(summary(history)).toBe(
      'From about $290,000 in 2024 Q2 to $300,000 today, following the FHFA All-Transactions HPI, Testville, ZZ (metro) through 2024 Q3. Recorded sales of this home: $285,000 on Aug 15, 2024.',
    );
    expect(summary({ ...history, sales: [] })).toContain('No sale of this home is recorded in the data.');
  });
});

describe('chart columns', () => {
  it('puts the points and the sales on one time axis, the line split where the index ends', () => {
    const c = chartColumns(history);
    expect(c.dates).toEqual(['2024-06-30', '2024-08-15', '2024-09-30', '2024-12-31', '2025-02-10']);
    expect(c.x[0]).toBe(dateSeconds('2024-06-30'));
    expect(c.alongIndex).toEqual([290_000, expect.any(Number), 300_000, null, null]);
    expect(c.heldFlat).toEqual([null, null, 300_000, 300_000, 300_000]);
    expect(c.sales).toEqual([null, 285_000, null, null, null]);
    // On the sale's day the line is interpolated between its quarters.
    expect(c.alongIndex[1]).toBeGreaterThan(290_000);
    expect(c.alongIndex[1]).toBeLessThan(300_000);
    expect(c.low.every((low, i) => low <= (c.alongIndex[i] ?? c.heldFlat[i])!)).toBe(true);
  });

  it('interpolates log-linearly and holds at the ends', () => {
    expect(valueAt(history.points, '2020-01-01')!.value).toBe(290_000);
    expect(valueAt(history.points, '2030-01-01')!.value).toBe(300_000);
    expect(valueAt([], '2020-01-01')).toBeNull();
  });
});

describe('the table fallback', () => {
  it('has a row per point and per recorded sale, oldest first, the estimate last', () => {
    const rows = tableRows(history);
    expect(rows.map((r) => r.label)).toEqual(['2024 Q2', 'Aug 15, 2024', '2024 Q3', '2024 Q4', 'Feb 10, 2025 (estimate)']);
    expect(rows[1]).toMatchObject({ sale: 285_000, value: null });
    expect(rows.at(-1)).toMatchObject({ value: 300_000, low: 270_000, high: 340_000, afterIndexEnd: true });
  });
});

describe('the estimate among the comparables', () => {
  it('places the estimate and each adjusted value on one scale, numbered as in the table', () => {
    const strip = estimateStrip(300_000, [250_000, null, 350_000, 310_000])!;
    expect(strip.min).toBe(250_000);
    expect(strip.max).toBe(350_000);
    expect(strip.estimatePosition).toBe(50);
    expect(strip.comparables).toEqual([
      { number: 1, value: 250_000, position: 0 },
      { number: 3, value: 350_000, position: 100 },
      { number: 4, value: 310_000, position: 60 },
    ]);
    expect(strip.description).toBe(
      "The estimate, $300,000, is above 1 and below 2 of the 3 comparable sales' adjusted values, which run from $250,000 to $350,000.",
    );
  });

  it('shows nothing without an estimate or adjusted values, and centres a lone figure', () => {
    expect(estimateStrip(null, [1])).toBeNull();
    expect(estimateStrip(100, [null])).toBeNull();
    expect(estimateStrip(100, [100])!.estimatePosition).toBe(50);
  });
});
