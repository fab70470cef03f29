/**
 * vitest globalSetup: guarantees DATABASE_URL (a PostgreSQL server; tests create their own databases on it) and
 * NATS_URL (JetStream) for every test worker, starting throwaway servers when none are given, and stops what it
 * started. Workers are forked after global setup and inherit process.env, so setting it here reaches every test.
 */
import { ensureNatsForTests } from '../nats';
import { ensureTestPostgres } from '../postgres';

export default async function setup(): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void>> = [];
  const teardown = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    const postgres = await ensureTestPostgres();
    stops.push(postgres.stop);
    process.env.DATABASE_URL = postgres.url;
    const nats = await ensureNatsForTests({ url: process.env.NATS_URL });
    stops.push(nats.stop);
    process.env.NATS_URL = nats.url;
    const origin = (started: boolean) => (started ? 'started for this run' : 'given');
    console.log(
      `[global-setup] PostgreSQL ${origin(postgres.started)} (${redact(process.env.DATABASE_URL)}); ` +
        `NATS ${origin(nats.started)} (${nats.url})`,
    );
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
