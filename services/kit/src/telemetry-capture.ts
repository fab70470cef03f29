import { metrics, type Attributes } from '@opentelemetry/api';
import { AggregationTemporality, MeterProvider, MetricReader, type DataPoint, type Histogram } from '@opentelemetry/sdk-metrics';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-node';

/** Collects the global meter provider's metrics when asked (cumulative). */
class CollectingReader extends MetricReader {
  constructor() {
    super({ aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE });
  }
  protected onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
  protected onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/** One data point: a counter's or gauge's value, a histogram's count. */
export interface CapturedPoint {
  scope: string;
  name: string;
  attributes: Attributes;
  value: number;
}

export interface TelemetryCapture {
  /** Every span ended so far. */
  spans(): ReadableSpan[];
  /** Every metric point recorded so far. */
  points(): Promise<CapturedPoint[]>;
  /** Forgets the spans ended so far. */
  resetSpans(): void;
}

/**
 * In-process telemetry for a test file: registers global tracer and meter providers that keep every ended span and
 * collect metrics on demand. Call it before the code under test records its first metric (the kit's instruments
 * bind to the meter provider registered at that moment), once per test file.
 */
export function captureTelemetry(): TelemetryCapture {
  const exporter = new InMemorySpanExporter();
  new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).register();
  const reader = new CollectingReader();
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
  return {
    spans: () => exporter.getFinishedSpans(),
    resetSpans: () => exporter.reset(),
    points: async () => {
      const { resourceMetrics } = await reader.collect();
      return resourceMetrics.scopeMetrics.flatMap((scope) =>
        scope.metrics.flatMap((metric) =>
          (metric.dataPoints as DataPoint<number | Histogram>[]).map((point) => ({
            scope: scope.scope.name,
            name: metric.descriptor.name,
            attributes: point.attributes,
            value: typeof point.value === 'number' ? point.value : point.value.count,
          })),
        ),
      );
    },
  };
}
