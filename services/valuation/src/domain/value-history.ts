import { dateOfDay, dayNumber, quarterEndDate } from './hpi/dates';
import type { PlaceIndex } from './hpi/place-indexes';
import { saleHistoryOf, type HistorySale, type RecordedSale } from './sale-history';

/**
 * The seller's picture of a home's value over time: its current estimate (and range) carried back along a
 * house price index, quarter by quarter, with the home's own recorded sales beside it. Pure: the index,
 * the estimate and the sales come from the caller.
 */

export interface ValuePoint {
  /** YYYY-MM-DD: quarter ends, then the value date. */
  date: string;
  value: number;
  low: number;
  high: number;
  /** After the index's last period, where it is held at its last level. */
  afterIndexEnd: boolean;
}

export interface IndexInfo {
  name: string;
  level: PlaceIndex['level'];
  firstPeriod: string;
  lastPeriod: string;
  endDate: string;
}

export interface ValueHistory {
  estimate: number;
  low: number;
  high: number;
  valueDate: string;
  index: IndexInfo;
  /** Oldest first. */
  points: ValuePoint[];
  /** The home's own sales, oldest first, each brought to the value date's price level along the index. */
  sales: HistorySale[];
  notes: string[];
}

export interface ValueHistoryInput {
  estimate: number;
  low: number;
  high: number;
  /** The price level of the estimate (YYYY-MM-DD). */
  valueDate: string;
  index: PlaceIndex;
  sales: RecordedSale[];
  /** The picture starts this many years before the value date, or a year before the first sale if earlier. */
  yearsBack?: number;
}

export const defaultYearsBack = 10;

interface Quarter {
  year: number;
  quarter: number;
}

function quarterOf(date: string): Quarter {
  const d = new Date(dayNumber(date) * 86_400_000);
  return { year: d.getUTCFullYear(), quarter: Math.floor(d.getUTCMonth() / 3) + 1 };
}

const quarterNumber = (q: Quarter) => q.year * 4 + (q.quarter - 1);
const fromQuarterNumber = (n: number): Quarter => ({ year: Math.floor(n / 4), quarter: (n % 4) + 1 });

/** Quarter-end dates from `first` through the last one before `until`, then `until` itself. */
export function quarterDates(first: string, until: string): string[] {
  const dates: string[] = [];
  const end = dayNumber(until);
  for (let n = quarterNumber(quarterOf(first)); ; n++) {
    const q = fromQuarterNumber(n);
    const date = quarterEndDate(q.year, q.quarter);
    if (dayNumber(date) >= end) break;
    dates.push(date);
  }
  dates.push(until);
  return dates;
}

/** Where the picture starts: yearsBack before the value date, a year before the first sale if earlier, never before the index. */
export function historyStart(valueDate: string, sales: RecordedSale[], yearsBack: number, indexStart: string): string {
  const value = new Date(dayNumber(valueDate) * 86_400_000);
  let start = Date.UTC(value.getUTCFullYear() - yearsBack, value.getUTCMonth(), value.getUTCDate()) / 86_400_000;
  for (const sale of sales) start = Math.min(start, dayNumber(sale.date) - 365);
  return dateOfDay(Math.max(start, dayNumber(indexStart)));
}

export function buildValueHistory(input: ValueHistoryInput): ValueHistory {
  const { estimate, low, high, valueDate, index } = input;
  if (!(low <= estimate && estimate <= high)) throw new Error('A value history needs low <= estimate <= high');
  const sales = saleHistoryOf(input.sales.filter((s) => s.price > 0 && dayNumber(s.date) <= dayNumber(valueDate))).map((s) => ({
    date: s.date,
    price: s.price,
    timeAdjustedPrice: Math.round(s.price * index.index.factor(s.date, valueDate)),
  }));
  const coverage = index.index.coverage();
  const labels = index.index.labels();
  const start = historyStart(valueDate, sales, input.yearsBack ?? defaultYearsBack, coverage.start);
  const endDay = dayNumber(coverage.end);
  const points = quarterDates(start, valueDate).map((date) => {
    const factor = index.index.factor(valueDate, date);
    return {
      date,
      value: Math.round(estimate * factor),
      low: Math.round(low * factor),
      high: Math.round(high * factor),
      afterIndexEnd: dayNumber(date) > endDay,
    };
  });
  const notes = [
    `Earlier values are today's estimate carried back along the ${labels.name}: they show how prices moved where this home is, not changes made to the home.`,
  ];
  if (dayNumber(valueDate) > endDay) {
    notes.push(`The index ends ${labels.lastPeriod}; values after ${coverage.end} are held at its last level.`);
  }
  return {
    estimate,
    low,
    high,
    valueDate,
    index: { name: labels.name, level: index.level, firstPeriod: labels.firstPeriod, lastPeriod: labels.lastPeriod, endDate: coverage.end },
    points,
    sales,
    notes,
  };
}
