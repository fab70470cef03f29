import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import session from 'express-session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, startSession, withSessionCookieOnly } from '../src/http/sessions';

/**
 * withSessionCookieOnly around a real express-session (memory store, configured as the gateway configures it): a
 * request without the session cookie gets no session object unless its path may start one, and a signed-in
 * browser's cookie still loads its session.
 */
describe('withSessionCookieOnly', () => {
  let server: http.Server;
  let base = '';
  let reads = 0;

  beforeAll(async () => {
    const store = new session.MemoryStore();
    const get = store.get.bind(store);
    store.get = (sid, callback) => {
      reads++;
      get(sid, callback);
    };
    const middleware = session({ name: SESSION_COOKIE, store, secret: 'test-secret', resave: false, saveUninitialized: false, rolling: false });
    const app = express();
    app.use('/api', withSessionCookieOnly(middleware, ['/api/callback']));
    app.get('/api/callback', async (req, res) => {
      await startSession(req, { id: 'u1', email: 'u1@example.com', firstName: 'U', lastName: 'One', profileImageUrl: null });
      res.end();
    });
    app.get('/api/who', (req, res) => res.json({ hasSession: req.session !== undefined, user: req.session?.user?.id ?? null }));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const who = async (cookie?: string) => {
    const res = await fetch(`${base}/api/who`, { headers: cookie ? { cookie } : {} });
    return { body: (await res.json()) as { hasSession: boolean; user: string | null }, setCookie: res.headers.get('set-cookie') };
  };

  it('makes no session for a request without the cookie, and sets none', async () => {
    const before = reads;
    expect(await who()).toEqual({ body: { hasSession: false, user: null }, setCookie: null });
    expect(await who('theme=dark; other.sid=x')).toEqual({ body: { hasSession: false, user: null }, setCookie: null });
    expect(reads).toBe(before);
  });

  it('starts a session on a path that may start one, and loads it on every later request carrying the cookie', async () => {
    const signIn = await fetch(`${base}/api/callback`);
    const cookie = signIn.headers.get('set-cookie')?.split(';')[0];
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE.replace('.', '\\.')}=`));
    const before = reads;
    expect((await who(`theme=dark; ${cookie}`)).body).toEqual({ hasSession: true, user: 'u1' });
    expect((await who(cookie)).body).toEqual({ hasSession: true, user: 'u1' });
    expect(reads).toBe(before + 2);
  });

  it('still hands a request with an unknown session cookie to express-session (no user)', async () => {
    expect((await who(`${SESSION_COOKIE}=s%3Aforged.signature`)).body).toEqual({ hasSession: true, user: null });
  });
});
