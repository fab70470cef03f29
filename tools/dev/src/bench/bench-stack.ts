/**
 * The product for the bench, started as `npm start` starts it (startStack: every service in its own process from
 * its built entry point), on free ports with throwaway databases, PostgreSQL from DATABASE_URL or embedded, NATS as
 * the tests find it. Rate limits stay on (counting is part of the gateway's cost) but never refuse the load.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { repoRoot } from '../paths';
import type { Stack } from '../stack';
import { startThrowawayStack } from '../throwaway-stack';

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
  const run = await startThrowawayStack({
    prefix: 'bench',
    logDir: path.join(repoRoot, '.e2e-artifacts', 'bench-logs'),
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
  const toggleProfiles = async () => {
    if (!process.env.BENCH_PROFILE_DIR) return;
    for (const pid of Object.values(run.stack.pids())) process.kill(pid, 'SIGUSR2');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  };
  return { ...run, toggleProfiles };
}

/** Up to 200 addresses of the sample sales file, as "street, city, state zip" (the bench's inputs only). */
export function sampleAddresses(csvPath: string): string[] {
  const { data } = Papa.parse<Record<string, string>>(readFileSync(csvPath, 'utf8'), { header: true, skipEmptyLines: true });
  const lines = [...new Set(data.map((row) => `${row.street ?? ''}, ${row.city ?? ''}, ${row.state ?? ''} ${row.zip ?? ''}`))];
  const step = Math.max(1, Math.floor(lines.length / 200));
  return lines.filter((_, i) => i % step === 0).slice(0, 200);
}
