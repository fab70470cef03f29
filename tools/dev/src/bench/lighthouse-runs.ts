/**
 * Lighthouse (the npm package) against Debian's Chromium through the gateway: its default configuration, which is
 * the mobile preset with simulated throttling, performance and accessibility only. A signed-in page is audited with
 * the owner's session cookie sent as a request header.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import { chromiumFlags, fullChromium } from '../chromium';

/**
 * Lighthouse's mobile preset slows the CPU 4x assuming a fast desktop. Under this benchmark index Lighthouse warns
 * that the host is slower than it expects and that the performance score suffers for it.
 */
export const slowHostBenchmarkIndex = 1000;

export interface LighthouseFigures {
  performance: number | null;
  accessibility: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** Failed accessibility audits, by id. */
  accessibilityFailures: string[];
  /** Lighthouse's measure of this machine's CPU (environment.benchmarkIndex); see slowHostBenchmarkIndex. */
  benchmarkIndex: number | null;
  /** With several runs (BENCH_LIGHTHOUSE_RUNS): every run's performance score; the figures above are the median run's. */
  performanceRuns?: (number | null)[];
}

/**
 * `runs` audits of one page, reported as the run with the median performance score (Lighthouse's own advice: a single
 * run moves by several points with the machine's load), with every run's score beside it.
 */
export async function runLighthouseMedian(runs: number, url: string, cookieHeader?: string, reportFile?: (run: number) => string): Promise<LighthouseFigures> {
  const results: LighthouseFigures[] = [];
  const failures: string[] = [];
  // A run that fails to record its trace (Lighthouse says: run again) is run again, up to as many extra times.
  for (let attempt = 1; results.length < runs && attempt <= 2 * runs; attempt++) {
    try {
      results.push(await runLighthouse(url, cookieHeader, reportFile?.(attempt)));
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  if (!results.length) throw new Error(failures.join('; '));
  const sorted = [...results].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1));
  return { ...sorted[Math.floor((sorted.length - 1) / 2)]!, performanceRuns: results.map((r) => r.performance) };
}

/** With `reportFile` (BENCH_LIGHTHOUSE_DIR), the whole report is written there as JSON, to see where the time goes. */
export async function runLighthouse(url: string, cookieHeader?: string, reportFile?: string): Promise<LighthouseFigures> {
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await launch({ chromePath: fullChromium.path, chromeFlags: chromiumFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookieHeader ? { extraHeaders: { Cookie: cookieHeader } } : {}),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (reportFile) {
      mkdirSync(path.dirname(reportFile), { recursive: true });
      writeFileSync(reportFile, JSON.stringify(result.lhr));
    }
    if (result.lhr.runtimeError) throw new Error(`Lighthouse ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
    const { categories, audits } = result.lhr;
    const score = (value: number | null | undefined) => (value === null || value === undefined ? null : Math.round(value * 100));
    const numeric = (id: string) => audits[id]?.numericValue ?? null;
    return {
      performance: score(categories.performance?.score),
      accessibility: score(categories.accessibility?.score),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      benchmarkIndex: result.lhr.environment.benchmarkIndex ?? null,
      accessibilityFailures: (categories.accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
        .map((ref) => ref.id),
    };
  } finally {
    chrome.kill();
  }
}
