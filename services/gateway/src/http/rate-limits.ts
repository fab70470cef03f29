import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import {
  defaultRateLimits,
  describeWait,
  rateLimitClassDescriptions,
  type RateLimit,
  type RateLimitClass,
  type RateLimitPolicies,
  type RateLimitScope,
} from '../domain/rate-limit-policies';
import { BatchedLimiter } from './batched-limiter';
import { sendError } from './errors';

/** The table the counters live in (created by the gateway's migrations). */
const TABLE = 'rate_limit';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A middleware that counts a call in a class; tagged so the route table (and its tests) can tell. */
export type RateLimitMiddleware = RequestHandler & { rateLimitClass: RateLimitClass };

/** What routers are given: the middleware counting a call in a class. */
export type RateLimiting = (limitClass: RateLimitClass) => RateLimitMiddleware;

/** No limits: for tests that compose a single router. */
export const noRateLimits: RateLimiting = (limitClass) => Object.assign(((_req, _res, next) => next()) as RequestHandler, { rateLimitClass: limitClass });

/**
 * Per-user and per-client call limits, counted in PostgreSQL so every gateway replica shares them
 * (rate-limiter-flexible's fixed windows). While the database is unreachable each replica counts in memory
 * instead, so a database outage neither lifts the limits nor fails the calls. A key already over its limit is
 * refused from memory until its window ends, without asking the database again. Far from its limit, a key's calls
 * are written to the database in batches rather than one by one (see BatchedLimiter).
 */
export class RateLimits {
  private readonly limiters = new Map<`${RateLimitClass}.${RateLimitScope}`, BatchedLimiter>();

  constructor(
    private readonly pool: pg.Pool,
    overrides: Partial<RateLimitPolicies>,
  ) {
    for (const [name, limit] of Object.entries({ ...defaultRateLimits, ...overrides }) as [keyof RateLimitPolicies, RateLimit][]) {
      this.limiters.set(name, this.limiter(name, limit));
    }
  }

  /** Counts the call in `limitClass` for the user (when signed in) and the client address. */
  readonly limit: RateLimiting = (limitClass) => {
    const middleware: RequestHandler = (req, res, next) => {
      this.consume(limitClass, req).then(
        (retryAfterSeconds) => {
          if (retryAfterSeconds === undefined) return next();
          res.set('Retry-After', String(retryAfterSeconds));
          sendError(
            res,
            429,
            `Too many requests (${rateLimitClassDescriptions[limitClass]}): please try again in ${describeWait(retryAfterSeconds)}.`,
          );
        },
        (err: unknown) => next(err),
      );
    };
    return Object.assign(middleware, { rateLimitClass: limitClass });
  };

  /** Counts every state-changing call in `write`. */
  writes(): RequestHandler {
    const write = this.limit('write');
    return (req, res, next) => (SAFE_METHODS.has(req.method) ? next() : write(req, res, next));
  }

  /** Seconds to wait when over a limit, else undefined. */
  private async consume(limitClass: RateLimitClass, req: Request): Promise<number | undefined> {
    const keys: [RateLimitScope, string][] = [['client', req.ip ?? req.socket.remoteAddress ?? 'unknown']];
    if (req.user) keys.push(['user', req.user.id]);
    const results = await Promise.allSettled(keys.map(([scope, key]) => this.limiters.get(`${limitClass}.${scope}`)!.consume(storeKey(key))));
    let waitMs: number | undefined;
    for (const result of results) {
      if (result.status === 'fulfilled') continue;
      if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
      waitMs = Math.max(waitMs ?? 0, result.reason.msBeforeNext);
    }
    return waitMs === undefined ? undefined : Math.max(1, Math.ceil(waitMs / 1000));
  }

  private limiter(name: string, limit: RateLimit): BatchedLimiter {
    const options = { keyPrefix: name, points: limit.points, duration: limit.windowSeconds };
    const store = new RateLimiterPostgres({
      ...options,
      storeClient: this.pool,
      storeType: 'pool',
      tableName: TABLE,
      tableCreated: true,
      clearExpiredByTimeout: true,
      inMemoryBlockOnConsumed: limit.points + 1,
      insuranceLimiter: new RateLimiterMemory(options),
    });
    return new BatchedLimiter(store, limit.points);
  }
}

/** Keys fit the table's varchar(255) with the class prefix: long ones are hashed. */
function storeKey(key: string): string {
  return key.length <= 200 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}
