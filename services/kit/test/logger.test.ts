import { execFileSync } from 'node:child_process';
import path from 'node:path';
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

describe('createLogger on standard output', () => {
  it('writes every line, the last ones too, when the process exits right after logging them', () => {
    // Standard output is written asynchronously: lines still queued must be flushed at exit.
    const script = [
      `const { createLogger } = require(${JSON.stringify(path.resolve(__dirname, '../src/logger.ts'))});`,
      "const logger = createLogger('exit-test');",
      "for (let i = 0; i < 2000; i++) logger.info({ i }, 'line');",
      'process.exit(0);',
    ].join('\n');
    const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const lines = out.trim().split('\n').map((l) => JSON.parse(l) as { i: number; service: string });
    expect(lines).toHaveLength(2000);
    expect(lines.at(-1)).toMatchObject({ i: 1999, service: 'exit-test' });
  });
});
