import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAvmEval } from '../../src/tools/avm-eval-cli';
import { dataDir, syntheticMarket } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'avm-eval-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = runAvmEval(args, { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } });
  const lines = stdout.trim().split('\n');
  return { code, stdout, stderr, last: lines[lines.length - 1]! };
}

describe('avm-eval command', () => {
  it('evaluates a King County subsample with the time-ordered protocol and sane figures', () => {
    const lines = readFileSync(join(dataDir, 'avm-eval', 'king-county.csv'), 'utf8').trim().split('\n');
    const sample = [lines[0]!, ...lines.slice(1).filter((_, i) => i % 4 === 0)];
    const file = join(dir, 'kc-sample.csv');
    writeFileSync(file, `${sample.join('\n')}\n`);
    const rows = sample.length - 1;

    const result = run([file, '--quiet']);
    expect(result.code).toBe(0);
    const metrics = JSON.parse(result.last) as Record<string, number>;
    expect(Object.keys(metrics)).toEqual(['n', 'mdape', 'ppe10', 'ppe20', 'cod', 'rangeCoverage', 'seconds']);
    expect(metrics.n).toBe(rows - Math.floor(rows * 0.8));
    expect(metrics.mdape).toBeGreaterThan(5);
    expect(metrics.mdape).toBeLessThan(13);
    expect(metrics.ppe10).toBeGreaterThan(40);
    expect(metrics.ppe20).toBeGreaterThan(65);
    expect(metrics.cod).toBeLessThan(18);
    expect(metrics.rangeCoverage).toBeGreaterThan(70);
    expect(metrics.rangeCoverage).toBeLessThan(90);
    expect(metrics.seconds).toBeGreaterThan(0);
  });

  it('reads quoted cells, scientific notation and empty optional columns, and logs progress to stderr', () => {
    const sales = syntheticMarket({ count: 400, months: 6, seed: 21 });
    const header = 'sale_price,sale_date,latitude,longitude,living_sqft,bedrooms,bathrooms,year_built,lot_sqft,property_type,zip';
    const body = sales.map((s, i) =>
      [
        i % 3 === 0 ? s.salePrice.toExponential(6).replace('e+', 'e+00') : String(s.salePrice),
        `"${s.saleDate}"`,
        s.latitude,
        s.longitude,
        s.livingSqft,
        i % 2 ? s.bedrooms : '',
        i % 5 ? s.bathrooms : '',
        '',
        '',
        '',
        '""',
      ].join(','),
    );
    const file = join(dir, 'synthetic.csv');
    writeFileSync(file, [header, ...body].join('\r\n'));
    const result = run([file]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('400 usable');
    const metrics = JSON.parse(result.last) as Record<string, number>;
    expect(metrics.n).toBe(80);
    expect(metrics.mdape).toBeLessThan(15);
  });

  it('runs k-fold cross-validation on the Sacramento file with its filter rules', () => {
    const result = run([join(dataDir, 'sacramento-sales.csv'), '--format', 'sacramento', '--kfold', '3']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('"kept":810');
    const metrics = JSON.parse(result.last) as Record<string, number>;
    expect(metrics.n).toBe(810);
    expect(metrics.mdape).toBeLessThan(25);
    expect(metrics.rangeCoverage).toBeGreaterThan(65);
  });

  it('fails clearly (exit 2) for a missing file, missing columns or bad options', () => {
    const missing = run([join(dir, 'nope.csv')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('file not found');
    expect(missing.stdout).toBe('');

    const file = join(dir, 'bad.csv');
    writeFileSync(file, 'price,date\n1,2\n');
    const bad = run([file]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('lacks the required column(s): sale_price, sale_date, latitude, longitude, living_sqft');

    expect(run([]).code).toBe(2);
    expect(run([file, '--kfold', '1']).stderr).toContain('--kfold');
    expect(run([file, '--bogus']).stderr).toContain('unknown option');
  });
});
