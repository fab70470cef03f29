import type { Logger } from 'pino';
import { stopTracing } from './tracing';

type Cleanup = () => Promise<unknown> | unknown;

/**
 * Runs the cleanups in reverse order of registration on SIGINT/SIGTERM, then exits. A second signal
 * or a cleanup that hangs longer than the grace period forces the exit.
 */
export function handleShutdown(logger: Logger, cleanups: Cleanup[], graceMs = 10_000): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, graceMs);
    timer.unref();
    for (const cleanup of [...cleanups].reverse()) {
      try {
        await cleanup();
      } catch (err) {
        logger.warn({ err }, 'cleanup failed');
      }
    }
    await stopTracing();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** Logs and exits when main() rejects: a service that cannot start must say why and stop. */
export function runMain(logger: Logger, main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    logger.fatal({ err }, 'failed to start');
    process.exit(1);
  });
}
