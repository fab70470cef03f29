import http from 'node:http';
import { context } from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';

export type ReadinessCheck = () => Promise<boolean> | boolean;

/**
 * One dependency of a service's readiness. `required: true` (the default for a bare function): the service
 * cannot do its work without it, so a failure makes /readyz answer 503 and the gRPC health status NOT_SERVING.
 * `required: false`: it only degrades a feature (e.g. a bus an outbox covers), so a failure is reported as
 * `degraded` in /readyz (still 200) and does not touch the gRPC health status.
 */
export interface DependencyCheck {
  check: ReadinessCheck;
  required: boolean;
}

/** The one list of a service's dependencies, behind both /readyz and the gRPC health status. */
export type ReadinessChecks = Record<string, ReadinessCheck | DependencyCheck>;

/** A dependency whose failure degrades a feature without failing readiness. */
export function optionalCheck(check: ReadinessCheck): DependencyCheck {
  return { check, required: false };
}

function normalize(entry: ReadinessCheck | DependencyCheck): DependencyCheck {
  return typeof entry === 'function' ? { check: entry, required: true } : entry;
}

/** The required checks only (what the gRPC health status follows). */
export function requiredChecks(checks: ReadinessChecks): Record<string, ReadinessCheck> {
  const required: Record<string, ReadinessCheck> = {};
  for (const [name, entry] of Object.entries(checks)) {
    const { check, required: isRequired } = normalize(entry);
    if (isRequired) required[name] = check;
  }
  return required;
}

/** How long one check may take before it counts as failed. */
export const READINESS_CHECK_TIMEOUT_MS = 2000;

/**
 * Runs every check at once, each bounded by READINESS_CHECK_TIMEOUT_MS; a check that throws or times out is false.
 * The one evaluation behind /readyz, the gRPC health status (see grpc/readiness-health.ts) and the readiness
 * metrics. Checks run with tracing suppressed: a probe every few seconds (a `select 1`, an S3 HeadBucket) would
 * otherwise be a trace each time.
 */
export async function runReadinessChecks(checks: ReadinessChecks): Promise<Record<string, boolean>> {
  const results: Record<string, boolean> = {};
  await Promise.all(
    Object.entries(checks).map(async ([name, entry]) => {
      const { check } = normalize(entry);
      let timer: NodeJS.Timeout | undefined;
      try {
        results[name] = await Promise.race([
          Promise.resolve(context.with(suppressTracing(context.active()), check)),
          new Promise<boolean>((r) => {
            timer = setTimeout(() => r(false), READINESS_CHECK_TIMEOUT_MS);
            timer.unref();
          }),
        ]);
      } catch {
        results[name] = false;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return results;
}

export type ReadinessStatus = 'ready' | 'degraded' | 'not ready';

/**
 * The /readyz body: `ready` (every check passes), `degraded` (only optional ones fail; still ready) or
 * `not ready` (a required one fails). `checks` has one boolean per dependency and `optional` names the ones that
 * do not gate readiness. Only names and booleans: no address, error message or stack reaches a caller.
 */
export interface ReadinessReport {
  status: ReadinessStatus;
  checks: Record<string, boolean>;
  optional: string[];
}

export async function evaluateReadiness(checks: ReadinessChecks): Promise<ReadinessReport> {
  const results = await runReadinessChecks(checks);
  const optional = Object.entries(checks)
    .filter(([, entry]) => !normalize(entry).required)
    .map(([name]) => name);
  const failing = Object.keys(results).filter((name) => !results[name]);
  const status: ReadinessStatus = failing.some((name) => !optional.includes(name))
    ? 'not ready'
    : failing.length > 0
      ? 'degraded'
      : 'ready';
  // Keep the declared order (results fill in completion order).
  const ordered: Record<string, boolean> = {};
  for (const name of Object.keys(checks)) ordered[name] = results[name] ?? false;
  return { status, checks: ordered, optional };
}

/**
 * Answers GET /healthz (the process is alive) and GET /readyz (200 when ready or degraded, 503 when a required
 * dependency fails, with the JSON breakdown above). Works as Express middleware or inside a bare node:http server.
 */
export function healthMiddleware(checks: ReadinessChecks) {
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
      const report = await evaluateReadiness(checks);
      res
        .writeHead(report.status === 'not ready' ? 503 : 200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        .end(JSON.stringify(report));
    })();
  };
}

/** A small HTTP server exposing only /healthz and /readyz (for services whose API is gRPC). */
export function startHealthServer(port: number, host: string, checks: ReadinessChecks): Promise<http.Server> {
  const server = http.createServer(healthMiddleware(checks));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
