/**
 * Starts what the end-to-end tests run against: PostgreSQL (DATABASE_URL, else an embedded throwaway server),
 * NATS JetStream (NATS_URL when it answers, else nats-server on a free port), and identity + property + gateway on
 * free ports with databases unique to this run (dropped afterwards). Service logs go to .e2e-artifacts/logs.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { headlessShell, requireBrowser } from '../tools/dev/src/chromium';
import { repoRoot } from '../tools/dev/src/paths';
import { startThrowawayStack } from '../tools/dev/src/throwaway-stack';

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
  requireBrowser(headlessShell);
  rmSync(logDir, { recursive: true, force: true });
  const run = await startThrowawayStack({
    prefix: 'e2e',
    logDir,
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'debug', RATE_LIMITS: E2E_RATE_LIMITS },
  });
  process.env.HSA_E2E_BASE_URL = run.stack.url;
  console.log(`[e2e] product ready at ${run.stack.url} in ${(run.startMs / 1000).toFixed(1)} s; logs in ${path.relative(repoRoot, logDir)}`);
  return run.stop;
}
