import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HpiCatalog, HpiPoint, HpiSeries, HpiSeriesKind } from '../domain/hpi/fhfa';
import { parseCsv, parseNumberCell } from '../domain/sales/csv';

export const hpiFileNames = {
  metro: 'fhfa-hpi-at-metro.csv',
  state: 'fhfa-hpi-at-state.csv',
  national: 'fhfa-hpi-at-us-and-census.csv',
} as const;

function groupSeries(rows: { code: string; name: string; point: HpiPoint | null }[], kind: (code: string) => HpiSeriesKind): HpiSeries[] {
  const byCode = new Map<string, HpiSeries>();
  for (const row of rows) {
    let series = byCode.get(row.code);
    if (!series) {
      series = { kind: kind(row.code), code: row.code, name: row.name, points: [] };
      byCode.set(row.code, series);
    }
    if (row.point) series.points.push(row.point);
  }
  for (const series of byCode.values()) series.points.sort((a, b) => a.year - b.year || a.quarter - b.quarter);
  return [...byCode.values()];
}

function point(year: string | undefined, quarter: string | undefined, value: string | undefined, where: string): HpiPoint | null {
  const y = parseNumberCell(year);
  const q = parseNumberCell(quarter);
  if (y === null || q === null || !Number.isInteger(y) || q < 1 || q > 4) throw new Error(`FHFA file: bad year/quarter at ${where}`);
  const v = parseNumberCell(value);
  return v === null || v <= 0 ? null : { year: y, quarter: q, value: v };
}

/** fhfa-hpi-at-metro.csv: no header; metro_name, cbsa, year, quarter, index_nsa ("-" = missing), std_error. */
export function parseMetroHpi(text: string): HpiSeries[] {
  const rows = parseCsv(text).map((cells, i) => {
    if (cells.length < 5) throw new Error(`FHFA metro file: expected 6 columns at line ${i + 1}`);
    return { code: cells[1]!.trim(), name: cells[0]!.trim(), point: point(cells[2], cells[3], cells[4], `line ${i + 1}`) };
  });
  return groupSeries(rows, () => 'metro');
}

/** fhfa-hpi-at-state.csv: no header; state, year, quarter, index_nsa. */
export function parseStateHpi(text: string): HpiSeries[] {
  const rows = parseCsv(text).map((cells, i) => {
    if (cells.length < 4) throw new Error(`FHFA state file: expected 4 columns at line ${i + 1}`);
    const code = cells[0]!.trim();
    return { code, name: code, point: point(cells[1], cells[2], cells[3], `line ${i + 1}`) };
  });
  return groupSeries(rows, () => 'state');
}

/** fhfa-hpi-at-us-and-census.csv: no header; area (USA or DV_*), year, quarter, index_nsa. */
export function parseUsAndCensusHpi(text: string): HpiSeries[] {
  const rows = parseCsv(text).map((cells, i) => {
    if (cells.length < 4) throw new Error(`FHFA national file: expected 4 columns at line ${i + 1}`);
    const code = cells[0]!.trim();
    return { code, name: code === 'USA' ? 'United States' : code, point: point(cells[1], cells[2], cells[3], `line ${i + 1}`) };
  });
  return groupSeries(rows, (code) => (code === 'USA' ? 'national' : 'division'));
}

/** Reads the three FHFA files from a folder (e.g. shared/data). */
export function loadHpiCatalog(dataDir: string): HpiCatalog {
  const read = (name: string) => readFileSync(join(dataDir, name), 'utf8');
  const usAndCensus = parseUsAndCensusHpi(read(hpiFileNames.national));
  return {
    metros: parseMetroHpi(read(hpiFileNames.metro)),
    states: parseStateHpi(read(hpiFileNames.state)),
    national: usAndCensus.find((s) => s.kind === 'national') ?? null,
    divisions: usAndCensus.filter((s) => s.kind === 'division'),
  };
}
