import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Value = string | number | boolean | Value[] | undefined;

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: OtlpValue[] };
}

interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}

type Attributes = Record<string, Value>;

const valueOf = (v: OtlpValue): Value =>
  v.stringValue ??
  (v.intValue !== undefined ? Number(v.intValue) : undefined) ??
  v.doubleValue ??
  v.boolValue ??
  (v.arrayValue ? (v.arrayValue.values ?? []).map(valueOf) : undefined);

const attributesOf = (list: OtlpAttribute[] | undefined): Attributes => Object.fromEntries((list ?? []).map((a) => [a.key, valueOf(a.value)]));

/** A span as the OTLP/HTTP (JSON) trace exporter sends it, with the service that sent it. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Attributes;
  status: { code?: number };
}

/** One metric data point, with the service and instrumentation scope that sent it. */
export interface ReceivedPoint {
  service: string;
  scope: string;
  name: string;
  attributes: Attributes;
  /** A gauge's or sum's value (undefined for histograms). */
  value: number | undefined;
  /** Exemplars the point carries (histograms and sums). */
  exemplars: number;
}

/** One log record, with the resource that sent it. */
export interface ReceivedLog {
  service: string;
  resource: Attributes;
  scope: string;
  traceId: string;
  spanId: string;
  severityText: string;
  body: Value;
  attributes: Attributes;
}

type OtlpPoint = { attributes?: OtlpAttribute[]; asInt?: string | number; asDouble?: number; exemplars?: unknown[] };
interface OtlpMetric {
  name: string;
  histogram?: { dataPoints: OtlpPoint[] };
  sum?: { dataPoints: OtlpPoint[] };
  gauge?: { dataPoints: OtlpPoint[] };
}

export interface OtlpReceiver {
  /** The endpoint to give OTEL_EXPORTER_OTLP_ENDPOINT (the exporters add /v1/traces, /v1/metrics, /v1/logs). */
  url: string;
  spans: ReceivedSpan[];
  points: ReceivedPoint[];
  logs: ReceivedLog[];
  close(): Promise<void>;
}

/** Resource → scope → items, whatever the signal's field names. */
function flatten<T>(resources: unknown[] | undefined, scopesKey: string, itemsKey: string): { resource: Attributes; scope: string; item: T }[] {
  return (resources ?? []).flatMap((r) => {
    const { resource, [scopesKey]: scopes } = r as { resource?: { attributes?: OtlpAttribute[] } } & Record<string, unknown>;
    const attrs = attributesOf(resource?.attributes);
    return ((scopes ?? []) as ({ scope?: { name?: string } } & Record<string, unknown>)[]).flatMap((s) =>
      ((s[itemsKey] ?? []) as T[]).map((item) => ({ resource: attrs, scope: s.scope?.name ?? '', item })),
    );
  });
}

/**
 * An OTLP/HTTP (JSON) receiver standing in for the collector: keeps every span, metric data point and log record the
 * services export, flattened with the service.name of their resource.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const points: ReceivedPoint[] = [];
  const logs: ReceivedLog[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown[] | undefined>;
      const service = (resource: Attributes) => String(resource['service.name'] ?? '?');
      if (req.url === '/v1/traces') {
        type OtlpSpan = Omit<ReceivedSpan, 'service' | 'attributes'> & { attributes?: OtlpAttribute[] };
        for (const { resource, item } of flatten<OtlpSpan>(body.resourceSpans, 'scopeSpans', 'spans')) {
          spans.push({ ...item, service: service(resource), attributes: attributesOf(item.attributes), status: item.status ?? {} });
        }
      } else if (req.url === '/v1/metrics') {
        for (const { resource, scope, item } of flatten<OtlpMetric>(body.resourceMetrics, 'scopeMetrics', 'metrics')) {
          for (const point of (item.histogram ?? item.sum ?? item.gauge)?.dataPoints ?? []) {
            const raw = point.asInt ?? point.asDouble;
            points.push({
              service: service(resource),
              scope,
              name: item.name,
              attributes: attributesOf(point.attributes),
              value: raw === undefined ? undefined : Number(raw),
              exemplars: point.exemplars?.length ?? 0,
            });
          }
        }
      } else if (req.url === '/v1/logs') {
        type OtlpLog = { traceId?: string; spanId?: string; severityText?: string; body?: OtlpValue; attributes?: OtlpAttribute[] };
        for (const { resource, scope, item } of flatten<OtlpLog>(body.resourceLogs, 'scopeLogs', 'logRecords')) {
          logs.push({
            service: service(resource),
            resource,
            scope,
            traceId: item.traceId ?? '',
            spanId: item.spanId ?? '',
            severityText: item.severityText ?? '',
            body: item.body ? valueOf(item.body) : undefined,
            attributes: attributesOf(item.attributes),
          });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    points,
    logs,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
