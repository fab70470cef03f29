import type { RecordedSale, ValueHistoryResponse, ValuePoint } from '@hsa/contracts';
import { formatSaleDate } from './format';

/** A value history the service found (the API's answer when `found` is true). */
export type FoundValueHistory = Extract<ValueHistoryResponse, { found: true }>;

const quarterEnd = /^(\d{4})-(03-31|06-30|09-30|12-31)$/;

/** Seconds since 1970 (UTC) of a YYYY-MM-DD day: the chart's x scale. */
export function dateSeconds(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 1000;
}

/** "2024-09-30" -> "2024 Q3"; any other day -> "Nov 23, 2026". */
export function pointLabel(date: string): string {
  const match = quarterEnd.exec(date);
  if (!match) return formatSaleDate(date);
  return `${match[1]} Q${['03-31', '06-30', '09-30', '12-31'].indexOf(match[2]!) + 1}`;
}

/** "FHFA All-Transactions HPI, Sacramento-Roseville-Folsom, CA (metro), through 2024 Q3" */
export function indexLabel(history: FoundValueHistory): string {
  return `${history.index.name}, through ${history.index.lastPeriod}`;
}

/**
 * The estimate's line at any date between the service's points: log-linear between neighbours (as the index
 * is between its quarters), held at the ends.
 */
export function valueAt(points: ValuePoint[], date: string): Pick<ValuePoint, 'value' | 'low' | 'high'> | null {
  if (points.length === 0) return null;
  const t = dateSeconds(date);
  const after = points.findIndex((p) => dateSeconds(p.date) >= t);
  if (after === 0) return points[0]!;
  if (after < 0) return points.at(-1)!;
  const a = points[after - 1]!;
  const b = points[after]!;
  const share = (t - dateSeconds(a.date)) / (dateSeconds(b.date) - dateSeconds(a.date));
  const mix = (x: number, y: number) => Math.round(Math.exp(Math.log(x) + share * (Math.log(y) - Math.log(x))));
  return { value: mix(a.value, b.value), low: mix(a.low, b.low), high: mix(a.high, b.high) };
}

/** Columns of the chart: x (seconds), the line along the index, the held part after its end, the range, the sales. */
export interface ChartColumns {
  x: number[];
  alongIndex: (number | null)[];
  heldFlat: (number | null)[];
  low: number[];
  high: number[];
  sales: (number | null)[];
  /** The date each x stands for (YYYY-MM-DD). */
  dates: string[];
}

/**
 * The service's points and the home's sales on one x axis (uPlot's data layout). The estimate's line is split
 * where the index ends, so the part held at its last level can be drawn differently; the two parts share the
 * index's last point so the line stays joined.
 */
export function chartColumns(history: FoundValueHistory): ChartColumns {
  const dates = [...new Set([...history.points.map((p) => p.date), ...history.sales.map((s) => s.date)])].sort();
  const byDate = new Map(history.points.map((p) => [p.date, p]));
  const salesByDate = new Map<string, number>();
  for (const sale of history.sales) salesByDate.set(sale.date, Math.max(sale.price, salesByDate.get(sale.date) ?? 0));
  const lastInside = [...history.points].reverse().find((p) => !p.afterIndexEnd)?.date ?? null;
  const columns: ChartColumns = { x: [], alongIndex: [], heldFlat: [], low: [], high: [], sales: [], dates };
  for (const date of dates) {
    const point = byDate.get(date) ?? { ...valueAt(history.points, date)!, afterIndexEnd: lastInside !== null && date > lastInside };
    columns.x.push(dateSeconds(date));
    const held = point.afterIndexEnd;
    columns.alongIndex.push(held ? null : point.value);
    columns.heldFlat.push(held || date === lastInside ? point.value : null);
    columns.low.push(point.low);
    columns.high.push(point.high);
    columns.sales.push(salesByDate.get(date) ?? null);
  }
  return columns;
}

/** One row of the table that stands in for the chart. */
export interface ValueHistoryRow {
  date: string;
  label: string;
  /** The estimate carried to this date (null on a sale's own row). */
  value: number | null;
  low: number | null;
  high: number | null;
  /** The price the home sold for on this date. */
  sale: number | null;
  afterIndexEnd: boolean;
}

/** The chart's figures as table rows, oldest first: one per point, and one per recorded sale. */
export function tableRows(history: FoundValueHistory): ValueHistoryRow[] {
  const rows: ValueHistoryRow[] = history.points.map((p) => ({
    date: p.date,
    label: p.date === history.valueDate ? `${formatSaleDate(p.date)} (estimate)` : pointLabel(p.date),
    value: p.value,
    low: p.low,
    high: p.high,
    sale: null,
    afterIndexEnd: p.afterIndexEnd,
  }));
  for (const sale of history.sales) {
    rows.push({ date: sale.date, label: formatSaleDate(sale.date), value: null, low: null, high: null, sale: sale.price, afterIndexEnd: false });
  }
  return rows.sort((a, b) => a.date.localeCompare(b.date) || (a.sale === null ? -1 : 1));
}

/** One sentence for screen readers and the chart's label: where the value went and what was recorded. */
export function summary(history: FoundValueHistory): string {
  const first = history.points[0];
  const parts = [
    first ? `From about ${money(first.value)} in ${pointLabel(first.date)} to ${money(history.estimate)} today` : `${money(history.estimate)} today`,
    `following the ${history.index.name} through ${history.index.lastPeriod}`,
  ];
  const sales = history.sales.map((s: RecordedSale) => `${money(s.price)} on ${formatSaleDate(s.date)}`);
  return `${parts.join(', ')}. ${sales.length ? `Recorded sales of this home: ${sales.join('; ')}.` : 'No sale of this home is recorded in the data.'}`;
}

const moneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const money = (value: number) => moneyFormat.format(value);

/** "$250k", "$1.2M": the chart's value axis. */
export function compactMoney(value: number): string {
  if (Math.abs(value) >= 1_000_000) return `$${(Math.round(value / 100_000) / 10).toString()}M`;
  if (Math.abs(value) >= 1_000) return `$${Math.round(value / 1_000)}k`;
  return money(value);
}
