import http from 'node:http';

export type ReadinessCheck = () => Promise<boolean> | boolean;

/**
 * Answers GET /healthz (the process is alive) and GET /readyz (every named dependency is ready, with a
 * JSON breakdown; 503 otherwise). Works as Express middleware or inside a bare node:http server.
 */
export function healthMiddleware(checks: Record<string, ReadinessCheck>) {
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
      const results: Record<string, boolean> = {};
      await Promise.all(
        Object.entries(checks).map(async ([name, check]) => {
          try {
            results[name] = await Promise.race([
              Promise.resolve(check()),
              new Promise<boolean>((r) => setTimeout(() => r(false), 2000)),
            ]);
          } catch {
            results[name] = false;
          }
        }),
      );
      const ready = Object.values(results).every(Boolean);
      res
        .writeHead(ready ? 200 : 503, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: ready ? 'ready' : 'not ready', checks: results }));
    })();
  };
}

/** A small HTTP server exposing only /healthz and /readyz (for services whose API is gRPC). */
export function startHealthServer(port: number, host: string, checks: Record<string, ReadinessCheck>): Promise<http.Server> {
  const server = http.createServer(healthMiddleware(checks));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
