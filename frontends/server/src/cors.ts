import type { RequestHandler } from 'express';

/**
 * CORS for a remote loaded by a shell on another origin: GET and HEAD from the listed origins (exact origins, or
 * `*` for any), with `Vary: Origin`, and their preflights. Nothing is sent for other origins, so the browser refuses.
 */
export function corsFor(origins: readonly string[]): RequestHandler {
  const any = origins.includes('*');
  const allowed = new Set(origins);
  return (req, res, next) => {
    res.vary('Origin');
    const origin = req.headers.origin;
    const permitted = typeof origin === 'string' && (any || allowed.has(origin));
    if (permitted) res.setHeader('Access-Control-Allow-Origin', any ? '*' : origin);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      if (permitted) {
        res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD');
        const requested = req.headers['access-control-request-headers'];
        if (requested) res.setHeader('Access-Control-Allow-Headers', requested);
        res.setHeader('Access-Control-Max-Age', '600');
      }
      res.status(204).end();
      return;
    }
    next();
  };
}

/** Reads CORS_ORIGINS: comma-separated origins (`https://shop.example.com`), or `*`. */
export function parseCorsOrigins(text: string): string[] {
  const origins = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const origin of origins) {
    if (origin !== '*' && (!URL.canParse(origin) || new URL(origin).origin !== origin)) {
      throw new Error(`CORS_ORIGINS: "${origin}" is not an origin (scheme://host[:port], no path or trailing slash)`);
    }
  }
  return origins;
}
