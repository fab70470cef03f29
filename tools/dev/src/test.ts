/**
 * `npm test`: type check, vitest (every project), deploy:check (the Helm chart, Dockerfiles and skaffold.yaml, see
 * tools/deploy), then Playwright end to end. Every step runs even when an earlier
 * one failed; a summary with durations follows, and the last line reads `N passed, N failed` (vitest + Playwright
 * tests; a failed step that reported no failing test counts as one failure). Exit code 1 on any failure.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
  passed?: number;
  failed?: number;
  note?: string;
}

const reportDir = path.join(repoRoot, '.e2e-artifacts', 'reports');
const bin = (name: string) => path.join(repoRoot, 'node_modules', '.bin', name);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('error', (err) => {
      console.error(`[test] could not run ${command}: ${err.message}`);
      resolve(127);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

async function step(name: string, body: () => Promise<Omit<StepResult, 'name' | 'seconds'>>): Promise<StepResult> {
  console.log(`\n[test] ── ${name} ──`);
  const began = performance.now();
  const result = await body();
  return { name, seconds: (performance.now() - began) / 1000, ...result };
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

async function lint() {
  const code = await run('npm', ['run', 'lint']);
  return { ok: code === 0 };
}

async function vitest() {
  const report = path.join(reportDir, 'vitest.json');
  const code = await run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  const json = readJson<{
    numPassedTests: number;
    numFailedTests: number;
    testResults: Array<{ status: string; assertionResults: Array<{ status: string }> }>;
  }>(report);
  if (!json) return { ok: false, note: 'no report (vitest did not finish)' };
  // A test file that fails to load has no failed test in it; count it as one failure.
  const brokenFiles = json.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  return {
    ok: code === 0,
    passed: json.numPassedTests,
    failed: json.numFailedTests + brokenFiles,
    ...(brokenFiles ? { note: `${brokenFiles} test file(s) failed to run` } : {}),
  };
}

/** deploy:check on the repository (the fixtures' tests of the check itself run in vitest). */
async function deploy() {
  const code = await run(process.execPath, [path.join(repoRoot, 'tools', 'deploy', 'dist', 'deploy-check.js')]);
  return { ok: code === 0 };
}

async function playwright() {
  const report = path.join(reportDir, 'playwright.json');
  const code = await run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  const json = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(report);
  if (!json) return { ok: false, note: 'no report (Playwright did not finish)' };
  const { expected, unexpected, flaky, skipped } = json.stats;
  return {
    ok: code === 0,
    passed: expected + flaky,
    failed: unexpected,
    ...(flaky || skipped ? { note: `${flaky} flaky, ${skipped} skipped` } : {}),
  };
}

async function main(): Promise<void> {
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const began = performance.now();
  const results = [
    await step('lint', lint),
    await step('vitest', vitest),
    await step('deploy', deploy),
    await step('playwright', playwright),
  ];
  const total = (performance.now() - began) / 1000;

  let passed = 0;
  let failed = 0;
  console.log('\n[test] Summary');
  for (const r of results) {
    passed += r.passed ?? 0;
    failed += r.failed ?? 0;
    if (!r.ok && !r.failed) failed += 1;
    const counts = r.passed !== undefined ? `${r.passed} passed, ${r.failed} failed` : '';
    const note = r.note ? ` (${r.note})` : '';
    console.log(`  ${r.name.padEnd(11)} ${(r.ok ? 'ok' : 'FAILED').padEnd(7)} ${r.seconds.toFixed(1).padStart(7)} s  ${counts}${note}`);
  }
  console.log(`  ${'total'.padEnd(11)} ${''.padEnd(7)} ${total.toFixed(1).padStart(7)} s`);
  if (existsSync(path.join(repoRoot, 'e2e', 'test-results'))) console.log('  Playwright artifacts: e2e/test-results');
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}

void main();
