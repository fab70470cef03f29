import type { FoundValueHistory } from '../src/domain/valueHistory';

/**
 * A found value history of a made-up metro index (Testville, ending 2024 Q3): two quarters of the index, then two
 * points held at its last level, one recorded sale. Tests override what they do not need.
 */
export function testvilleHistory(overrides: Partial<FoundValueHistory> = {}): FoundValueHistory {
  return {
    found: true,
    estimate: 300_000,
    low: 270_000,
    high: 340_000,
    valueDate: '2025-02-10',
    index: { name: 'FHFA All-Transactions HPI, Testville, ZZ (metro)', level: 'metro', firstPeriod: '1990 Q1', lastPeriod: '2024 Q3', endDate: '2024-09-30' },
    points: [
      { date: '2024-06-30', value: 290_000, low: 261_000, high: 328_667, afterIndexEnd: false },
      { date: '2024-09-30', value: 300_000, low: 270_000, high: 340_000, afterIndexEnd: false },
      { date: '2024-12-31', value: 300_000, low: 270_000, high: 340_000, afterIndexEnd: true },
      { date: '2025-02-10', value: 300_000, low: 270_000, high: 340_000, afterIndexEnd: true },
    ],
    sales: [{ date: '2024-08-15', price: 285_000, timeAdjustedPrice: 300_000 }],
    notes: ['The index ends 2024 Q3; values after 2024-09-30 are held at its last level.'],
    dataSource: 'Sample market data',
    ...overrides,
  };
}
