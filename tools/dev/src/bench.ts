/**
 * `npm run bench`: one run measuring the product as users reach it, started as `npm start` starts it. It prints
 * (no pass/fail; the budgets are shown beside the figures):
 *  - per page (landing; the wizard's step 2 for a signed-in owner; the dashboard): bytes on the wire of JavaScript
 *    and in total, and LCP, in Chromium through the gateway, cold loads with the cache disabled;
 *  - Lighthouse (mobile preset) performance and accessibility scores of the same pages;
 *  - per API call (address autocomplete, the signed-in active-property list, lookup): throughput and p50/p95/p99
 *    at 50 connections through the gateway and through an in-process reference doing the same work, and the ratio;
 *    the CPU time per request of every process involved (load-independent, unlike req/s on a shared machine) and
 *    the throughput that CPU cost allows on this machine's cores when it is otherwise idle (an estimate).
 * Env: BENCH_SECONDS (per load run, default 5), BENCH_WARMUP_SECONDS (before each, not counted, default 5), BENCH_CONNECTIONS (default 50), BENCH_LANDING_RUNS (default 5),
 * BENCH_PAGE_RUNS (other pages, default 3), BENCH_LIGHTHOUSE_RUNS (per page, the median is reported; default 3), BENCH_SKIP (comma list of pages,lighthouse,api), BENCH_PAGES (comma list of
 * landing,wizard,dashboard: the pages to measure, default all), BENCH_CALLS (comma list of the calls to load, default all), BENCH_PROFILE_DIR (CPU profiles of every service), BENCH_LIGHTHOUSE_DIR (each page's whole Lighthouse report, JSON), BENCH_RATE (at most this many
 * requests per second per load run, default unlimited: to compare CPU per request of two builds at the same rate),
 * DATABASE_URL, NATS_URL, VALUATION_SALES_CSV.
 */
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startBenchStack, sampleAddresses } from './bench/bench-stack';
import { chromiumFlags, fullChromium, requireBrowser } from './chromium';
import { runLighthouseMedian, type LighthouseFigures } from './bench/lighthouse-runs';
import { measurePage, type PageFigures, type PageSpec } from './bench/page-loads';
import { measureLoad, type ApiRequest, type LoadFigures } from './bench/api-load';
import { signInOwner } from './bench/owner';
import { forkReference } from './bench/reference-server';
import { cpuOfProcesses, postgresBackendsCpu } from './bench/cpu-time';
import { machineLine, printApiTable, printPageTable, type ApiFigures } from './bench/report';
import { repoRoot } from './paths';

const numberFromEnv = (name: string, fallback: number, min: number, max: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!(value >= min && value <= max)) throw new Error(`${name} must be a number in [${min}, ${max}]`);
  return value;
};

