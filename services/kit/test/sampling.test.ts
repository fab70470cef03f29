import { context, trace, TraceFlags } from '@opentelemetry/api';
import { afterAll, describe, expect, it } from 'vitest';
import { activeTraceFields } from '../src/logger';
import { startTracing, stopTracing } from '../src/tracing';

describe('trace sampling from OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG', () => {
  afterAll(async () => {
    await stopTracing();
    delete process.env.OTEL_TRACES_SAMPLER;
    delete process.env.OTEL_TRACES_SAMPLER_ARG;
  });

  it('parentbased_traceidratio at 0 drops new traces, follows a sampled caller, and log lines keep trace ids either way', () => {
    process.env.OTEL_TRACES_SAMPLER = 'parentbased_traceidratio';
    process.env.OTEL_TRACES_SAMPLER_ARG = '0';
    startTracing('sampling-test');
    const tracer = trace.getTracer('sampling-test');

    const root = tracer.startSpan('root');
    expect(root.isRecording(), 'a new trace at ratio 0 is not sampled').toBe(false);
    expect(root.spanContext().traceFlags & TraceFlags.SAMPLED).toBe(0);
    const fields = context.with(trace.setSpan(context.active(), root), activeTraceFields);
    expect(fields).toEqual({ trace_id: root.spanContext().traceId, span_id: root.spanContext().spanId, trace_flags: '00' });
    root.end();

    const sampledCaller = trace.setSpanContext(context.active(), {
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: TraceFlags.SAMPLED,
      isRemote: true,
    });
    const child = tracer.startSpan('child', {}, sampledCaller);
    expect(child.isRecording(), 'a sampled parent is followed').toBe(true);
    expect(child.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    child.end();
  });
});
