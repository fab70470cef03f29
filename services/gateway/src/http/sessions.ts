import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { RequestHandler } from 'express';
import type pg from 'pg';

export const SESSION_COOKIE = 'hsa.sid';

/**
 * Sessions stored in PostgreSQL (they survive a restart and are shared by every replica). The cookie is
 * httpOnly, SameSite=Lax, Secure behind TLS; its lifetime rolls with activity (idle timeout).
 */
export function sessionMiddleware(options: {
  pool: pg.Pool;
  secret: string;
  secureCookie: boolean;
  idleTimeoutMs: number;
}): RequestHandler {
  const PgStore = connectPgSimple(session);
  return session({
    name: SESSION_COOKIE,
    store: new PgStore({ pool: options.pool, tableName: 'session', pruneSessionInterval: 15 * 60 }),
    secret: options.secret,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: options.secureCookie,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookie,
      maxAge: options.idleTimeoutMs,
      path: '/',
    },
  });
}

/** Ends sessions older than the absolute timeout, however active they are. */
export function absoluteTimeout(maxAgeMs: number): RequestHandler {
  return (req, _res, next) => {
    const started = req.session?.authenticatedAt;
    if (req.user && started !== undefined && Date.now() - started > maxAgeMs) {
      req.session.destroy(() => next());
      delete (req as { user?: unknown }).user;
      return;
    }
    next();
  };
}
