import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import session from 'express-session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewSession, SESSION_RENEWAL_INTERVAL_MS } from '../src/http/sessions';
import { sessionUser } from '../src/http/sessions';

/**
 * The renewal rule on its own, with a clock the test moves: express-session over a store that counts its writes,
 * configured as the gateway configures it (no rolling, no per-request touch), and renewSession.
 */
class CountingStore extends session.MemoryStore {
  writes = 0;
  override set(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    this.writes++;
    super.set(sid, data, callback);
  }
}

describe('renewSession', () => {
  const store = new CountingStore();
  let now = 1_000_000;
  let server: http.Server;
  let base = '';
  let cookie = '';

  beforeAll(async () => {
    const app = express();
    app.use(session({ store, secret: 'test-secret', resave: false, saveUninitialized: false, rolling: false, cookie: { maxAge: 30 * 60_000 } }));
    app.use(sessionUser, renewSession(SESSION_RENEWAL_INTERVAL_MS, () => now));
    app.post('/sign-in', (req, res) => {
      req.session.user = { id: 'u1', email: 'u1@example.com', firstName: 'U', lastName: 'One', profileImageUrl: null };
      req.session.renewedAt = now;
      res.end();
    });
    app.get('/anything', (_req, res) => res.end());
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = async () => {
    const res = await fetch(`${base}/anything`, { headers: { cookie } });
    return res.headers.getSetCookie().some((line) => line.startsWith('connect.sid='));
  };

  it('saves a signed-in session and resends its cookie once per interval, however many requests come', async () => {
    const signIn = await fetch(`${base}/sign-in`, { method: 'POST' });
    cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
    expect(store.writes).toBe(1);

    const sent: boolean[] = [];
    for (const at of [1_000, 20_000, 45_000, 59_999]) {
      now = 1_000_000 + at;
      sent.push(await get());
    }
    expect(store.writes).toBe(1);
    expect(sent).toEqual([false, false, false, false]);

    now = 1_000_000 + SESSION_RENEWAL_INTERVAL_MS;
    expect(await get()).toBe(true);
    expect(store.writes).toBe(2);
    for (let i = 0; i < 5; i++) expect(await get()).toBe(false);
    expect(store.writes).toBe(2);

    now += SESSION_RENEWAL_INTERVAL_MS + 1;
    expect(await get()).toBe(true);
    expect(store.writes).toBe(3);
  });

  it('writes nothing for a visitor who is not signed in', async () => {
    const writes = store.writes;
    const res = await fetch(`${base}/anything`);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(store.writes).toBe(writes);
  });
});
