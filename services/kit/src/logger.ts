import { trace, isSpanContextValid } from '@opentelemetry/api';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * JSON logs on stdout. Every line logged inside a traced operation carries `trace_id` and `span_id`,
 * so an SRE can jump from a log line in Loki to its trace in Tempo.
 */
export function createLogger(
  service: string,
  level = process.env.LOG_LEVEL ?? 'info',
  destination?: DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: activeTraceFields,
  };
  return pino(options, destination ?? standardOutput());
}

let stdout: DestinationStream | undefined;

/**
 * Standard output, written asynchronously: a line is handed to the kernel as soon as the previous write is done, and
 * the lines logged meanwhile go out together in one write (pino's default writes each line synchronously, one system
 * call per access-log line). Lines still buffered are written synchronously when the process exits. One stream per
 * process, shared by every logger.
 */
function standardOutput(): DestinationStream {
  stdout ??= pino.destination({ dest: 1, sync: false });
  return stdout;
}

/** The active span's ids as log fields (`trace_id`, `span_id`, `trace_flags`); empty outside a traced operation. */
export function activeTraceFields(): { trace_id?: string; span_id?: string; trace_flags?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const ctx = span.spanContext();
  if (!isSpanContextValid(ctx)) return {};
  return { trace_id: ctx.traceId, span_id: ctx.spanId, trace_flags: `0${ctx.traceFlags.toString(16)}` };
}
