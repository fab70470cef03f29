import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { RequestHandler } from 'express';
import type pg from 'pg';
import type { SessionUser } from './session-user';

export const SESSION_COOKIE = 'hsa.sid';

/**
 * Sessions stored in PostgreSQL (they survive a restart and are shared by every replica), written only at
 * sign-in: anonymous visitors get no session. The cookie is httpOnly and SameSite=Lax; its lifetime rolls with
 * activity (idle timeout). It is Secure whenever the public URL is https, also when TLS ends at a proxy in front
 * of the gateway: the browser's connection is https either way, whatever hop reaches us.
 */
export function sessionMiddleware(options: {
  pool: pg.Pool;
  secret: string;
  /** PUBLIC_URL is https. */
  secureCookie: boolean;
  idleTimeoutMs: number;
}): RequestHandler {
  const PgStore = connectPgSimple(session);
  const middleware = session({
    name: SESSION_COOKIE,
    store: new PgStore({ pool: options.pool, tableName: 'session', pruneSessionInterval: 15 * 60 }),
    secret: options.secret,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookie,
      maxAge: options.idleTimeoutMs,
      path: '/',
    },
  });
  if (!options.secureCookie) return middleware;
  return (req, res, next) => {
    // express-session sets a Secure cookie only on a request it believes secure (req.secure).
    Object.defineProperty(req, 'secure', { value: true, configurable: true });
    middleware(req, res, next);
  };
}

/** req.user: the signed-in user of this session, if any. */
export const sessionUser: RequestHandler = (req, _res, next) => {
  const user = req.session?.user;
  if (user) req.user = user;
  next();
};

/** Ends sessions older than the absolute timeout, however active they are. */
export function absoluteTimeout(maxAgeMs: number): RequestHandler {
  return (req, _res, next) => {
    const started = req.session?.authenticatedAt;
    if (req.user && started !== undefined && Date.now() - started > maxAgeMs) {
      delete req.user;
      req.session.destroy(() => next());
      return;
    }
    next();
  };
}

/** Starts the signed-in session: a new session id (no fixation), the user, and when it began. */
export function startSession(req: Parameters<RequestHandler>[0], user: SessionUser): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.regenerate((regenerateError) => {
      if (regenerateError) return reject(regenerateError as Error);
      req.session.user = user;
      req.session.authenticatedAt = Date.now();
      req.session.save((saveError) => (saveError ? reject(saveError as Error) : resolve()));
    });
  });
}

/** Ends the session (the row and the cookie). */
export function endSession(req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1]): Promise<void> {
  return new Promise((resolve, reject) => {
    delete req.user;
    if (!req.session) return resolve();
    req.session.destroy((err) => {
      if (err) return reject(err as Error);
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      resolve();
    });
  });
}
