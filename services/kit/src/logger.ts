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
  return destination ? pino(options, destination) : pino(options);
}

/** The active span's ids as log fields (`trace_id`, `span_id`, `trace_flags`); empty outside a traced operation. */
export function activeTraceFields(): { trace_id?: string; span_id?: string; trace_flags?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const ctx = span.spanContext();
  if (!isSpanContextValid(ctx)) return {};
  return { trace_id: ctx.traceId, span_id: ctx.spanId, trace_flags: `0${ctx.traceFlags.toString(16)}` };
}
