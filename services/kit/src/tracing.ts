/**
 * OpenTelemetry bootstrap. Import this module first in a service's main (before express, grpc or pg are
 * loaded) so their instrumentations can patch them. Spans are always created (log lines get trace ids);
 * they are exported over OTLP/HTTP only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
 */
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, NoopSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';

let sdk: NodeSDK | undefined;

export function startTracing(serviceName: string): void {
  if (sdk) return;
  const exporting = !!(process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  // Without an exporter the SDK would register no tracer provider at all, and logs would lose their
  // trace ids; a discarding processor keeps spans (and ids) alive without sending them anywhere.
  const spanProcessors: SpanProcessor[] = [exporting ? new BatchSpanProcessor(new OTLPTraceExporter()) : new NoopSpanProcessor()];
  sdk = new NodeSDK({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: process.env.OTEL_SERVICE_NAME ?? serviceName,
      [ATTR_SERVICE_VERSION]: process.env.SERVICE_VERSION ?? '0.1.0',
    }),
    spanProcessors,
    // Without an endpoint the SDK would still default to an OTLP metric exporter aimed at localhost:4318: it
    // tries to export every minute and holds every shutdown for about 8 s. No endpoint, no metric readers.
    ...(exporting ? {} : { metricReaders: [] }),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => req.url === '/healthz' || req.url === '/readyz',
      }),
      new ExpressInstrumentation(),
      new GrpcInstrumentation({ ignoreGrpcMethods: ['Check', 'Watch'] }),
      new PgInstrumentation(),
    ],
  });
  sdk.start();
}

/** Flushes and stops span export (called on shutdown). */
export async function stopTracing(): Promise<void> {
  await sdk?.shutdown().catch(() => undefined);
  sdk = undefined;
}
