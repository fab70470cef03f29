import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { bindActiveContext, routeTemplate } from '@hsa/service-kit';
import type { Logger } from 'pino';

/** A user id as the access log shows it: enough to follow one user, not to name them. */
export function userIdHash(userId: string): string {
  let hash = recentHashes.get(userId);
  if (hash === undefined) {
    hash = createHash('sha256').update(userId).digest('hex').slice(0, 16);
    // The users of the last moments (a signed-in page makes many calls): a bounded memo, emptied when full.
    if (recentHashes.size >= RECENT_USERS) recentHashes.clear();
    recentHashes.set(userId, hash);
  }
  return hash;
}

const RECENT_USERS = 1000;
const recentHashes = new Map<string, string>();

/**
 * One access-log line per HTTP request, written when the response is finished (or the client went away): method,
 * route template, status, duration in ms, the signed-in user's id hash and the request's trace and span ids.
 * /healthz and /readyz (probes) are not logged.
 */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (req.path === '/healthz' || req.path === '/readyz') return next();
    const start = process.hrtime.bigint();
    let logged = false;
    // In the request's context: the line carries its trace and span ids (the logger's mixin), on stdout and over OTLP.
    const log = bindActiveContext(() => {
      if (logged) return;
      logged = true;
      const userId = (req as { user?: { id?: string } }).user?.id;
      logger.info(
        {
          access: true,
          method: req.method,
          route: routeTemplate(req) ?? null,
          status: res.writableFinished ? res.statusCode : 499,
          duration_ms: Math.round(Number(process.hrtime.bigint() - start) / 1e4) / 100,
          ...(userId ? { user: userIdHash(userId) } : {}),
        },
        'request',
      );
    });
    res.once('finish', log);
    res.once('close', log);
    next();
  };
}
