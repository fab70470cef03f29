import { createHash } from 'node:crypto';
import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { RequestHandler } from 'express';
import type pg from 'pg';
import type { SessionEndings } from '../adapters/session-endings';
import { SessionReadCache } from './session-cache';
import type { SessionUser } from './session-user';

export const SESSION_COOKIE = 'hsa.sid';

/** How often an active signed-in session is renewed: its row and its cookie rewritten with a later expiry. */
export const SESSION_RENEWAL_INTERVAL_MS = 60_000;

/**
 * Sessions stored in PostgreSQL (they survive a restart and are shared by every replica), written only at
 * sign-in: anonymous visitors get no session. The cookie is httpOnly and SameSite=Lax; its lifetime rolls with
 * activity (idle timeout), renewed by renewSession at most once a minute rather than on every request (the store's
 * per-request touch is off: it was one UPDATE per API call). It is Secure whenever the public URL is https, also when TLS ends at a proxy in front
 * of the gateway: the browser's connection is https either way, whatever hop reaches us.
 */
export function sessionMiddleware(options: {
  pool: pg.Pool;
  secret: string;
  /** PUBLIC_URL is https. */
  secureCookie: boolean;
  idleTimeoutMs: number;
  /** How long a session read from the store answers this replica's next requests of it (SessionReadCache); 0: never. */
  readCacheMs: number;
  /** How the replicas tell each other of a sign-out, so that none answers it from its read cache. */
  endings?: SessionEndings;
  /**
   * The paths (as the browser asks for them, e.g. "/api/callback") that may start a session for a request without
   * one. Any other request without the session cookie has no session to load and never gets one: the store is not
   * asked and no session object is made for it (see withSessionCookieOnly).
   */
  startsAt: readonly string[];
}): RequestHandler {
  const PgStore = connectPgSimple(session);
  const rows = new PgStore({ pool: preparedStatements(options.pool), tableName: 'session', pruneSessionInterval: 15 * 60, disableTouch: true });
  const middleware = session({
    name: SESSION_COOKIE,
    store: options.readCacheMs > 0 ? new SessionReadCache(rows, { ttlMs: options.readCacheMs, endings: options.endings }) : rows,
    secret: options.secret,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookie,
      maxAge: options.idleTimeoutMs,
      path: '/',
    },
  });
  const secured: RequestHandler = !options.secureCookie
    ? middleware
    : (req, res, next) => {
        // express-session sets a Secure cookie only on a request it believes secure (req.secure).
        Object.defineProperty(req, 'secure', { value: true, configurable: true });
        middleware(req, res, next);
      };
  return withSessionCookieOnly(secured, options.startsAt);
}

/**
 * The pool as connect-pg-simple uses it (`query(text, values)`), running each of the store's statements as a named
 * prepared statement: PostgreSQL parses and plans the session read once per connection instead of on every signed-in
 * request. The store's statements are a fixed handful of texts (values are parameters); past that, queries go unnamed.
 */
export function preparedStatements(pool: pg.Pool, maxStatements = 16): pg.Pool {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    // Named after the text, so that every pool wrapper sharing a connection means one statement by one name.
    if (!name && names.size < maxStatements) names.set(text, (name = `session_store_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`));
    return name;
  };
  const query = (text: string, values?: unknown[]) => {
    const name = nameOf(text);
    return name ? pool.query({ name, text, values }) : pool.query(text, values);
  };
  // connect-pg-simple calls nothing but query() on the pool it is given.
  return { query } as unknown as pg.Pool;
}

const sessionCookie = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE.replace('.', '\\.')}=`);

/**
 * Runs `middleware` (express-session) only for a request that carries the session cookie or asks for a path that
 * may start a session. For the rest (anonymous calls: address search, lookups, the demo) express-session would make
 * a new session object with a random id, hash it and wrap the response, only to throw it all away unsaved: they go
 * on without req.session, as the routes and the helpers here expect of a visitor who is not signed in.
 */
export function withSessionCookieOnly(middleware: RequestHandler, startsAt: readonly string[]): RequestHandler {
  const starting = new Set(startsAt);
  return (req, res, next) => {
    const cookie = req.headers.cookie;
    if ((cookie !== undefined && sessionCookie.test(cookie)) || starting.has(`${req.baseUrl}${req.path}`)) return middleware(req, res, next);
    next();
  };
}

/** req.user: the signed-in user of this session, if any. */
export const sessionUser: RequestHandler = (req, _res, next) => {
  const user = req.session?.user;
  if (user) req.user = user;
  next();
};

/**
 * Rolls a signed-in session's idle timeout: marks it renewed when the last renewal is `intervalMs` old, which makes
 * express-session save it (one write, with a new expiry) and send the cookie again with a new lifetime. Every other
 * request of the session writes nothing.
 */
export function renewSession(intervalMs = SESSION_RENEWAL_INTERVAL_MS, now: () => number = Date.now): RequestHandler {
  return (req, _res, next) => {
    const session = req.session;
    if (req.user && session) {
      const time = now();
      if (session.renewedAt === undefined || time - session.renewedAt >= intervalMs) session.renewedAt = time;
    }
    next();
  };
}

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
      req.session.renewedAt = req.session.authenticatedAt;
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
