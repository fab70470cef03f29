import http from 'node:http';

export type ReadinessCheck = () => Promise<boolean> | boolean;

export interface HealthOptions {
  /** Dependencies reported under `info` in /readyz without gating readiness (e.g. a bus an outbox covers). */
  informational?: Record<string, ReadinessCheck>;
}

/** How long one check may take before it counts as failed. */
export const READINESS_CHECK_TIMEOUT_MS = 2000;

/**
 * Runs every check at once, each bounded by READINESS_CHECK_TIMEOUT_MS; a check that throws or times out is false.
 * The one evaluation behind both /readyz and the gRPC health status (see grpc/readiness-health.ts).
 */
export async function runReadinessChecks(checks: Record<string, ReadinessCheck>): Promise<Record<string, boolean>> {
  const results: Record<string, boolean> = {};
  await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        results[name] = await Promise.race([
          Promise.resolve(check()),
          new Promise<boolean>((r) => setTimeout(() => r(false), READINESS_CHECK_TIMEOUT_MS).unref()),
        ]);
      } catch {
        results[name] = false;
      }
    }),
  );
  return results;
}

/**
 * Answers GET /healthz (the process is alive) and GET /readyz (every named dependency is ready, with a
 * JSON breakdown; 503 otherwise). Works as Express middleware or inside a bare node:http server.
 */
export function healthMiddleware(checks: Record<string, ReadinessCheck>, options: HealthOptions = {}) {
  return (req: http.IncomingMessage, res: http.ServerResponse, next?: () => void): void => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || (path !== '/healthz' && path !== '/readyz')) {
      if (next) next();
      else {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
      }
      return;
    }
    if (path === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    void (async () => {
      const [results, info] = await Promise.all([runReadinessChecks(checks), runReadinessChecks(options.informational ?? {})]);
      const ready = Object.values(results).every(Boolean);
      const body = { status: ready ? 'ready' : 'not ready', checks: results, ...(options.informational ? { info } : {}) };
      res.writeHead(ready ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    })();
  };
}

/** A small HTTP server exposing only /healthz and /readyz (for services whose API is gRPC). */
export function startHealthServer(
  port: number,
  host: string,
  checks: Record<string, ReadinessCheck>,
  options: HealthOptions = {},
): Promise<http.Server> {
  const server = http.createServer(healthMiddleware(checks, options));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
