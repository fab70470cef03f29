/**
 * The bench's load generator, run in a worker thread: `connections` loops, each with its own keep-alive
 * http.Agent (one socket), sending the targets round-robin until the time is up. Only node builtins here.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

export interface Target {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export interface LoadPlan {
  port: number;
  origin: string;
  targets: Target[];
  connections: number;
  durationMs: number;
  warmupMs: number;
}

export interface LoadResult {
  latencies: number[];
  errors: number;
  statuses: Record<string, number>;
  elapsedMs: number;
}

export interface RunFigures {
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  throughput: number;
}



export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const start = performance.now();
  const warmupEnd = start + plan.warmupMs;
  const end = warmupEnd + plan.durationMs;
  let next = 0;

  const once = (agent: http.Agent, target: Target) =>
    new Promise<{ status: number; ms: number }>((resolve) => {
      const began = performance.now();
      const headers: Record<string, string> = { origin: plan.origin, accept: 'application/json' };
      if (target.body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(target.body));
      }
      const req = http.request(
        { host: '127.0.0.1', port: plan.port, method: target.method, path: target.path, agent, headers },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - began }));
        },
      );
      req.on('error', () => resolve({ status: 0, ms: performance.now() - began }));
      req.end(target.body);
    });

  const loop = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (performance.now() < end) {
        const target = plan.targets[next++ % plan.targets.length]!;
        const { status, ms } = await once(agent, target);
        if (performance.now() < warmupEnd) continue;
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status !== 200) errors++;
        latencies.push(ms);
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: plan.connections }, loop));
  return { latencies, errors, statuses, elapsedMs: performance.now() - warmupEnd };
}

if (!isMainThread) {
  void runLoad(workerData as LoadPlan).then((result) => parentPort!.postMessage(result));
}

export function loadFromWorker(plan: LoadPlan): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(__filename, { workerData: plan });
    worker.once('message', (result: LoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

export function figuresOf(result: LoadResult): RunFigures {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
  return {
    requests: sorted.length,
    errors: result.errors,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    throughput: sorted.length / (result.elapsedMs / 1000),
  };
}
