import type session from 'express-session';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger, EventBus } from '@hsa/service-kit';
import { testNatsUrl } from '@hsa/service-kit/testing';
import { NatsSessionEndings, SESSION_ENDED_SUBJECT } from '../src/adapters/session-endings';
import { sessionKey } from '../src/domain/session-key';
import { SessionReadCache } from '../src/http/session-cache';
import { promised, useSessionStore } from './support/session-store';

type Stored = session.SessionData & { user?: { id: string; name?: string } };

/** SessionReadCache over the gateway's real session store (connect-pg-simple) on a real PostgreSQL. */
describe('session read cache', () => {
  const fixture = useSessionStore('gw_sess_cache');
  let clock: number;
  let cache: SessionReadCache;
  const ttlMs = 2000;

  const read = (store: session.Store, sid: string) => promised<Stored>((done) => store.get(sid, done));
  const write = (store: session.Store, sid: string, data: Stored) => promised<void>((done) => store.set(sid, data, done));
  const destroy = (store: session.Store, sid: string) => promised<void>((done) => store.destroy(sid, done));
  /** What another replica's sign-out does: the row goes, this replica's cache is not told. */
  const deleteRow = (sid: string) => fixture.database.pool.query('delete from session where sid = $1', [sid]);
  const sessionOf = (userId: string, expiresInMs = 60_000): Stored =>
    ({ cookie: { originalMaxAge: expiresInMs, expires: new Date(Date.now() + expiresInMs) }, user: { id: userId } }) as unknown as Stored;

  beforeEach(() => {
    clock = Date.now();
    cache = new SessionReadCache(fixture.store, { ttlMs, now: () => clock });
  });

  it('answers a session read within the TTL from memory, and from the store after it', async () => {
    await write(fixture.store, 'sid-ttl', sessionOf('u-ttl'));
    expect((await read(cache, 'sid-ttl'))?.user?.id).toBe('u-ttl');

    await deleteRow('sid-ttl');
    clock += ttlMs - 1;
    expect((await read(cache, 'sid-ttl'))?.user?.id).toBe('u-ttl');
    clock += 2;
    expect(await read(cache, 'sid-ttl')).toBeFalsy();
  });

  it('answers a fresh copy each time: what a request changes without saving never reaches the next one', async () => {
    await write(fixture.store, 'sid-copy', sessionOf('u-copy'));
    const first = await read(cache, 'sid-copy');
    first!.user!.name = 'changed in a request';
    expect((await read(cache, 'sid-copy'))?.user?.name).toBeUndefined();
  });

  it('ends a session destroyed through it at once, within the TTL', async () => {
    await write(cache, 'sid-out', sessionOf('u-out'));
    expect((await read(cache, 'sid-out'))?.user?.id).toBe('u-out');
    await destroy(cache, 'sid-out');
    expect(await read(cache, 'sid-out')).toBeFalsy();
    expect(await read(fixture.store, 'sid-out')).toBeFalsy();
  });

  it('writes to the store first and then serves what it wrote', async () => {
    await write(cache, 'sid-set', sessionOf('u-before'));
    await read(cache, 'sid-set');
    await write(cache, 'sid-set', sessionOf('u-after'));
    expect((await read(fixture.store, 'sid-set'))?.user?.id).toBe('u-after');
    await deleteRow('sid-set');
    expect((await read(cache, 'sid-set'))?.user?.id).toBe('u-after');
  });

  it('does not keep a read that a sign-out overtook (the row it read is gone)', async () => {
    await write(fixture.store, 'sid-race', sessionOf('u-race'));
    // The SELECT goes first on the one connection, so it finds the row; the DELETE follows before its answer is used.
    const reading = read(cache, 'sid-race');
    const destroying = destroy(cache, 'sid-race');
    expect((await reading)?.user?.id).toBe('u-race');
    await destroying;
    expect(await read(cache, 'sid-race')).toBeFalsy();
  });

  it('never serves a session past its expiry, whatever the TTL', async () => {
    cache = new SessionReadCache(fixture.store, { ttlMs: 60_000 });
    await write(cache, 'sid-exp', sessionOf('u-exp', 1000));
    expect((await read(cache, 'sid-exp'))?.user?.id).toBe('u-exp');
    // The store keeps expiries in whole seconds (rounded up): past 2 s, both say the session is over.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await read(cache, 'sid-exp')).toBeFalsy();
  });

  it('keeps at most maxSessions, dropping the least recently used', async () => {
    cache = new SessionReadCache(fixture.store, { ttlMs, maxSessions: 1, now: () => clock });
    await write(cache, 'sid-a', sessionOf('u-a'));
    await write(cache, 'sid-b', sessionOf('u-b'));
    await deleteRow('sid-a');
    await deleteRow('sid-b');
    expect(await read(cache, 'sid-a')).toBeFalsy();
    expect((await read(cache, 'sid-b'))?.user?.id).toBe('u-b');
  });

  describe('across gateway replicas (real NATS)', () => {
    const logger = createLogger('session-endings-test', 'silent');
    const buses = [1, 2].map((n) => new EventBus(testNatsUrl(), logger, `session-endings-test-${n}`));
    const endings = buses.map((bus) => new NatsSessionEndings(bus, logger));

    afterAll(async () => {
      for (const ending of endings) await ending.stop();
      for (const bus of buses) await bus.close();
    });

    /** Polls `check` (every 20 ms, 5 s at most) until it holds. */
    const until = (check: () => Promise<boolean>) =>
      vi.waitFor(async () => expect(await check()).toBe(true), { timeout: 5000, interval: 20 });

    it("ends a session signed out through one replica in the other's cache as soon as it hears of it", async () => {
      for (const bus of buses) expect(await bus.waitUntilConnected(10_000)).toBe(true);
      // A long TTL: only the message can end B's copy within the test.
      const [a, b] = endings.map((ending) => new SessionReadCache(fixture.store, { ttlMs: 60_000, endings: ending }));
      await write(fixture.store, 'sid-two', sessionOf('u-two'));
      expect((await read(a!, 'sid-two'))?.user?.id).toBe('u-two');
      expect((await read(b!, 'sid-two'))?.user?.id).toBe('u-two');

      // Subscriptions start with the connection: wait until B hears a broadcast before relying on it.
      const heard: string[] = [];
      buses[1]!.onBroadcast(SESSION_ENDED_SUBJECT, (data) => heard.push(data));
      await until(async () => {
        buses[0]!.broadcast(SESSION_ENDED_SUBJECT, sessionKey('sid-probe'));
        return heard.includes(sessionKey('sid-probe'));
      });

      await destroy(a!, 'sid-two');
      await until(async () => !(await read(b!, 'sid-two')));
      expect(heard).toContain(sessionKey('sid-two'));
      expect(heard).not.toContain('sid-two');
    });

    it('passes on only what has the shape of a session key', async () => {
      const listened = new NatsSessionEndings(buses[1]!, logger);
      const received: string[] = [];
      listened.onEnded((key) => received.push(key));
      const valid = sessionKey('sid-shape');
      await until(async () => {
        buses[0]!.broadcast(SESSION_ENDED_SUBJECT, 'sid-shape');
        buses[0]!.broadcast(SESSION_ENDED_SUBJECT, 'x'.repeat(10_000));
        buses[0]!.broadcast(SESSION_ENDED_SUBJECT, valid);
        return received.includes(valid);
      });
      await listened.stop();
      expect(new Set(received)).toEqual(new Set([valid]));
    });
  });
});
