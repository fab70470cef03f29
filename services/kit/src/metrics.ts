/**
 * The product's metrics, in one place: the catalog of every metric a service emits (name, instrument, unit,
 * attributes; OpenTelemetry semantic-convention names where one exists, `hsa.*` for the product's own work) and the
 * instruments themselves, created once per process on the global meter provider (set by tracing.ts when an OTLP
 * endpoint is configured; a no-op meter otherwise). Tests and the dashboard check (tools/deploy) read the catalog.
 */
import { metrics, ValueType, type Attributes, type Counter, type Histogram, type Meter, type ObservableGauge, type UpDownCounter } from '@opentelemetry/api';

export type MetricInstrument = 'histogram' | 'counter' | 'updowncounter' | 'gauge';

export interface MetricDefinition {
  name: string;
  instrument: MetricInstrument;
  /** UCUM unit as OTel writes it ('s', 'ms', 'By', '{event}', ...). */
  unit: string;
  description: string;
  attributes: readonly string[];
}

/** Every metric the services emit through the kit. */
export const METRIC_CATALOG = [
  // Recorded by httpServerSpans (http/server-spans.ts) with the stable semantic conventions' name, unit and
  // attributes; http.route is the Express route template, absent for unmatched paths; /healthz and /readyz are not
  // measured.
  {
    name: 'http.server.request.duration',
    instrument: 'histogram',
    unit: 's',
    description: 'Duration of HTTP requests served, per route template',
    attributes: ['http.request.method', 'http.route', 'http.response.status_code'],
  },
  // Emitted by @opentelemetry/instrumentation-pg.
  {
    name: 'db.client.operation.duration',
    instrument: 'histogram',
    unit: 's',
    description: 'Duration of database operations',
    attributes: ['db.system.name', 'db.operation.name', 'db.namespace'],
  },
  {
    name: 'rpc.server.duration',
    instrument: 'histogram',
    unit: 'ms',
    description: 'Duration of gRPC calls served',
    attributes: ['rpc.system', 'rpc.service', 'rpc.method', 'rpc.grpc.status_code'],
  },
  {
    name: 'rpc.client.duration',
    instrument: 'histogram',
    unit: 'ms',
    description: 'Duration of gRPC calls made',
    attributes: ['rpc.system', 'rpc.service', 'rpc.method', 'rpc.grpc.status_code'],
  },
  {
    name: 'messaging.client.sent.messages',
    instrument: 'counter',
    unit: '{message}',
    description: 'Events published to NATS JetStream; failures carry error.type',
    attributes: ['messaging.system', 'messaging.destination.name', 'error.type'],
  },
  {
    name: 'messaging.client.consumed.messages',
    instrument: 'counter',
    unit: '{message}',
    description: 'Events delivered by NATS JetStream to a consumer',
    attributes: ['messaging.system', 'messaging.destination.name'],
  },
  {
    name: 'hsa.outbox.pending',
    instrument: 'gauge',
    unit: '{event}',
    description: 'Outbox events not yet published',
    attributes: [],
  },
  {
    name: 'hsa.outbox.oldest_pending.age',
    instrument: 'gauge',
    unit: 's',
    description: 'Age of the oldest outbox event not yet published (0 when none)',
    attributes: [],
  },
  {
    name: 'hsa.nats.consumer.pending',
    instrument: 'gauge',
    unit: '{message}',
    description:
      "Events the gateway's JetStream consumer has not handled yet, by stage: stream (not delivered, consumer info num_pending), ack (delivered, not acknowledged, num_ack_pending), client (received, queued in the process)",
    attributes: ['messaging.system', 'hsa.pending.stage'],
  },
  {
    name: 'hsa.sse.connections',
    instrument: 'updowncounter',
    unit: '{connection}',
    description: 'Server-Sent Events connections open at the gateway',
    attributes: [],
  },
  // Emitted by @opentelemetry/instrumentation-pg from pg.Pool's totalCount, idleCount and waitingCount; pool name
  // "host:port/database".
  {
    name: 'db.client.connection.count',
    instrument: 'updowncounter',
    unit: '{connection}',
    description: 'Database pool connections by state (used, idle)',
    attributes: ['db.client.connection.pool.name', 'db.client.connection.state'],
  },
  {
    name: 'db.client.connection.pending_requests',
    instrument: 'updowncounter',
    unit: '{connection}',
    description: 'Requests waiting for a database pool connection',
    attributes: ['db.client.connection.pool.name'],
  },
  {
    name: 'hsa.readiness',
    instrument: 'gauge',
    unit: '{process}',
    description: 'What /readyz answers, at each collection: 1 while ready or degraded, 0 while a required dependency fails',
    attributes: [],
  },
  {
    name: 'hsa.readiness.check',
    instrument: 'gauge',
    unit: '{check}',
    description: 'Each readiness dependency: 1 while it passes, 0 while it fails',
    attributes: ['hsa.check.name', 'hsa.check.required'],
  },
  {
    name: 'hsa.provider.request.duration',
    instrument: 'histogram',
    unit: 's',
    description: 'External provider calls (Google, RentCast, OpenAI) by outcome, attempts and cache included',
    attributes: ['hsa.provider.name', 'hsa.provider.outcome'],
  },
  {
    name: 'hsa.avm.estimate.duration',
    instrument: 'histogram',
    unit: 's',
    description: "Duration of one value estimate (a lookup's or an estimate's), by outcome (ok, not_found, error) and AVM (open-data, rentcast)",
    attributes: ['hsa.outcome', 'hsa.avm.provider'],
  },
  {
    name: 'hsa.upload.size',
    instrument: 'histogram',
    unit: 'By',
    description: 'Size of accepted photo uploads',
    attributes: [],
  },
  {
    name: 'hsa.upload.refused',
    instrument: 'counter',
    unit: '{upload}',
    description: 'Photo uploads refused, by reason',
    attributes: ['hsa.refusal.reason'],
  },
] as const satisfies readonly MetricDefinition[];

