/**
 * The product for the bench, started as `npm start` starts it (startStack: every service in its own process from
 * its built entry point), on free ports with throwaway databases, PostgreSQL from DATABASE_URL or embedded, NATS as
 * the tests find it. Rate limits stay on (counting is part of the gateway's cost) but never refuse the load.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropDatabases } from '../databases';
import { ensureNatsForTests } from '../nats';
import { repoRoot } from '../paths';
import { ensureTestPostgres } from '../postgres';
import { backendServices, startStack, type Stack } from '../stack';

export interface BenchStack {
  stack: Stack;
  /** With BENCH_PROFILE_DIR: starts (or stops and writes) the CPU profile of every service; else nothing. */
  toggleProfiles(): Promise<void>;
  databaseUrl: string;
  databases: Record<string, string>;
  startMs: number;
  stop(): Promise<void>;
}

const unlimited = ['search', 'valuation', 'write', 'create'].map((c) => `${c}.client=1000000000/1m,${c}.user=1000000000/1m`).join(',');

export async function startBenchStack(): Promise<BenchStack> {
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => undefined);
  };
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
      env: {
        RATE_LIMITS: unlimited,
        // BENCH_PROFILE_DIR: every service can be CPU-profiled (see profile-preload.ts and profileServices).
        ...(process.env.BENCH_PROFILE_DIR
          ? { NODE_OPTIONS: `--require ${path.join(__dirname, 'profile-preload.js')}`, BENCH_PROFILE_DIR: path.resolve(process.env.BENCH_PROFILE_DIR) }
          : {}),
      },
      // A shared machine may be busy: give the services time to start rather than fail the run.
      readyTimeoutMs: 180_000,
    });
    stops.push(stack.stop);
    const toggleProfiles = async () => {
      if (!process.env.BENCH_PROFILE_DIR) return;
      for (const pid of Object.values(stack.pids())) process.kill(pid, 'SIGUSR2');
      await new Promise((resolve) => setTimeout(resolve, 2000));
    };
    return { stack, databaseUrl: postgres.url, databases, startMs: performance.now() - began, stop, toggleProfiles };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Up to 200 addresses of the sample sales file, as "street, city, state zip" (the bench's inputs only). */
export function sampleAddresses(csvPath: string): string[] {
  const [header, ...rows] = readFileSync(csvPath, 'utf8').split(/\r?\n/).filter(Boolean);
  const cols = header!.split(',');
  const at = (row: string[], name: string) => row[cols.indexOf(name)] ?? '';
  const lines = [...new Set(rows.map((r) => r.split(',')).map((r) => `${at(r, 'street')}, ${at(r, 'city')}, ${at(r, 'state')} ${at(r, 'zip')}`))];
  const step = Math.max(1, Math.floor(lines.length / 200));
  return lines.filter((_, i) => i % step === 0).slice(0, 200);
}
