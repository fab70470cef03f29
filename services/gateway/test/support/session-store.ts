import path from 'node:path';
import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import { afterAll, beforeAll } from 'vitest';
import { createLogger, openDatabase, type Database } from '@hsa/service-kit';
import { dropDatabase, testServerUrl, uniqueDatabaseName } from '@hsa/service-kit/testing';
import { preparedStatements } from '../../src/http/sessions';

export interface SessionStoreFixture {
  database: Database;
  /** The gateway's session store (connect-pg-simple over preparedStatements), as sessionMiddleware makes it. */
  store: session.Store;
}

/**
 * A throwaway database with the gateway's migrations and the gateway's session store over it, for the tests of a
 * file (beforeAll/afterAll). One connection: the store's statements run in the order they are asked.
 */
export function useSessionStore(prefix: string): SessionStoreFixture {
  const name = uniqueDatabaseName(prefix);
  const fixture = {} as SessionStoreFixture;
  beforeAll(async () => {
    fixture.database = await openDatabase({
      serverUrl: testServerUrl(),
      name,
      migrationsFolder: path.resolve(__dirname, '../../migrations'),
      logger: createLogger('test', 'warn'),
      poolSize: 1,
    });
    const PgStore = connectPgSimple(session);
    fixture.store = new PgStore({ pool: preparedStatements(fixture.database.pool), tableName: 'session', pruneSessionInterval: false, disableTouch: true });
  });
  afterAll(async () => {
    await fixture.database?.close();
    await dropDatabase(name);
  });
  return fixture;
}

/** A store's callback method as a promise. */
export const promised = <T>(run: (done: (err: unknown, value?: T | null) => void) => void) =>
  new Promise<T | null | undefined>((resolve, reject) => run((err, value) => (err ? reject(err as Error) : resolve(value))));
