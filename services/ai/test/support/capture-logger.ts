import { Writable } from 'node:stream';
import { createLogger, type Logger } from '@hsa/service-kit';

/** A real pino logger whose JSON lines are kept for assertions. */
export function captureLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('ai-test', 'warn', sink), lines };
}
