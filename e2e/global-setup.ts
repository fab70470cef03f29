/**
 * Starts what the end-to-end tests run against: PostgreSQL (DATABASE_URL, else an embedded throwaway server),
 * NATS JetStream (NATS_URL when it answers, else nats-server on a free port), and identity + property + gateway on
 * free ports with databases unique to this run (dropped afterwards). Service logs go to .e2e-artifacts/logs.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropDatabases } from '../tools/dev/src/databases';
import { ensureNatsForTests } from '../tools/dev/src/nats';
import { repoRoot } from '../tools/dev/src/paths';
import { ensureTestPostgres } from '../tools/dev/src/postgres';
import { backendServices, startStack } from '../tools/dev/src/stack';

export const logDir = path.join(repoRoot, '.e2e-artifacts', 'logs');

/**
 * Every browser of the run reaches the gateway from 127.0.0.1, so per-client limits are lifted (one address stands
 * for every test user); per-user limits keep their defaults, except generation, low enough for limits.spec.ts to
 * reach it and above what any other test generates for one user.
 */
export const E2E_GENERATION_LIMIT = 6;
const E2E_RATE_LIMITS = [
  ...['write', 'search', 'valuation', 'generation', 'create', 'upload'].map((c) => `${c}.client=1000000/1m`),
  `generation.user=${E2E_GENERATION_LIMIT}/1h`,
].join(',');

export default async function globalSetup(): Promise<() => Promise<void>> {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    throw new Error(`Chromium is missing at ${chromium}: install it (Debian: apt-get install chromium; .ci/run does this).`);
  }
  rmSync(logDir, { recursive: true, force: true });
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const databases = Object.fromEntries(
    [...backendServices.map((b) => b.name), 'gateway'].map((name) => [name, `e2e_${name}_${runId}`]),
  );
  const cleanups: Array<() => Promise<void>> = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((err: unknown) => console.error('[e2e] teardown:', err));
  };

  try {
    const postgres = await ensureTestPostgres();
    cleanups.push(postgres.stop);
    const nats = await ensureNatsForTests({ url: process.env.NATS_URL });
    cleanups.push(nats.stop);
    cleanups.push(() => dropDatabases(postgres.url, Object.values(databases)));

    const s3Dir = mkdtempSync(path.join(os.tmpdir(), 'hsa-e2e-s3-'));
    cleanups.push(async () => rmSync(s3Dir, { recursive: true, force: true }));
    const began = Date.now();
    const stack = await startStack({
      s3: { dataDir: s3Dir },
      databaseUrl: postgres.url,
      natsUrl: nats.url,
      freePorts: true,
      databaseNames: databases,
      logs: { kind: 'file', dir: logDir },
      env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'debug', RATE_LIMITS: E2E_RATE_LIMITS },
    });
    cleanups.push(stack.stop);
    process.env.HSA_E2E_BASE_URL = stack.url;
    console.log(`[e2e] product ready at ${stack.url} in ${((Date.now() - began) / 1000).toFixed(1)} s; logs in ${path.relative(repoRoot, logDir)}`);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
