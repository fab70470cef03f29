import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus, createLogger, databaseUrlFor, ensureDatabase, startOutboxRelay } from '../src';
import { OUTBOX_CHANNEL } from '../src/db/outbox';
import { dropDatabase, testServerUrl, uniqueDatabaseName } from '../src/testing';

const logger = createLogger('outbox-relay-test', 'silent');

describe('the outbox relay', () => {
  const name = uniqueDatabaseName('relay');
  let pool: pg.Pool;
  // NATS on a port nothing listens on: the relay never drains, which is not what this file tests.
  const bus = new EventBus('nats://127.0.0.1:1', logger, 'outbox-relay-test');
  const admin = new pg.Client({ connectionString: testServerUrl() });

  beforeAll(async () => {
    await ensureDatabase(testServerUrl(), name);
    pool = new pg.Pool({ connectionString: databaseUrlFor(testServerUrl(), name) });
    pool.on('error', () => undefined); // an idle connection terminated by the server, as the services' pools do
    await admin.connect();
  });
  afterAll(async () => {
    await bus.close();
    await admin.end();
    await pool.end();
    await dropDatabase(name);
  });

  /** Sessions of the test database whose last statement was the relay's LISTEN. */
  const listening = async () =>
    (await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and query ilike $2', [name, `LISTEN ${OUTBOX_CHANNEL}%`])).rows;

  it('closes its LISTEN connection on stop rather than handing it to the pool, and losing that connection later is no error', async () => {
    const relay = startOutboxRelay({ pool, db: drizzle(pool), bus, logger, intervalMs: 60_000 });
    await expect.poll(listening).toHaveLength(1);
    await relay.stop();
    // The LISTENing session is gone, not idle in the pool where the next query would get it.
    await expect.poll(listening).toEqual([]);

    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      // What the pool still holds is terminated (a database restart, or a dropped database at shutdown).
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      // The pool drops each connection as its error arrives, after the handlers the relay may have left on it.
      await expect.poll(() => pool.totalCount).toBe(0);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
