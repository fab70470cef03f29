/**
 * The whole product for a test or bench run, started as `npm start` starts it (startStack: every service in its own
 * process from its built entry point) on free ports, with PostgreSQL from DATABASE_URL or embedded, NATS as the
 * tests find it, databases unique to the run and a throwaway S3 folder. `stop()` undoes all of it, in reverse order.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropDatabases } from './databases';
import { ensureNatsForTests } from './nats';
import { ensureTestPostgres } from './postgres';
import { backendServices, startStack, type Stack, type StackOptions } from './stack';

export interface ThrowawayStack {
  stack: Stack;
  databaseUrl: string;
  /** Database name per service ('gateway' included). */
  databases: Record<string, string>;
  /** Milliseconds from the first service started to the whole product ready. */
  startMs: number;
  stop(): Promise<void>;
}

export async function startThrowawayStack(options: {
  /** Names the run's databases (`<prefix>_<service>_<run>`) and S3 folder. */
  prefix: string;
  logDir: string;
  env?: NodeJS.ProcessEnv;
  readyTimeoutMs?: StackOptions['readyTimeoutMs'];
}): Promise<ThrowawayStack> {
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch((err: unknown) => console.error(`[${options.prefix}] teardown:`, err));
  };
  try {
    const postgres = await ensureTestPostgres();
    stops.push(postgres.stop);
    const nats = await ensureNatsForTests({ url: process.env.NATS_URL });
    stops.push(nats.stop);
    const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const databases = Object.fromEntries(
      [...backendServices.map((b) => b.name), 'gateway'].map((name) => [name, `${options.prefix}_${name}_${runId}`]),
    );
    stops.push(() => dropDatabases(postgres.url, Object.values(databases)));
    const s3Dir = mkdtempSync(path.join(os.tmpdir(), `hsa-${options.prefix}-s3-`));
    stops.push(async () => rmSync(s3Dir, { recursive: true, force: true }));
    const began = performance.now();
    const stack = await startStack({
      s3: { dataDir: s3Dir },
      databaseUrl: postgres.url,
      natsUrl: nats.url,
      freePorts: true,
      databaseNames: databases,
      logs: { kind: 'file', dir: options.logDir },
      ...(options.env ? { env: options.env } : {}),
      ...(options.readyTimeoutMs ? { readyTimeoutMs: options.readyTimeoutMs } : {}),
    });
    stops.push(stack.stop);
    return { stack, databaseUrl: postgres.url, databases, startMs: performance.now() - began, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
