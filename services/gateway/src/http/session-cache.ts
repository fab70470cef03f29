import session from 'express-session';
import { LRUCache } from 'lru-cache';
import type { SessionEndings } from '../adapters/session-endings';
import { sessionKey } from '../domain/session-key';

type ReadCallback = Parameters<session.Store['get']>[1];
type WriteCallback = Parameters<session.Store['set']>[2];

export interface SessionReadCacheOptions {
  /** How long a session read from the store serves this replica's next requests of it. */
  ttlMs: number;
  /** Sessions kept at most; the least recently used go first. */
  maxSessions?: number;
  now?: () => number;
  /** How the other replicas learn that a session ended through this one, and this one through them. */
  endings?: SessionEndings;
}

/**
 * A session store behind a short-lived cache of its reads, in this replica's memory. Every signed-in API call loads
 * its session, and a page fires several at once (five on the dashboard, six on the wizard's step 2): reading the row
 * each time was about 30 % of the gateway's CPU for such a call. Within `ttlMs` of a read the same session is answered
 * from memory, as a fresh copy (a request's changes never reach the cache unsaved).
 *
 * Writes go to the store first, then to the cache; sign-out and expiry end the cached copy on this replica at
 * once, and on the others as soon as they hear of it (`endings`: NATS). A replica that does not hear (NATS away)
 * may accept a session ended elsewhere for at most `ttlMs`, when the browser no longer has its cookie. A session
 * past its expiry is never served.
 */
export class SessionReadCache extends session.Store {
  private readonly reads: LRUCache<string, string>;
  private readonly now: () => number;
  /**
   * Counts writes and removals: a read that started before one ends without being cached, since it may hold what
   * that write replaced (a destroyed session read just before its sign-out must not come back).
   */
  private writes = 0;
  private readonly endings: SessionEndings | undefined;

  constructor(
    private readonly store: session.Store,
    options: SessionReadCacheOptions,
  ) {
    super();
    this.now = options.now ?? Date.now;
    this.endings = options.endings;
    this.reads = new LRUCache<string, string>({
      max: options.maxSessions ?? 10_000,
      ttl: options.ttlMs,
      // Age read from the clock on every get (the default reuses one reading for a millisecond).
      ttlResolution: 0,
      perf: { now: this.now },
    });
    this.endings?.onEnded((key) => this.forget(key));
  }

  override get(sid: string, callback: ReadCallback): void {
    const key = sessionKey(sid);
    const cached = this.reads.get(key);
    if (cached !== undefined) {
      const sess = JSON.parse(cached) as session.SessionData;
      if (!this.expired(sess)) return callback(null, sess);
      this.reads.delete(key);
    }
    const writesBefore = this.writes;
    this.store.get(sid, (err, sess) => {
      if (!err && sess && this.writes === writesBefore && !this.expired(sess)) this.reads.set(key, JSON.stringify(sess));
      callback(err, sess);
    });
  }

  override set(sid: string, sess: session.SessionData, callback?: WriteCallback): void {
    const key = sessionKey(sid);
    this.forget(key);
    this.store.set(sid, sess, (err: unknown) => {
      if (!err) this.reads.set(key, JSON.stringify(sess));
      callback?.(err);
    });
  }

  override destroy(sid: string, callback?: WriteCallback): void {
    const key = sessionKey(sid);
    this.forget(key);
    this.store.destroy(sid, (err: unknown) => {
      // Once the row is gone: a replica that reads it again after hearing this finds nothing.
      if (!err) this.endings?.announce(key);
      callback?.(err);
    });
  }

  override touch(sid: string, sess: session.SessionData, callback?: () => void): void {
    if (this.store.touch) this.store.touch(sid, sess, () => callback?.());
    else callback?.();
  }

  private forget(key: string): void {
    this.writes++;
    this.reads.delete(key);
  }

  private expired(sess: session.SessionData): boolean {
    const expires = sess.cookie?.expires;
    return expires !== undefined && expires !== null && new Date(expires).getTime() <= this.now();
  }
}
