import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityServer } from '@hsa/identity';
import { createLogger, METRIC_CATALOG } from '@hsa/service-kit';
import { dropDatabase, testInternalAuthEnv, testNatsUrl, testServerUrl, uniqueDatabaseName } from '@hsa/service-kit/testing';
import { TestBrowser } from './support/browser';
import { freePort, waitFor } from './support/stack';

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  service: string;
}

/** A metric data point as the OTLP/HTTP (JSON) metric exporter sends it, with the service and scope that sent it. */
interface Metric {
  name: string;
  service: string;
  scope: string;
  attributes: Record<string, string | number | boolean | undefined>;
}

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean };
}

interface OtlpMetric {
  name: string;
  histogram?: { dataPoints: { attributes?: OtlpAttribute[] }[] };
  sum?: { dataPoints: { attributes?: OtlpAttribute[] }[] };
  gauge?: { dataPoints: { attributes?: OtlpAttribute[] }[] };
}

const attributeValue = (v: OtlpAttribute['value']) => v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.doubleValue ?? v.boolValue));

/** A minimal OTLP/HTTP (JSON) trace and metric receiver standing in for the collector. */
async function startCollector(): Promise<{ url: string; spans: Span[]; metrics: Metric[]; close(): Promise<void> }> {
  const spans: Span[] = [];
  const metrics: Metric[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/metrics') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceMetrics: { resource: { attributes: OtlpAttribute[] }; scopeMetrics: { scope: { name: string }; metrics: OtlpMetric[] }[] }[];
        };
        for (const rm of body.resourceMetrics ?? []) {
          const service = rm.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
          for (const sm of rm.scopeMetrics) {
            for (const m of sm.metrics) {
              for (const point of (m.histogram ?? m.sum ?? m.gauge)?.dataPoints ?? []) {
                const attributes = Object.fromEntries((point.attributes ?? []).map((a) => [a.key, attributeValue(a.value)]));
                metrics.push({ name: m.name, service, scope: sm.scope.name, attributes });
              }
            }
          }
        }
        return void res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      }
      if (req.url !== '/v1/traces') return void res.writeHead(200).end();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: {
          resource: { attributes: { key: string; value: { stringValue?: string } }[] };
          scopeSpans: { spans: Omit<Span, 'service'>[] }[];
        }[];
      };
      for (const rs of body.resourceSpans ?? []) {
        const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
        for (const ss of rs.scopeSpans) for (const s of ss.spans) spans.push({ ...s, service });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    metrics,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

const repo = path.resolve(__dirname, '../../..');
const entry = (service: string) => path.join(repo, 'services', service, 'dist', 'main.js');

describe('one request, one trace across gateway, property service and NATS', () => {
  const children: ChildProcess[] = [];
  const dbs = [uniqueDatabaseName('trace_prop'), uniqueDatabaseName('trace_gw')];
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let identity: Awaited<ReturnType<typeof createIdentityServer>>;
  let publicUrl: string;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    for (const s of ['gateway', 'property']) {
      if (!fs.existsSync(entry(s))) throw new Error(`${entry(s)} is missing: run \`npm run build\` first (npm test does)`);
    }
    collector = await startCollector();
    const [gatewayPort, grpcPort] = [await freePort(), await freePort()];
    publicUrl = `http://127.0.0.1:${gatewayPort}`;
    identity = await createIdentityServer({
      clients: [{ clientId: 'hsa-web', clientSecret: 'trace-secret', redirectUris: [`${publicUrl}/api/callback`], postLogoutRedirectUris: [`${publicUrl}/`] }],
      logger: createLogger('identity', 'silent'),
    });
    const common = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: testServerUrl(),
      NATS_URL: testNatsUrl(),
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_METRIC_EXPORT_INTERVAL: '500',
      ...testInternalAuthEnv(),
    };
    const start = (service: string, env: Record<string, string>) => {
      const child = spawn(process.execPath, [entry(service)], { env: { ...common, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
      let pending = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        const lines = (pending + chunk.toString('utf8')).split('\n');
        pending = lines.pop()!;
        for (const line of lines) if (line.startsWith('{')) logLines.push({ service, ...(JSON.parse(line) as Record<string, unknown>) });
      });
      children.push(child);
    };
    start('property', { PROPERTY_DATABASE_NAME: dbs[0]!, PROPERTY_GRPC_HOST: '127.0.0.1', PROPERTY_GRPC_PORT: String(grpcPort), PROPERTY_HEALTH_PORT: '0' });
    start('gateway', {
      LOG_LEVEL: 'info',
      PORT: String(gatewayPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      GATEWAY_DATABASE_NAME: dbs[1]!,
      OIDC_ISSUER_URL: identity.issuer,
      OIDC_CLIENT_SECRET: 'trace-secret',
      PROPERTY_SERVICE_ADDRESS: `127.0.0.1:${grpcPort}`,
    });
    // Ready (database, property service) and sign-in discovered (optional for readiness, but the test signs in).
    await waitFor(
      async () => {
        const res = await fetch(`${publicUrl}/readyz`);
        return res.ok && ((await res.json()) as { checks: Record<string, boolean> }).checks.signIn === true;
      },
      30_000,
      'gateway, property service and sign-in',
    );
  });

  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    await identity?.close();
    await collector?.close();
    for (const db of dbs) await dropDatabase(db);
  });

  it('links the HTTP request, the gRPC call, the database work and the NATS event in one trace', async () => {
    const browser = new TestBrowser(publicUrl);
    await browser.signIn('tracer@example.com', 'Trace Tester');
    const res = await browser.request('/api/properties', {
      method: 'POST',
      json: { address: '1 Trace Way, Sacramento, CA', city: 'Sacramento', state: 'CA', zipCode: '95814', bedrooms: 2, bathrooms: 1, squareFootage: 900 },
    });
    expect(res.status).toBe(201);

    const rootOf = () =>
      collector.spans.find((s) => s.service === 'gateway' && s.kind === 2 && s.name.includes('POST') && !s.parentSpanId);
    await waitFor(() => {
      const root = rootOf();
      if (!root) return false;
      const trace = collector.spans.filter((s) => s.traceId === root.traceId);
      // Each service exports on its own schedule: wait for the last span of both.
      return (
        trace.some((s) => s.service === 'gateway' && s.name.includes('process')) &&
        trace.some((s) => s.service === 'property' && s.name === 'property.created publish')
      );
    }, 15_000, 'the whole trace to be exported');

    const root = rootOf()!;
    const trace = collector.spans.filter((s) => s.traceId === root.traceId);
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const grpcServer = trace.find((s) => s.service === 'property' && s.kind === 2 && s.name.includes('CreateProperty'));
    expect(grpcServer, 'property service gRPC server span in the same trace').toBeDefined();
    expect(byId.get(grpcServer!.parentSpanId!)?.service, 'its parent is the gateway gRPC client span').toBe('gateway');
    expect(trace.some((s) => s.service === 'property' && /insert|INSERT|pg/.test(s.name)), 'database spans').toBe(true);
    const publish = trace.find((s) => s.service === 'property' && s.name === 'property.created publish');
    expect(publish, 'the outbox relay publishes inside the request trace').toBeDefined();
    const consume = trace.find((s) => s.service === 'gateway' && s.name === 'property.created process');
    expect(consume?.parentSpanId, 'the gateway consumes the event as a child of the publish').toBe(publish!.spanId);

    const access = logLines.filter((l) => l.service === 'gateway' && l.access === true && l.method === 'POST' && l.route === '/api/properties');
    expect(access, 'one access-log line for the request').toHaveLength(1);
    expect(access[0]).toMatchObject({ status: 201, trace_id: root.traceId, user: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(access[0]!.duration_ms).toEqual(expect.any(Number));
    expect(JSON.stringify(access[0]), 'no raw user id or e-mail').not.toContain('tracer@example.com');
  });

  it('exports the catalog metrics with their semantic-convention attributes: HTTP per route template, gRPC per method and status, events, outbox, pool', async () => {
    const has = (service: string, name: string, attributes: Record<string, unknown> = {}) =>
      collector.metrics.some((m) => m.service === service && m.name === name && Object.entries(attributes).every(([k, v]) => m.attributes[k] === v));
    const expected: [string, string, Record<string, unknown>][] = [
      ['gateway', 'http.server.request.duration', { 'http.route': '/api/properties', 'http.request.method': 'POST', 'http.response.status_code': 201 }],
      ['gateway', 'rpc.client.duration', { 'rpc.system': 'grpc', 'rpc.service': 'property.v1.PropertyService', 'rpc.method': 'CreateProperty', 'rpc.grpc.status_code': 0 }],
      ['property', 'rpc.server.duration', { 'rpc.system': 'grpc', 'rpc.service': 'property.v1.PropertyService', 'rpc.method': 'CreateProperty', 'rpc.grpc.status_code': 0 }],
      ['property', 'messaging.client.sent.messages', { 'messaging.system': 'nats', 'messaging.destination.name': 'property.created' }],
      ['gateway', 'messaging.client.consumed.messages', { 'messaging.system': 'nats', 'messaging.destination.name': 'property.created' }],
      ['property', 'hsa.outbox.pending', {}],
      ['property', 'hsa.outbox.oldest_pending.age', {}],
      ['property', 'db.client.connection.count', { 'db.client.connection.state': 'used' }],
      ['property', 'db.client.operation.duration', {}],
    ];
    await waitFor(
      () => expected.every(([service, name, attributes]) => has(service, name, attributes)),
      15_000,
      `the catalog metrics (missing ${JSON.stringify(expected.filter(([s, n, a]) => !has(s, n, a)))}; got ${JSON.stringify([...new Set(collector.metrics.map((m) => `${m.service}:${m.name}:${JSON.stringify(m.attributes)}`))])})`,
    );
    const raw = collector.metrics.filter((m) => m.name === 'http.server.request.duration').map((m) => m.attributes['http.route']);
    expect(raw.filter((route) => typeof route === 'string' && /[0-9a-f]{8}-/.test(route)), 'never a raw URL as the route').toEqual([]);
    const catalog = new Set<string>(METRIC_CATALOG.map((d) => d.name));
    const kitNames = new Set(collector.metrics.filter((m) => m.scope === '@hsa/service-kit').map((m) => m.name));
    expect([...kitNames].filter((name) => !catalog.has(name)), 'every metric of the kit is in the catalog').toEqual([]);
  });
});
