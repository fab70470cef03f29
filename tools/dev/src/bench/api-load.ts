/**
 * One API call under load with autocannon: `connections` keep-alive connections, each cycling through the given
 * requests, for a warm-up (not counted: `warmUpSeconds`, enough for V8 to have optimized the hot paths of every process
 * on the way, as in a server that has been up for a while) and then `seconds`. Every response's latency is kept (autocannon's
 * own summary has no p95). The CPU time of the serving processes and of the load generator is read around the
 * measured run, less what they spend idle in the same time (timers, pollers: at a low throughput on a busy machine
 * that background would otherwise be counted as the requests' cost).
 */
import autocannon from 'autocannon';
import { byGroup, ownCpuMicros, perRequest, type CpuTimes } from './cpu-time';

export interface ApiRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export interface LoadFigures {
  requests: number;
  /** Answers other than 2xx, connection errors and timeouts. */
  errors: number;
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  /**
   * CPU µs per completed request of each process sampled (see LoadOptions.cpu) and of the load generator, net of
   * what the process spends at the same rate without load (measured for 2 s before the run).
   */
  cpu: CpuTimes;
}

export interface LoadOptions {
  port: number;
  requests: ApiRequest[];
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  /** The load run first, not counted: the first seconds of a cold process are mostly JIT compilation. */
  warmUpSeconds: number;
  /**
   * At most this many requests per second over all connections (autocannon's overallRate); unlimited when absent.
   * CPU per request depends on the rate (a busy process handles many requests per wake-up), so two builds compare
   * fairly at the same rate.
   */
  rate?: number | undefined;
  /** The CPU time of the processes serving the load, read just before and just after the measured run. */
  cpu?: () => Promise<CpuTimes>;
}

export const LOAD_GENERATOR = 'autocannon';

function run(options: LoadOptions, seconds: number, onLatency?: (ms: number, status: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${options.port}`,
        connections: options.connections,
        duration: seconds,
        ...(options.rate ? { overallRate: options.rate } : {}),
        requests: options.requests.map((r) => ({
          method: r.method,
          path: r.path,
          headers: { ...options.headers, ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(r.body !== undefined ? { body: r.body } : {}),
        })),
      },
      (err, result) => (err ? reject(err as Error) : resolve(result)),
    );
    if (onLatency) instance.on('response', (_client, status, _bytes, ms) => onLatency(ms, status));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each process's CPU µs per second while no load runs (timers, pollers, the rest of the bench), over `ms`. */
async function idleRates(sample: () => Promise<CpuTimes>, ms: number): Promise<CpuTimes> {
  await sleep(500); // calls of an earlier run still in flight
  const start = { ...(await sample()), [LOAD_GENERATOR]: ownCpuMicros() };
  const began = performance.now();
  await sleep(ms);
  const end = { ...(await sample()), [LOAD_GENERATOR]: ownCpuMicros() };
  return perRequest(start, end, (performance.now() - began) / 1000);
}

export async function measureLoad(options: LoadOptions): Promise<LoadFigures> {
  const idle = options.cpu ? await idleRates(options.cpu, 2000) : {};
  await run(options, options.warmUpSeconds);
  const latencies: number[] = [];
  let failed = 0;
  const before: CpuTimes = { ...(await options.cpu?.()), [LOAD_GENERATOR]: ownCpuMicros() };
  const began = performance.now();
  const result = await run(options, options.seconds, (ms, status) => {
    latencies.push(ms);
    if (status < 200 || status > 299) failed++;
  });
  const after: CpuTimes = { ...(await options.cpu?.()), [LOAD_GENERATOR]: ownCpuMicros() };
  // What each process spends anyway in that time is not the load's cost.
  const seconds = (performance.now() - began) / 1000;
  for (const [name, rate] of Object.entries(idle)) if (after[name] !== undefined) after[name] -= rate * seconds;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil((p / 100) * latencies.length) - 1))] ?? Number.NaN;
  return {
    requests: latencies.length,
    errors: failed + result.errors + result.timeouts,
    throughput: latencies.length / result.duration,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    cpu: byGroup(perRequest(before, after, latencies.length)),
  };
}
