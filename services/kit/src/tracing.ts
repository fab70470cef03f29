/**
 * OpenTelemetry bootstrap. Import this module first in a service's main (before express, grpc, pg or pino are
 * loaded) so their instrumentations can patch them. Spans are always created (log lines get trace ids);
 * they are exported over OTLP/HTTP only when OTEL_EXPORTER_OTLP_ENDPOINT (or the traces endpoint) is set, and
 * metrics then too (the instrumentations' HTTP and gRPC durations), every OTEL_METRIC_EXPORT_INTERVAL ms, and
 * logs (every pino line, still written to stdout as well, sent as an OTLP log record carrying the trace and span
 * ids of the operation that logged it).
 *
 * Sampling follows the standard OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG (the tracer provider reads them:
 * always_on, always_off, traceidratio, parentbased_always_on (the default), parentbased_always_off,
 * parentbased_traceidratio). Log lines carry trace ids whether or not their trace is sampled.
 *
 * Built from the SDK's parts instead of @opentelemetry/sdk-node, which bundles every exporter and propagator in
 * three protocols (most of a service image's node_modules): a Node tracer provider (AsyncLocalStorage context, W3C
 * trace-context and baggage propagation), the OTLP/HTTP (JSON) trace, metric and log exporters, the resource
 * detectors NodeSDK ran (environment, process, host), and the instrumentations of outgoing HTTP requests, PostgreSQL
 * and pino. The kit makes the server span of every HTTP request (http/server-spans.ts: an Express app mounts
 * httpServerSpans() first) and the client and server spans of every gRPC call (grpc/spans.ts) itself. NATS messages
 * carry the context through the API's propagator (see events/bus.ts and db/outbox.ts).
 */
import { metrics, type TracerProvider } from '@opentelemetry/api';
import { logs } from '@opentelemetry/api-logs';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { detectResources, envDetector, hostDetector, processDetector, resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import { BatchLogRecordProcessor, LoggerProvider } from '@opentelemetry/sdk-logs';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { BatchSpanProcessor, NodeTracerProvider, NoopSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';

interface Telemetry {
  tracerProvider: NodeTracerProvider;
  meterProvider?: MeterProvider;
  loggerProvider?: LoggerProvider;
  disableInstrumentations: () => void;
}

let telemetry: Telemetry | undefined;

/**
 * Export of a signal is on when an OTLP endpoint is configured for it (the exporters read the endpoint variables
 * themselves), unless OTEL_<SIGNAL>_EXPORTER says none.
 */
const exporting = (signal: 'TRACES' | 'METRICS' | 'LOGS') =>
  !!(process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env[`OTEL_EXPORTER_OTLP_${signal}_ENDPOINT`]) &&
  !(process.env[`OTEL_${signal}_EXPORTER`] ?? '').split(',').map((v) => v.trim()).includes('none');

function serviceResource(serviceName: string): Resource {
  return resourceFromAttributes({
    [ATTR_SERVICE_NAME]: process.env.OTEL_SERVICE_NAME ?? serviceName,
    [ATTR_SERVICE_VERSION]: process.env.SERVICE_VERSION ?? '0.1.0',
  }).merge(detectResources({ detectors: [envDetector, processDetector, hostDetector] }));
}

export function startTracing(serviceName: string): void {
  if (telemetry) return;
  const resource = serviceResource(serviceName);
  // Without an exporter a discarding processor keeps spans (and the trace ids in log lines) alive.
  const tracerProvider = new NodeTracerProvider({
    resource,
    spanProcessors: [exporting('TRACES') ? new BatchSpanProcessor(new OTLPTraceExporter()) : new NoopSpanProcessor()],
  });
  tracerProvider.register();

  const meterProvider = exporting('METRICS')
    ? new MeterProvider({
        resource,
        readers: [
          new PeriodicExportingMetricReader({
            exporter: new OTLPMetricExporter(),
            exportIntervalMillis: Number(process.env.OTEL_METRIC_EXPORT_INTERVAL) || 60_000,
          }),
        ],
      })
    : undefined;
  if (meterProvider) metrics.setGlobalMeterProvider(meterProvider);

  // The SDK's batch log processor does not read OTEL_BLRP_SCHEDULE_DELAY itself.
  const loggerProvider = exporting('LOGS')
    ? new LoggerProvider({
        resource,
        processors: [
          new BatchLogRecordProcessor({
            exporter: new OTLPLogExporter(),
            scheduledDelayMillis: Number(process.env.OTEL_BLRP_SCHEDULE_DELAY) || 1000,
          }),
        ],
      })
    : undefined;
  if (loggerProvider) logs.setGlobalLoggerProvider(loggerProvider);

  const disableInstrumentations = registerInstrumentations({
    tracerProvider: tracerProvider as TracerProvider,
    ...(meterProvider ? { meterProvider } : {}),
    instrumentations: [
      // Outgoing requests only: the kit makes the server spans of requests and of gRPC calls itself (see
      // http/server-spans.ts and grpc/spans.ts), at a fraction of these instrumentations' cost.
      new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
      new PgInstrumentation(),
      // Sends every pino line to the logger provider as well as to its own destination (stdout); the trace fields
      // of the JSON line come from the kit's logger (logger.ts), so the instrumentation adds none of its own.
      ...(loggerProvider ? [new PinoInstrumentation({ disableLogCorrelation: true })] : []),
    ],
  });
  telemetry = {
    tracerProvider,
    ...(meterProvider ? { meterProvider } : {}),
    ...(loggerProvider ? { loggerProvider } : {}),
    disableInstrumentations,
  };
}

/** Flushes and stops span, metric and log export (called on shutdown). */
export async function stopTracing(): Promise<void> {
  const current = telemetry;
  telemetry = undefined;
  if (!current) return;
  await Promise.all([current.tracerProvider.shutdown(), current.meterProvider?.shutdown(), current.loggerProvider?.shutdown()]).catch(
    () => undefined,
  );
}
