import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { ensurePostgres, startEmbeddedPostgres, startTemporaryPostgres } from '../src/postgres';
import { canConnect } from '../src/ports';

async function query(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

const portOf = (url: string) => Number(new URL(url).port);

describe('embedded PostgreSQL', () => {
  test('a temporary server answers queries and is gone after stop()', async () => {
    const server = await startTemporaryPostgres();
    const { rows } = await query(server.url, 'select 40 + 2 as answer');
    expect(rows[0].answer).toBe(42);
    await server.stop();
    expect(await canConnect('127.0.0.1', portOf(server.url))).toBe(false);
  }, 60_000);

  test('a persistent cluster keeps its data between runs and a running one is reused', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'hsa-pg-test-'));
    const dataDir = path.join(root, 'postgres');
    try {
      const first = await startEmbeddedPostgres({ dataDir, port: 0 });
      expect(first.started).toBe(true);
      await query(first.url, "create table kept (v text); insert into kept values ('still here')");

      const again = await startEmbeddedPostgres({ dataDir, port: 0 });
      expect(again.started).toBe(false);
      expect(again.url).toBe(first.url);
      await first.stop();

      const second = await startEmbeddedPostgres({ dataDir, port: 0 });
      const { rows } = await query(second.url, 'select v from kept');
      expect(rows).toEqual([{ v: 'still here' }]);
      await second.stop();
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      expect(existsSync(path.join(root, 'postgres.log'))).toBe(true);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 90_000);

  test.runIf(process.getuid?.() === 0)('as root, keeps a cluster the postgres user cannot reach elsewhere, and starts afresh when its folder is deleted', async () => {
    // A checkout like /root/project: mode 0700, so the postgres user cannot reach anything inside it.
    const root = await mkdtemp(path.join(os.tmpdir(), 'hsa-pg-private-'));
    const dataDir = path.join(root, 'checkout', '.data', 'postgres');
    try {
      const first = await startEmbeddedPostgres({ dataDir, port: 0 });
      await query(first.url, "create table kept (v text); insert into kept values ('here')");
      await first.stop();
      expect(await readFile(path.join(dataDir, 'CLUSTER_IS_ELSEWHERE'), 'utf8')).toMatch(/cluster of this folder is \/var\/lib\/hsa-embedded-postgres\/clusters\//);

      const again = await startEmbeddedPostgres({ dataDir, port: 0 });
      expect((await query(again.url, 'select v from kept')).rows).toEqual([{ v: 'here' }]);
      await again.stop();

      await rm(dataDir, { recursive: true, force: true });
      const fresh = await startEmbeddedPostgres({ dataDir, port: 0, removeOnStop: true });
      await expect(query(fresh.url, 'select v from kept')).rejects.toThrow(/does not exist/);
      await fresh.stop();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 90_000);

  test('DATABASE_URL wins over the embedded server', async () => {
    const server = await ensurePostgres({ databaseUrl: 'postgres://someone@db.example:5432/postgres', dataDir: '/nonexistent' });
    expect(server).toMatchObject({ url: 'postgres://someone@db.example:5432/postgres', started: false });
    await server.stop();
  });
});
