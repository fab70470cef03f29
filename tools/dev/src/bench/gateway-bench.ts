/**
 * `npm run bench` (gateway part): address autocomplete and lookup through the gateway at 50 concurrent keep-alive
 * connections, side by side with a bare Node HTTP handler answering the same bytes, in the same run on the same
 * machine. The product runs as `npm start` runs it (each service in its own process, from the built entry points);
 * the load comes from a worker thread. Loopback only, bounded by time per run.
 * Env: BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 50), DATABASE_URL (else a throwaway embedded
 * PostgreSQL), NATS_URL, VALUATION_SALES_CSV (the addresses to ask for; default the embedded sample data).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { dropDatabases } from '../databases';
import { ensureNatsForTests } from '../nats';
import { repoRoot } from '../paths';
import { ensureTestPostgres } from '../postgres';
import { backendServices, startStack } from '../stack';
import { figuresOf, loadFromWorker, type LoadPlan, type RunFigures, type Target } from './load-worker';

/** A bare Node handler answering the given bodies (same bytes as the gateway's) without any work. */
function startBareServer(bodies: { autocomplete: string; lookup: string }): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const body = req.url?.startsWith('/api/address-autocomplete') ? bodies.autocomplete : bodies.lookup;
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Up to 200 addresses of the sample sales file, as "street, city, state zip" (the bench's inputs only). */
function sampleAddresses(csvPath: string): string[] {
  const [header, ...rows] = readFileSync(csvPath, 'utf8').split(/\r?\n/).filter(Boolean);
  const cols = header!.split(',');
  const at = (row: string[], name: string) => row[cols.indexOf(name)] ?? '';
  const lines = [...new Set(rows.map((r) => r.split(',')).map((r) => `${at(r, 'street')}, ${at(r, 'city')}, ${at(r, 'state')} ${at(r, 'zip')}`))];
  const step = Math.max(1, Math.floor(lines.length / 200));
  return lines.filter((_, i) => i % step === 0).slice(0, 200);
}

export async function runGatewayBench(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  if (!(seconds > 0 && seconds <= 120) || !(connections >= 1 && connections <= 500)) {
    throw new Error('BENCH_SECONDS must be in (0, 120] and BENCH_CONNECTIONS in [1, 500]');
  }
  const stops: (() => Promise<unknown>)[] = [];
  try {
    const postgres = await ensureTestPostgres();
    stops.push(postgres.stop);
    const nats = await ensureNatsForTests({ url: process.env.NATS_URL });
    stops.push(nats.stop);
    const runId = Date.now().toString(36);
    const databases = Object.fromEntries([...backendServices.map((b) => b.name), 'gateway'].map((n) => [n, `bench_${n}_${runId}`]));
    stops.push(() => dropDatabases(postgres.url, Object.values(databases)));

    const s3Dir = mkdtempSync(path.join(os.tmpdir(), 'hsa-bench-s3-'));
    stops.push(async () => rmSync(s3Dir, { recursive: true, force: true }));
    const began = performance.now();
    const stack = await startStack({
      s3: { dataDir: s3Dir },
      databaseUrl: postgres.url,
      natsUrl: nats.url,
      freePorts: true,
      databaseNames: databases,
      logs: { kind: 'file', dir: path.join(repoRoot, '.e2e-artifacts', 'bench-logs') },
      // Limits stay on (their counting is part of the gateway's cost) but high enough never to refuse the load.
      env: { LOG_LEVEL: 'warn', RATE_LIMITS: 'search.client=1000000000/1m,valuation.client=1000000000/1m,write.client=1000000000/1m' },
    });
    stops.push(stack.stop);
    const stackStartMs = performance.now() - began;

    const csv = process.env.VALUATION_SALES_CSV ?? path.resolve(repoRoot, '..', 'shared', 'data', 'sacramento-sales.csv');
    const sample = sampleAddresses(csv);
    const autocompleteTargets: Target[] = sample.map((line, i) => ({
      method: 'GET',
      path: `/api/address-autocomplete?input=${encodeURIComponent(line.slice(0, 4 + (i % 9)))}`,
    }));
    const lookupTargets: Target[] = sample.map((line) => ({ method: 'POST', path: '/api/properties/lookup', body: JSON.stringify({ address: line }) }));

    // The bare handler answers with bytes like the gateway's own answers.
    const capture = async (target: Target) => {
      const res = await fetch(`${stack.url}${target.path}`, {
        method: target.method,
        headers: { origin: stack.url, 'content-type': 'application/json' },
        ...(target.body ? { body: target.body } : {}),
      });
      if (res.status !== 200) throw new Error(`gateway answered ${res.status} for ${target.method} ${target.path}: ${await res.text()}`);
      return res.text();
    };
    const bodies = { autocomplete: await capture(autocompleteTargets[0]!), lookup: await capture(lookupTargets[0]!) };
    const bare = await startBareServer(bodies);
    stops.push(() => closeServer(bare));
    const barePort = (bare.address() as AddressInfo).port;

    const plan = (port: number, targets: Target[]): LoadPlan => ({
      port,
      origin: stack.url,
      targets,
      connections,
      durationMs: seconds * 1000,
      warmupMs: Math.min(1000, seconds * 200),
    });
    const measured = async (p: LoadPlan): Promise<RunFigures> => figuresOf(await loadFromWorker(p));
    const runs = {
      autocomplete: {
        gateway: await measured(plan(stack.ports.gateway, autocompleteTargets)),
        bare: await measured(plan(barePort, autocompleteTargets)),
      },
      lookup: {
        gateway: await measured(plan(stack.ports.gateway, lookupTargets)),
        bare: await measured(plan(barePort, lookupTargets)),
      },
    };
    printReport({ runs, seconds, connections, stackStartMs, bodies });
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  }
}

function printReport(report: {
  runs: Record<'autocomplete' | 'lookup', { gateway: RunFigures; bare: RunFigures }>;
  seconds: number;
  connections: number;
  stackStartMs: number;
  bodies: { autocomplete: string; lookup: string };
}): void {
  const ms = (v: number) => v.toFixed(2).padStart(9);
  const rate = (v: number) => v.toFixed(0).padStart(9);
  const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}x`.padStart(9);
  const out: string[] = [];
  out.push(
    `Gateway bench: ${report.connections} concurrent keep-alive connections, ${report.seconds} s per run after warm-up, loopback, Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'})`,
    `Gateway: the product as \`npm start\` runs it (every service in its own process, autocomplete rate limit lifted); the load runs in a worker thread of this process. Stack start: ${(report.stackStartMs / 1000).toFixed(1)} s.`,
    `Bare handler: node:http answering the same bytes (${Buffer.byteLength(report.bodies.autocomplete)} B autocomplete, ${Buffer.byteLength(report.bodies.lookup)} B lookup) with no work.`,
    '',
    `${'call'.padEnd(14)}${'server'.padEnd(12)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'req/s'.padStart(9)}${'requests'.padStart(10)}${'errors'.padStart(8)}`,
  );
  for (const call of ['autocomplete', 'lookup'] as const) {
    const { gateway, bare } = report.runs[call];
    for (const [name, f] of [['gateway', gateway], ['bare node', bare]] as const) {
      out.push(
        `${call.padEnd(14)}${name.padEnd(12)}${ms(f.p50)}${ms(f.p95)}${ms(f.p99)}${rate(f.throughput)}${String(f.requests).padStart(10)}${String(f.errors).padStart(8)}`,
      );
    }
    out.push(
      `${call.padEnd(14)}${'ratio'.padEnd(12)}${ratio(gateway.p50, bare.p50)}${ratio(gateway.p95, bare.p95)}${ratio(gateway.p99, bare.p99)}${ratio(bare.throughput, gateway.throughput)}   (gateway / bare; req/s as bare / gateway)`,
    );
  }
  out.push('', JSON.stringify({ connections: report.connections, seconds: report.seconds, ...report.runs }));
  console.log(out.join('\n'));
}