async function main(): Promise<void> {
  const seconds = numberFromEnv('BENCH_SECONDS', 5, 1, 120);
  const warmUpSeconds = numberFromEnv('BENCH_WARMUP_SECONDS', 5, 0, 120);
  const connections = numberFromEnv('BENCH_CONNECTIONS', 50, 1, 500);
  const rate = numberFromEnv('BENCH_RATE', 0, 0, 1_000_000) || undefined;
  const landingRuns = numberFromEnv('BENCH_LANDING_RUNS', 5, 1, 50);
  const pageRuns = numberFromEnv('BENCH_PAGE_RUNS', 3, 1, 50);
  const lighthouseRuns = numberFromEnv('BENCH_LIGHTHOUSE_RUNS', 3, 1, 20);
  const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').map((s) => s.trim()));
  console.log(`Bench starting. ${machineLine()}`);

  requireBrowser(fullChromium);
  const bench = await startBenchStack();
  const browser = await chromium.launch({ executablePath: fullChromium.path, args: chromiumFlags });
  const cleanups: (() => Promise<unknown>)[] = [() => bench.stop(), () => browser.close()];
  try {
    const base = bench.stack.url;
    console.log(`Product ready at ${base} in ${(bench.startMs / 1000).toFixed(1)} s (every service in its own process, as npm start runs them).`);
    const csv = process.env.VALUATION_SALES_CSV ?? path.resolve(repoRoot, '..', 'shared', 'data', 'sacramento-sales.csv');
    const addresses = sampleAddresses(csv);
    const owner = await signInOwner(browser, base, addresses[0]!);

    const allPages: PageSpec[] = [
      { name: 'landing', path: '/', ready: (page) => page.getByRole('combobox', { name: 'Property address' }).waitFor({ timeout: 30_000 }) },
      {
        name: 'wizard step 2 (owner)',
        path: `/?propertyId=${owner.propertyId}&step=2`,
        storageState: owner.storageState,
        ready: (page: Page) => page.getByTestId('estimated-value').waitFor({ timeout: 30_000 }),
      },
      {
        name: 'dashboard (owner)',
        path: '/dashboard',
        storageState: owner.storageState,
        ready: (page: Page) => page.getByText('Welcome back').waitFor({ timeout: 30_000 }),
      },
    ];

    const onlyPages = process.env.BENCH_PAGES?.split(',').map((name) => name.trim());
    const pages = allPages.filter((spec) => !onlyPages || onlyPages.includes(spec.name.split(' ')[0]!));
    const pageFigures: PageFigures[] = [];
    if (!skip.has('pages')) {
      for (const spec of pages) pageFigures.push(await measurePage(browser, base, spec, spec.name === 'landing' ? landingRuns : pageRuns));
      console.log(`\nPages measured. ${machineLine()}`);
    }

    const lighthouse = new Map<string, LighthouseFigures | string>();
    if (!skip.has('lighthouse')) {
      for (const spec of pages) {
        const url = new URL(spec.path, base).href;
        const reportDir = process.env.BENCH_LIGHTHOUSE_DIR;
        const reportFile = reportDir ? (run: number) => path.resolve(reportDir, `${spec.name.replace(/\W+/g, '-')}-${run}.json`) : undefined;
        lighthouse.set(
          spec.name,
          await runLighthouseMedian(lighthouseRuns, url, spec.storageState ? owner.cookieHeader : undefined, reportFile).catch((err: unknown) => `failed: ${(err as Error).message}`),
        );
      }
      console.log(`Lighthouse done. ${machineLine()}`);
    }
    if (pageFigures.length || lighthouse.size) printPageTable(pageFigures, lighthouse);

    if (!skip.has('api')) {
      const reference = await forkReference({
        valuationEnv: bench.stack.env.valuation,
        databaseUrl: bench.databaseUrl,
        propertyDatabase: bench.databases.property!,
        ownerId: owner.userId,
      });
      cleanups.push(() => reference.close());
      const calls: { name: string; requests: ApiRequest[]; headers: Record<string, string> }[] = [
        {
          name: 'autocomplete',
          requests: addresses.map((line, i) => ({ method: 'GET', path: `/api/address-autocomplete?input=${encodeURIComponent(line.slice(0, 4 + (i % 9)))}` })),
          headers: {},
        },
        { name: 'active list', requests: [{ method: 'GET', path: '/api/user/properties/active' }], headers: { cookie: owner.cookieHeader } },
        { name: 'lookup', requests: addresses.map((line) => ({ method: 'POST', path: '/api/properties/lookup', body: JSON.stringify({ address: line }) })), headers: {} },
      ];
      // The CPU time of each process serving a run, PostgreSQL's backends of the bench's databases as one.
      const cpuOf = async (pids: Record<string, number | undefined>) => ({
        ...cpuOfProcesses(Object.fromEntries(Object.entries(pids).filter((entry): entry is [string, number] => entry[1] !== undefined))),
        ...(await postgresBackendsCpu(bench.databaseUrl, Object.values(bench.databases))),
      });
      const results: ApiFigures[] = [];
      const only = process.env.BENCH_CALLS?.split(',').map((name) => name.trim());
      for (const call of calls.filter((c) => !only || only.includes(c.name))) {
        const headers = { origin: new URL(base).origin, accept: 'application/json', ...call.headers };
        const options = { requests: call.requests, headers, connections, seconds, warmUpSeconds, rate };
        await sameAnswers(base, reference.port, call.requests[0]!, headers);
        await bench.toggleProfiles();
        const gateway: LoadFigures = await measureLoad({ ...options, port: bench.stack.ports.gateway, cpu: () => cpuOf(bench.stack.pids()) });
        await bench.toggleProfiles();
        const inProcess: LoadFigures = await measureLoad({ ...options, port: reference.port, cpu: () => cpuOf({ reference: reference.pid ?? -1 }) });
        results.push({ name: call.name, gateway, reference: inProcess, load: machineLine() });
      }
      printApiTable(results, { connections, seconds, warmUpSeconds, rate });
    }
    console.log(`\nBench done. ${machineLine()}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}

/** The reference must answer what the gateway answers (same work, same bytes), else its figures mean nothing. */
async function sameAnswers(base: string, referencePort: number, request: ApiRequest, headers: Record<string, string>): Promise<void> {
  const ask = async (url: string) => {
    const res = await fetch(url, { method: request.method, headers: { ...headers, 'content-type': 'application/json' }, ...(request.body ? { body: request.body } : {}) });
    return { status: res.status, body: await res.text() };
  };
  const [gateway, reference] = await Promise.all([ask(new URL(request.path, base).href), ask(`http://127.0.0.1:${referencePort}${request.path}`)]);
  if (gateway.status !== 200 || gateway.body !== reference.body) {
    throw new Error(`The reference answers ${request.method} ${request.path} differently from the gateway:\n  gateway ${gateway.status}: ${gateway.body.slice(0, 300)}\n  reference ${reference.status}: ${reference.body.slice(0, 300)}`);
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.stack ?? err.message : err);
    process.exit(1);
  },
);
