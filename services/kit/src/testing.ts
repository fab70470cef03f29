import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { databaseUrlFor } from './db/database';

/**
 * Test helpers. Tests run against a real PostgreSQL server (DATABASE_URL, set by the test runner to the
 * local server or an embedded one) and get a throwaway database each.
 */
export function testServerUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run the tests through `npm test`, which provides PostgreSQL');
  return url;
}

export function uniqueDatabaseName(prefix: string): string {
  return `t_${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`.toLowerCase();
}

export async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrlFor(testServerUrl(), 'postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export function testNatsUrl(): string {
  return process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
}
