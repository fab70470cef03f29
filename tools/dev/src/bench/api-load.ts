/**
 * One API call under load with autocannon: `connections` keep-alive connections, each cycling through the given
 * requests, for a warm-up second (not counted) and then `seconds`. Every response's latency is kept (autocannon's
 * own summary has no p95).
 */
import autocannon from 'autocannon';

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
}

export interface LoadOptions {
  port: number;
  requests: ApiRequest[];
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

function run(options: LoadOptions, seconds: number, onLatency?: (ms: number, status: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${options.port}`,
        connections: options.connections,
        duration: seconds,
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

export async function measureLoad(options: LoadOptions): Promise<LoadFigures> {
  await run(options, 1);
  const latencies: number[] = [];
  let failed = 0;
  const result = await run(options, options.seconds, (ms, status) => {
    latencies.push(ms);
    if (status < 200 || status > 299) failed++;
  });
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil((p / 100) * latencies.length) - 1))] ?? Number.NaN;
  return {
    requests: latencies.length,
    errors: failed + result.errors + result.timeouts,
    throughput: latencies.length / result.duration,
    p50: at(50),
    p95: at(95),
    p99: at(99),
  };
}
