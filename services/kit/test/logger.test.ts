import { Writable } from 'node:stream';
import { trace } from '@opentelemetry/api';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger';
import { startTracing, stopTracing } from '../src/tracing';

describe('createLogger', () => {
  afterAll(() => stopTracing());

  it('writes JSON lines with the service name, and trace ids inside a span', async () => {
    startTracing('kit-test');
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    });
    const logger = createLogger('kit-test', 'info', sink);
    logger.info('outside');
    let traceId = '';
    trace.getTracer('test').startActiveSpan('work', (span) => {
      traceId = span.spanContext().traceId;
      logger.info({ n: 1 }, 'inside');
      span.end();
    });
    await new Promise((r) => setImmediate(r));
    expect(lines[0]).toMatchObject({ level: 'info', service: 'kit-test', msg: 'outside' });
    expect(lines[0]).not.toHaveProperty('trace_id');
    expect(lines[1]).toMatchObject({ msg: 'inside', n: 1, trace_id: traceId, span_id: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
  });
});
