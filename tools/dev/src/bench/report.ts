/** The bench's printed tables, with the budgets of issue 13 beside the figures and the machine's load. */
import os from 'node:os';
import { LOAD_GENERATOR, type LoadFigures } from './api-load';
import { ceilingThroughput, type CpuTimes } from './cpu-time';
import { slowHostBenchmarkIndex, type LighthouseFigures } from './lighthouse-runs';
import type { PageFigures } from './page-loads';

/** Budgets per page: JavaScript on the wire (KB = 1000 bytes), landing LCP, Lighthouse scores. */
const pageBudgets: Record<string, { jsKB: number; performance: number }> = {
  landing: { jsKB: 150, performance: 90 },
  'wizard step 2 (owner)': { jsKB: 400, performance: 80 },
  'dashboard (owner)': { jsKB: 350, performance: 80 },
};
const landingLcpBudgetMs = 1000;
const apiBudgets: Record<string, { throughput: number; p95: number }> = {
  autocomplete: { throughput: 3000, p95: 30 },
  'active list': { throughput: 1500, p95: 50 },
};

export interface ApiFigures {
  name: string;
  gateway: LoadFigures;
  reference: LoadFigures;
  /** The machine's load when this call was measured. */
  load: string;
}

export function machineLine(): string {
  const [one, five, fifteen] = os.loadavg().map((v) => v.toFixed(2));
  return `Load average ${one}, ${five}, ${fifteen} on ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}.`;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const over = (bad: boolean) => (bad ? ' OVER' : '');

export function printPageTable(pages: PageFigures[], lighthouse: Map<string, LighthouseFigures | string>): void {
  const out = ['', 'Pages through the gateway, Chromium, cold loads with the cache disabled (medians; KB = 1000 bytes on the wire):'];
  out.push(`${'page'.padEnd(24)}${'loads'.padStart(6)}${'JS'.padStart(16)}${'budget'.padStart(9)}${'total'.padStart(12)}${'LCP ms'.padStart(12)}${'LH perf'.padStart(9)}${'LH a11y'.padStart(9)}`);
  const names = pages.length ? pages.map((p) => p.name) : [...lighthouse.keys()];
  for (const name of names) {
    const page = pages.find((p) => p.name === name);
    const budget = pageBudgets[name];
    const lh = lighthouse.get(name);
    const scores = typeof lh === 'object' ? lh : undefined;
    const lcpOver = name === 'landing' && page !== undefined && page.lcpMs > landingLcpBudgetMs;
    const js = page ? `${kb(page.jsBytes)}${over(!!budget && page.jsBytes > budget.jsKB * 1000)}` : '-';
    const lcp = page ? `${Math.round(page.lcpMs)}${over(lcpOver)}` : '-';
    out.push(
      `${name.padEnd(24)}${String(page?.loads.length ?? '-').padStart(6)}${js.padStart(16)}${(budget ? `${budget.jsKB} KB` : '').padStart(9)}` +
        `${(page ? kb(page.totalBytes) : '-').padStart(12)}${lcp.padStart(12)}${String(scores?.performance ?? '-').padStart(9)}${String(scores?.accessibility ?? '-').padStart(9)}`,
    );
  }
  out.push(`Budgets: landing LCP ${landingLcpBudgetMs} ms; Lighthouse performance landing 90, others 80; accessibility 100.`);
  for (const page of pages) {
    out.push(`  ${page.name} ${page.path}: LCP per load ${page.loads.map((l) => Math.round(l.lcpMs)).join(', ')} ms (element ${page.loads.at(-1)?.lcpElement}); ready after ${page.loads.map((l) => l.readyMs).join(', ')} ms; ${page.loads.at(-1)?.requests} requests`);
    for (const script of page.loads.at(-1)?.scripts.slice(0, 12) ?? []) out.push(`      ${kb(script.bytes).padStart(10)} ${script.encoding.padEnd(8)} ${script.path}`);
  }
  for (const [name, lh] of lighthouse) {
    if (typeof lh === 'string') out.push(`  Lighthouse ${name}: ${lh}`);
    else {
      const fmt = (v: number | null, digits = 0) => (v === null ? '-' : v.toFixed(digits));
      const runs = lh.performanceRuns && lh.performanceRuns.length > 1 ? `performance per run ${lh.performanceRuns.map((v) => v ?? '-').join(', ')}; median run: ` : '';
      out.push(
        `  Lighthouse ${name}: ${runs}LCP ${fmt(lh.lcpMs)} ms, TBT ${fmt(lh.tbtMs)} ms, CLS ${fmt(lh.cls, 3)}; CPU benchmark index ${fmt(lh.benchmarkIndex)}` +
          `${lh.benchmarkIndex !== null && lh.benchmarkIndex < slowHostBenchmarkIndex ? ' (Lighthouse: slower CPU than it expects, the score suffers)' : ''}` +
          `${lh.accessibilityFailures.length ? `; accessibility failures: ${lh.accessibilityFailures.join(', ')}` : ''}`,
      );
    }
  }
  console.log(out.join('\n'));
}

const serverSide = (cpu: CpuTimes) => Object.entries(cpu).reduce((sum, [name, v]) => (name === LOAD_GENERATOR ? sum : sum + v), 0);

/** "gateway 310 + valuation 120 + ... + autocannon 60 = 500": the processes that used at least 1 µs per request. */
function cpuBreakdown(cpu: CpuTimes): string {
  const shown = Object.entries(cpu).filter(([name, v]) => v >= 1 || name === LOAD_GENERATOR);
  shown.sort(([a, x], [b, y]) => (a === LOAD_GENERATOR ? 1 : b === LOAD_GENERATOR ? -1 : y - x));
  const rest = Object.values(cpu).reduce((sum, v) => sum + v, 0) - shown.reduce((sum, [, v]) => sum + v, 0);
  const parts = shown.map(([name, v]) => `${name} ${v.toFixed(0)}`);
  if (Math.abs(rest) >= 0.5) parts.push(`others ${rest.toFixed(0)}`);
  return `${parts.join(' + ')} = ${Object.values(cpu).reduce((sum, v) => sum + v, 0).toFixed(0)}`;
}

export function printApiTable(results: ApiFigures[], run: { connections: number; seconds: number; warmUpSeconds: number; rate?: number | undefined }): void {
  const cores = os.cpus().length;
  const ms = (v: number) => v.toFixed(2).padStart(9);
  const out = [
    '',
    `API calls at ${run.connections} keep-alive connections (autocannon)${run.rate ? `, at most ${run.rate} req/s (BENCH_RATE)` : ''}, ${run.seconds} s after a ${run.warmUpSeconds} s warm-up. Reference: a bare node:http`,
    'server in its own process doing the same work in-process (the valuation operations over the same data, the',
    "property repository's rows), answering the same bytes as the gateway. CPU µs/req: user + system CPU time per",
    'completed request of the serving processes (gateway, services, PostgreSQL backends; not the load generator),',
    'less what the same processes spend idle (timers, pollers); it depends far less than req/s and latencies on what',
    'else the machine runs.',
    `${'call'.padEnd(14)}${'server'.padEnd(12)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'requests'.padStart(10)}${'errors'.padStart(8)}${'CPU µs/req'.padStart(12)}`,
  ];
  for (const { name, gateway, reference, load } of results) {
    const budget = apiBudgets[name];
    for (const [server, f] of [['gateway', gateway], ['reference', reference]] as const) {
      const flag = server === 'gateway' && budget ? over(f.throughput < budget.throughput || f.p95 > budget.p95) : '';
      out.push(
        `${name.padEnd(14)}${server.padEnd(12)}${f.throughput.toFixed(0).padStart(9)}${ms(f.p50)}${ms(f.p95)}${ms(f.p99)}${String(f.requests).padStart(10)}` +
          `${String(f.errors).padStart(8)}${serverSide(f.cpu).toFixed(0).padStart(12)}${flag}`,
      );
    }
    out.push(
      `${name.padEnd(14)}${'ratio'.padEnd(12)}${`${(gateway.throughput / reference.throughput).toFixed(2)}x`.padStart(9)}${`${(gateway.p50 / reference.p50).toFixed(1)}x`.padStart(9)}` +
        `${`${(gateway.p95 / reference.p95).toFixed(1)}x`.padStart(9)}${`${(gateway.p99 / reference.p99).toFixed(1)}x`.padStart(9)}${''.padStart(18)}` +
        `${`${(serverSide(gateway.cpu) / serverSide(reference.cpu)).toFixed(1)}x`.padStart(12)}   (gateway / reference)`,
    );
    for (const [server, f] of [['gateway', gateway], ['reference', reference]] as const) {
      out.push(`${''.padEnd(14)}CPU µs per request, ${server}: ${cpuBreakdown(f.cpu)}`);
      out.push(
        `${''.padEnd(14)}  ESTIMATE, not measured: ${ceilingThroughput(f.cpu, cores).toFixed(0)} req/s is what this CPU cost allows on ${cores} otherwise idle cores (${cores} × 1e6 / ${Object.values(f.cpu).reduce((a, v) => a + v, 0).toFixed(0)} µs)`,
      );
    }
    out.push(`${''.padEnd(14)}${budget ? `budget through the gateway: >= ${budget.throughput} req/s, p95 <= ${budget.p95} ms. ` : ''}${load}`);
  }
  out.push('', JSON.stringify(results));
  console.log(out.join('\n'));
}
