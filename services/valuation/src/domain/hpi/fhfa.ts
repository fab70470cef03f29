import { quarterEndDate, quarterMidDay } from './dates';
import { LogLinearIndex } from './price-index';

export type HpiSeriesKind = 'metro' | 'state' | 'national' | 'division';

export interface HpiPoint {
  year: number;
  quarter: number;
  value: number;
}

/** One FHFA All-Transactions quarterly series (periods without enough sales are left out). */
export interface HpiSeries {
  kind: HpiSeriesKind;
  /** CBSA / division code for metros, postal code for states, "USA" or a division code. */
  code: string;
  /** Title as FHFA prints it, e.g. "Sacramento-Roseville-Folsom, CA" or "CA". */
  name: string;
  points: HpiPoint[];
}

export interface HpiCatalog {
  metros: HpiSeries[];
  states: HpiSeries[];
  national: HpiSeries | null;
  divisions: HpiSeries[];
}

export function hpiValueAt(series: HpiSeries, year: number, quarter: number): number | null {
  return series.points.find((p) => p.year === year && p.quarter === quarter)?.value ?? null;
}

const kindLabel: Record<HpiSeriesKind, string> = {
  metro: 'metro',
  state: 'state',
  national: 'national',
  division: 'census division',
};

/** Quarterly levels at quarter midpoints, log-linear in between, held at the last value after the end. */
export function indexFromHpiSeries(series: HpiSeries): LogLinearIndex {
  const points = series.points.filter((p) => Number.isFinite(p.value) && p.value > 0);
  if (points.length === 0) throw new Error(`FHFA series ${series.name} has no values`);
  const sorted = [...points].sort((a, b) => a.year - b.year || a.quarter - b.quarter);
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  const isDivision = /\(MSAD\)\s*$/i.test(series.name);
  const title = series.name.replace(/\s*\(MSAD\)\s*$/i, '').replace(/\s+/g, ' ');
  const label = isDivision ? 'metropolitan division' : kindLabel[series.kind];
  const name = series.kind === 'national' ? 'FHFA All-Transactions HPI, United States' : `FHFA All-Transactions HPI, ${title} (${label})`;
  return new LogLinearIndex(
    sorted.map((p) => ({ day: quarterMidDay(p.year, p.quarter), logLevel: Math.log(p.value) })),
    {
      name,
      startLabel: `${first.year} Q${first.quarter}`,
      endLabel: `${last.year} Q${last.quarter}`,
      startDate: `${first.year}-${String((first.quarter - 1) * 3 + 1).padStart(2, '0')}-01`,
      endDate: quarterEndDate(last.year, last.quarter),
    },
  );
}
