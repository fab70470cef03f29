import { context, SpanStatusCode, trace, type Span, type SpanOptions } from '@opentelemetry/api';
import { AppError } from './errors';

const tracer = trace.getTracer('@hsa/service-kit');

/** The `error.type` of a failure: an AppError's code (UNAVAILABLE, ...), else the error's class name (TimeoutError, NoSuchKey, ...). */
export function errorType(err: unknown): string {
  if (err instanceof AppError) return err.code;
  return (err as Error | undefined)?.name || 'Error';
}

/** Marks `span` failed: status ERROR with the message, `error.type`, and the exception as an event. */
export function failSpan(span: Span, err: unknown, type = errorType(err)): void {
  span.setAttribute('error.type', type);
  span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error | undefined)?.message ?? String(err) });
  if (err instanceof Error) span.recordException(err);
}

/**
 * Runs `work` inside a new active span (so spans and log lines made meanwhile are its children) and ends it; a
 * thrown error marks the span failed (failSpan, with `errorTypeOf` naming the error.type) and is rethrown.
 */
export function inSpan<T>(
  name: string,
  options: SpanOptions,
  work: (span: Span) => Promise<T>,
  errorTypeOf: (err: unknown) => string = errorType,
): Promise<T> {
  return tracer.startActiveSpan(name, options, async (span) => {
    try {
      return await work(span);
    } catch (err) {
      failSpan(span, err, errorTypeOf(err));
      throw err;
    } finally {
      span.end();
    }
  });
}

/**
 * `listener`, bound to the context active now: run later from elsewhere (a response's 'finish' event fires from the
 * socket's callbacks), what it logs or traces still belongs to the current request's span.
 */
export function bindActiveContext<F extends (...args: never[]) => unknown>(listener: F): F {
  return context.bind(context.active(), listener);
}
