import type session from 'express-session';
import { describe, expect, it } from 'vitest';
import { preparedStatements } from '../src/http/sessions';
import { promised, useSessionStore } from './support/session-store';

/** The session store over preparedStatements(pool), on a real PostgreSQL with the gateway's migrations. */
describe('session store statements', () => {
  const fixture = useSessionStore('gw_sess_stmt');

  it('writes, reads and destroys sessions as before, each statement prepared once on the connection', async () => {
    const data = { cookie: { originalMaxAge: 60_000, expires: new Date(Date.now() + 60_000) }, user: { id: 'u1' } } as unknown as session.SessionData;
    await promised<void>((done) => fixture.store.set('sid-1', data, done));
    for (let i = 0; i < 3; i++) {
      const read = await promised<session.SessionData>((done) => fixture.store.get('sid-1', done));
      expect((read as unknown as { user: { id: string } }).user.id).toBe('u1');
    }
    expect(await promised<session.SessionData>((done) => fixture.store.get('sid-unknown', done))).toBeUndefined();

    // One connection (poolSize 1): the statements it prepared are the store's, by name, the read among them.
    const { rows } = await fixture.database.pool.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements order by name');
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.name).toMatch(/^session_store_[0-9a-f]{16}$/);
    expect(rows.map((r) => r.statement.split(' ')[0])).toEqual(expect.arrayContaining(['SELECT', 'INSERT']));

    await promised<void>((done) => fixture.store.destroy('sid-1', done));
    expect(await promised<session.SessionData>((done) => fixture.store.get('sid-1', done))).toBeUndefined();
  });

  it('stops naming statements past the limit, so unexpected texts cannot pile up prepared statements', async () => {
    const pool = preparedStatements(fixture.database.pool, 1);
    await pool.query('select 1 as one');
    await pool.query('select 2 as two');
    const { rows } = await fixture.database.pool.query<{ statement: string }>("select statement from pg_prepared_statements where statement like 'select _ as %'");
    expect(rows.map((r) => r.statement)).toEqual(['select 1 as one']);
  });
});
