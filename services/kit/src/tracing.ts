/**
 * OpenTelemetry bootstrap. Import this module first in a service's main (before express, grpc or pg are
 * loaded) so their instrumentations can patch them. Spans are always created (log lines get trace ids);
 * they are exported over OTLP/HTTP only when OTEL_EXPORTER_OTLP_ENDPOINT (or the traces endpoint) is set, and
 * metrics then too (the instrumentations' HTTP and gRPC durations), every OTEL_METRIC_EXPORT_INTERVAL ms.
 *
 * Built from the SDK's parts instead of @opentelemetry/sdk-node, which bundles every exporter and propagator in
 * three protocols (most of a service image's node_modules): a Node tracer provider (AsyncLocalStorage context, W3C
 * trace-context and baggage propagation), the OTLP/HTTP (JSON) trace and metric exporters, the resource detectors
 * NodeSDK ran (environment, process, host), and the four instrumentations the services use. NATS messages carry
 * the context through the API's propagator (see events/bus.ts and db/outbox.ts).
 */
import { metrics, type TracerProvider } from '@opentelemetry/api';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { detectResources, envDetector, hostDetector, processDetector, resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { BatchSpanProcessor, NodeTracerProvider, NoopSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';

interface Telemetry {
  tracerProvider: NodeTracerProvider;
  meterProvider?: MeterProvider;
  disableInstrumentations: () => void;
}

let telemetry: Telemetry | undefined;

/** Export is on when an OTLP endpoint is configured (the exporters read the endpoint variables themselves). */
const exportingTraces = () => !!(process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
const exportingMetrics = () =>
  !!(process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT) &&
  !(process.env.OTEL_METRICS_EXPORTER ?? '').split(',').map((v) => v.trim()).includes('none');

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
    spanProcessors: [exportingTraces() ? new BatchSpanProcessor(new OTLPTraceExporter()) : new NoopSpanProcessor()],
  });
  tracerProvider.register();

  const meterProvider = exportingMetrics()
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

  const disableInstrumentations = registerInstrumentations({
    tracerProvider: tracerProvider as TracerProvider,
    ...(meterProvider ? { meterProvider } : {}),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => req.url === '/healthz' || req.url === '/readyz',
      }),
      new ExpressInstrumentation(),
      new GrpcInstrumentation({ ignoreGrpcMethods: ['Check', 'Watch'] }),
      new PgInstrumentation(),
    ],
  });
  telemetry = { tracerProvider, ...(meterProvider ? { meterProvider } : {}), disableInstrumentations };
}

/** Flushes and stops span and metric export (called on shutdown). */
export async function stopTracing(): Promise<void> {
  const current = telemetry;
  telemetry = undefined;
  if (!current) return;
  await Promise.all([current.tracerProvider.shutdown(), current.meterProvider?.shutdown()]).catch(() => undefined);
}
