import type { Logger } from 'pino';
import { runReadinessChecks, type ReadinessCheck } from '../http/health';

/** How often the gRPC health status is brought up to date with the readiness checks by default. */
export const READINESS_POLL_INTERVAL_MS = 3000;

export interface ReadinessFollower {
  /** Resolves once the first evaluation has been applied. */
  readonly firstEvaluation: Promise<void>;
  /** Stops evaluating; an evaluation still running when this is called changes nothing. */
  stop(): void;
}

/**
 * Keeps a serving flag (the gRPC health status) equal to the service's readiness: the same checks as the HTTP
 * /readyz, run at once and then every `intervalMs` after the previous run finished (so a slow check never
 * overlaps itself). A check that throws or takes longer than its timeout counts as not ready. Transitions are
 * logged with the failing checks' names.
 */
export function followReadiness(options: {
  checks: Record<string, ReadinessCheck>;
  setServing: (serving: boolean) => void;
  logger: Logger;
  intervalMs?: number | undefined;
}): ReadinessFollower {
  const intervalMs = options.intervalMs ?? READINESS_POLL_INTERVAL_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let serving: boolean | undefined;

  const evaluate = async (): Promise<void> => {
    const results = await runReadinessChecks(options.checks);
    if (stopped) return;
    const failing = Object.entries(results)
      .filter(([, ok]) => !ok)
      .map(([name]) => name);
    const ready = failing.length === 0;
    if (ready !== serving) {
      if (ready) options.logger.info('gRPC health: SERVING (every readiness check passes)');
      else options.logger.warn({ failing }, 'gRPC health: NOT_SERVING (readiness checks fail)');
      serving = ready;
    }
    options.setServing(ready);
  };

  const loop = (): void => {
    if (stopped) return;
    timer = setTimeout(() => void evaluate().finally(loop), intervalMs);
    timer.unref();
  };

  const firstEvaluation = evaluate().finally(loop);
  return {
    firstEvaluation,
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
