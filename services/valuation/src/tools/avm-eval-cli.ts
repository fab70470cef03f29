/**
 * Evaluates the AVM on a CSV of sales (the logic behind tools/avm-eval).
 *
 *   node services/valuation/dist/tools/avm-eval.js <csv> [--kfold K] [--format generic|sacramento] [--seed N] [--quiet]
 *       [--hpi-dir DIR --place "City, ST"]
 *
 * Generic sales schema (default): time-ordered protocol (stable sort by sale_date; the first 80% are the
 * history, the last 20% are valued from the history only). `--format sacramento` reads
 * sacramento-sales.csv with its filtering rules and runs k-fold cross-validation (5 folds unless --kfold
 * says otherwise), because its five sale dates make a time split meaningless.
 * Progress goes to stderr; the last stdout line is one JSON object with n, mdape, ppe10, ppe20, cod,
 * rangeCoverage and seconds.
 * By default prices are time-adjusted with a market index fitted from the history itself; with --hpi-dir
 * (the folder of the FHFA files) and --place, the FHFA series chosen for that place is used instead.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { evaluateKFold, evaluateTimeOrdered } from '../domain/avm/evaluation';
import { roundMetrics } from '../domain/avm/metrics';
import type { PriceIndex, Sale } from '../domain/avm/types';
import { loadHpiCatalog } from '../adapters/hpi-files';
import { indexFromHpiSeries } from '../domain/hpi/fhfa';
import { chooseHpiSeries } from '../domain/hpi/series-choice';
import { parseCsvRecords } from '../domain/sales/csv';
import { missingRequiredColumns, parseGenericSaleRow } from '../domain/sales/generic';
import { parseSacramentoSales, sacramentoColumns } from '../domain/sales/sacramento';

interface Args {
  file: string;
  format: 'generic' | 'sacramento';
  kfold: number | null;
  seed: number;
  quiet: boolean;
  hpiDir: string | null;
  place: string | null;
}

class UsageError extends Error {}

const usage = 'usage: avm-eval <csv> [--kfold K] [--format generic|sacramento] [--seed N] [--quiet] [--hpi-dir DIR --place "City, ST"]';

function parseArgs(argv: string[]): Args {
  const args: Args = { file: '', format: 'generic', kfold: null, seed: 42, quiet: false, hpiDir: null, place: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${a} needs a value\n${usage}`);
      return v;
    };
    if (a === '--kfold') {
      const k = Number(value());
      if (!Number.isInteger(k) || k < 2) throw new UsageError('--kfold needs an integer of at least 2');
      args.kfold = k;
    } else if (a === '--format') {
      const f = value();
      if (f !== 'generic' && f !== 'sacramento') throw new UsageError('--format is generic or sacramento');
      args.format = f;
    } else if (a === '--seed') {
      args.seed = Number(value());
      if (!Number.isInteger(args.seed)) throw new UsageError('--seed needs an integer');
    } else if (a === '--hpi-dir') {
      args.hpiDir = value();
    } else if (a === '--place') {
      args.place = value();
    } else if (a === '--quiet') {
      args.quiet = true;
    } else if (a === '--help' || a === '-h') {
      throw new UsageError(usage);
    } else if (a.startsWith('--')) {
      throw new UsageError(`unknown option ${a}\n${usage}`);
    } else if (!args.file) {
      args.file = a;
    } else {
      throw new UsageError(`unexpected argument ${a}\n${usage}`);
    }
  }
  if (!args.file) throw new UsageError(`missing the CSV file\n${usage}`);
  if (args.format === 'sacramento' && args.kfold === null) args.kfold = 5;
  if ((args.hpiDir === null) !== (args.place === null)) throw new UsageError('--hpi-dir and --place go together');
  return args;
}

function readSales(args: Args, log: (m: string) => void): Sale[] {
  if (!existsSync(args.file) || !statSync(args.file).isFile()) throw new UsageError(`file not found: ${args.file}`);
  const { header, records } = parseCsvRecords(readFileSync(args.file, 'utf8'));
  if (args.format === 'sacramento') {
    const missing = sacramentoColumns.filter((c) => !header.includes(c));
    if (missing.length) throw new UsageError(`${args.file} lacks the Sacramento column(s): ${missing.join(', ')}`);
    const imported = parseSacramentoSales(records);
    log(`read ${records.length} rows: ${JSON.stringify(imported.counts)}`);
    return imported.sales;
  }
  const missing = missingRequiredColumns(header);
  if (missing.length) throw new UsageError(`${args.file} lacks the required column(s): ${missing.join(', ')} (generic sales schema)`);
  const sales: Sale[] = [];
  const skipped = new Map<string, number>();
  records.forEach((row, i) => {
    const parsed = parseGenericSaleRow(row, `row-${i + 1}`);
    if ('skip' in parsed) skipped.set(parsed.skip, (skipped.get(parsed.skip) ?? 0) + 1);
    else sales.push(parsed);
  });
  log(`read ${records.length} rows, ${sales.length} usable${skipped.size ? `; skipped: ${JSON.stringify(Object.fromEntries(skipped))}` : ''}`);
  return sales;
}

function chooseIndex(dir: string, place: string, log: (m: string) => void): PriceIndex {
  const [city, state] = place.split(',').map((s) => s.trim());
  const choice = chooseHpiSeries(loadHpiCatalog(dir), [{ city: city ?? null, state: state ?? null }]);
  if (!choice) throw new UsageError(`no FHFA series found in ${dir}`);
  const index = indexFromHpiSeries(choice.series);
  log(`time adjustment: ${index.describe()} (${choice.reason})`);
  return index;
}

export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/** Runs the evaluation; returns the process exit code (0 ok, 1 failure, 2 bad usage or input). */
export function runAvmEval(argv: string[], io: CliIo = process): number {
  const started = process.hrtime.bigint();
  let args: Args;
  try {
    args = parseArgs(argv);
  } catch (error) {
    io.stderr.write(`avm-eval: ${(error as Error).message}\n`);
    return 2;
  }
  const log = args.quiet ? () => {} : (m: string) => io.stderr.write(`[avm-eval ${((Number(process.hrtime.bigint() - started) / 1e9).toFixed(1))}s] ${m}\n`);
  try {
    const sales = readSales(args, log);
    if (sales.length < 10) throw new UsageError(`only ${sales.length} usable sales in ${args.file}; at least 10 are needed`);
    const index = args.hpiDir && args.place ? chooseIndex(args.hpiDir, args.place, log) : undefined;
    const options = { seed: args.seed, log, ...(index ? { index } : {}) };
    const metrics = args.kfold ? evaluateKFold(sales, args.kfold, options) : evaluateTimeOrdered(sales, options);
    const seconds = Math.round(Number(process.hrtime.bigint() - started) / 1e8) / 10;
    io.stdout.write(`${JSON.stringify({ ...roundMetrics(metrics), seconds })}\n`);
    return 0;
  } catch (error) {
    io.stderr.write(`avm-eval: ${error instanceof UsageError ? error.message : (error as Error).stack ?? String(error)}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}

