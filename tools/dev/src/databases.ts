import pg from 'pg';

/** The URL of database `name` on the server `serverUrl` points to. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops databases (disconnecting their clients) on the server; used to clean up throwaway test databases. */
export async function dropDatabases(serverUrl: string, names: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl(serverUrl, 'postgres') });
  await admin.connect();
  try {
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