export type MetricName = (typeof METRIC_CATALOG)[number]['name'];

const UNIT_SUFFIX: Record<string, string> = { s: 'seconds', ms: 'milliseconds', By: 'bytes', '1': 'ratio' };

/**
 * The series names Prometheus stores for a metric received over OTLP (its default translation, like the
 * collector's prometheus exporter): dots become underscores, the unit is appended as a word (annotations such as
 * {event} are dropped), counters end in _total and histograms become _bucket, _sum and _count.
 */
export function prometheusSeriesNames(definition: MetricDefinition): string[] {
  const suffix = UNIT_SUFFIX[definition.unit];
  let base = definition.name.replace(/[^a-zA-Z0-9_:]/g, '_');
  if (suffix && !base.endsWith(`_${suffix}`)) base = `${base}_${suffix}`;
  switch (definition.instrument) {
    case 'histogram':
      return [`${base}_bucket`, `${base}_sum`, `${base}_count`];
    case 'counter':
      return [`${base}_total`];
    default:
      return [base];
  }
}

/** Every Prometheus series name the catalog produces. */
export function prometheusMetricNames(): Set<string> {
  return new Set(METRIC_CATALOG.flatMap((definition) => prometheusSeriesNames(definition)));
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
const MS_BUCKETS = SECONDS_BUCKETS.map((s) => s * 1000);
const BYTE_BUCKETS = [10_000, 50_000, 100_000, 500_000, 1e6, 2e6, 5e6, 10e6, 20e6];

function definitionOf(name: MetricName): MetricDefinition {
  return METRIC_CATALOG.find((d) => d.name === name)!;
}

function histogram(meter: Meter, name: MetricName, buckets: number[]): Histogram {
  const { unit, description } = definitionOf(name);
  return meter.createHistogram(name, { unit, description, advice: { explicitBucketBoundaries: buckets } });
}

function counter(meter: Meter, name: MetricName): Counter {
  const { unit, description } = definitionOf(name);
  return meter.createCounter(name, { unit, description, valueType: ValueType.INT });
}

function gauge(meter: Meter, name: MetricName): ObservableGauge {
  const { unit, description } = definitionOf(name);
  return meter.createObservableGauge(name, { unit, description });
}

function createInstruments(meter: Meter) {
  const sse = meter.createUpDownCounter('hsa.sse.connections' satisfies MetricName, {
    unit: definitionOf('hsa.sse.connections').unit,
    description: definitionOf('hsa.sse.connections').description,
    valueType: ValueType.INT,
  });
  return {
    httpServerDuration: histogram(meter, 'http.server.request.duration', SECONDS_BUCKETS),
    rpcServerDuration: histogram(meter, 'rpc.server.duration', MS_BUCKETS),
    rpcClientDuration: histogram(meter, 'rpc.client.duration', MS_BUCKETS),
    messagesSent: counter(meter, 'messaging.client.sent.messages'),
    messagesConsumed: counter(meter, 'messaging.client.consumed.messages'),
    outboxPending: gauge(meter, 'hsa.outbox.pending'),
    outboxOldestAge: gauge(meter, 'hsa.outbox.oldest_pending.age'),
    consumerPending: gauge(meter, 'hsa.nats.consumer.pending'),
    readiness: gauge(meter, 'hsa.readiness'),
    readinessCheck: gauge(meter, 'hsa.readiness.check'),
    sseConnections: sse as UpDownCounter,
    providerDuration: histogram(meter, 'hsa.provider.request.duration', SECONDS_BUCKETS),
    avmDuration: histogram(meter, 'hsa.avm.estimate.duration', SECONDS_BUCKETS),
    uploadSize: histogram(meter, 'hsa.upload.size', BYTE_BUCKETS),
    uploadRefused: counter(meter, 'hsa.upload.refused'),
  };
}

export type Instruments = ReturnType<typeof createInstruments>;

let instruments: Instruments | undefined;

/**
 * The process's instruments, created on first use (after tracing.ts registered the meter provider, which every
 * main imports first) and reused afterwards.
 */
export function kitMetrics(): Instruments {
  instruments ??= createInstruments(metrics.getMeter('@hsa/service-kit'));
  return instruments;
}

/** Seconds since `startNs` (a process.hrtime.bigint() value). */
export function secondsSince(startNs: bigint): number {
  return Number(process.hrtime.bigint() - startNs) / 1e9;
}

/** `/pkg.Service/Method` → the rpc.* attributes naming that method. */
export function rpcMethodAttributes(path: string): Attributes {
  const [, service = '', method = ''] = path.split('/');
  return { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': method };
}

/** `/pkg.Service/Method` and a status code → the rpc.* attributes of one call's outcome. */
export function rpcAttributes(path: string, code: number): Attributes {
  return { ...rpcMethodAttributes(path), 'rpc.grpc.status_code': code };
}

/** Milliseconds since `startNs` (a process.hrtime.bigint() value). */
export function millisecondsSince(startNs: bigint): number {
  return Number(process.hrtime.bigint() - startNs) / 1e6;
}
