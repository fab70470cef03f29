import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from 'pino';

export type Db = NodePgDatabase<Record<string, never>>;

export interface Database {
  pool: pg.Pool;
  db: Db;
  /** Connection URL of this service's own database. */
  url: string;
  close(): Promise<void>;
}

/** The URL of database `name` on the server that `serverUrl` points to. */
export function databaseUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const validName = /^[a-z_][a-z0-9_]{0,62}$/;

/** Creates database `name` on the server when it does not exist yet (one database per service). */
export async function ensureDatabase(serverUrl: string, name: string): Promise<void> {
  if (!validName.test(name)) throw new Error(`Invalid database name: ${name}`);
  const probe = new pg.Client({ connectionString: databaseUrlFor(serverUrl, name) });
  try {
    await probe.connect();
    return;
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') throw err;
  } finally {
    await probe.end().catch(() => undefined);
  }
  const admin = new pg.Client({ connectionString: databaseUrlFor(serverUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } catch (err) {
    if ((err as { code?: string }).code !== '42P04') throw err; // created concurrently by a replica
  } finally {
    await admin.end();
  }
}

/**
 * Opens this service's database (creating it if needed) and applies its committed drizzle migrations
 * under an advisory lock, so several replicas starting together migrate once.
 */
export async function openDatabase(options: {
  serverUrl: string;
  name: string;
  migrationsFolder: string;
  logger: Logger;
  poolSize?: number;
}): Promise<Database> {
  await ensureDatabase(options.serverUrl, options.name);
  const url = databaseUrlFor(options.serverUrl, options.name);
  // A server that does not answer fails a query after 5 s instead of holding it (and its caller) forever.
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, connectionTimeoutMillis: 5_000 });
  pool.on('error', (err) => options.logger.warn({ err }, 'idle database client error'));
  // The pool listens for errors only on idle clients: a checked-out client whose server goes away between two
  // queries of a transaction would otherwise crash the process. Its next query fails and is answered "unavailable".
  pool.on('connect', (client) => client.on('error', (err) => options.logger.debug({ err }, 'database client error')));
  const db = drizzle(pool);
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${options.name}`]);
    await migrate(drizzle(client), { migrationsFolder: options.migrationsFolder });
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${options.name}`]);
  } finally {
    client.release();
  }
  options.logger.info({ database: options.name }, 'database ready');
  return { pool, db, url, close: () => pool.end() };
}
