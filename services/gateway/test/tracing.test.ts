import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressAutocompleteResponse, PropertyLookupResponse } from '@hsa/contracts';
import { createIdentityServer } from '@hsa/identity';
import { createLogger, METRIC_CATALOG } from '@hsa/service-kit';
import { dropDatabase, testInternalAuthEnv, testNatsUrl, testServerUrl, uniqueDatabaseName, type ProviderReplay } from '@hsa/service-kit/testing';
import { TestBrowser } from './support/browser';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedPoint, type ReceivedSpan } from './support/otlp-receiver';
import { highStPlaceId, startProviderReplay, type ProviderRoute } from './support/provider-replay';
import { freePort, waitFor } from './support/stack';

/**
 * The "done when" of observability: the gateway, valuation and property services run as the processes `npm start`
 * runs (dist/main.js, real PostgreSQL and NATS JetStream, Google Places replayed over HTTP) and export traces,
 * metrics and logs over OTLP/HTTP to a receiver standing in for the collector. One journey, address → estimate →
 * save, goes through the gateway's HTTP API as a browser does it: an autocomplete, the lookup (whose answer is the
 * estimate), the save. The test is the journey's client: its requests carry one W3C traceparent, as a browser
 * instrumented with OpenTelemetry (or a synthetic check) sends it, so the whole journey is one trace.
 */

const repo = path.resolve(__dirname, '../../..');
const entry = (service: string) => path.join(repo, 'services', service, 'dist', 'main.js');

const SPAN_KIND = { server: 2, client: 3, producer: 4, consumer: 5 } as const;

interface Journey {
  traceId: string;
  /** The client's span: the parent of the gateway's server span of every request. */
  clientSpanId: string;
  propertyId: string;
}

describe('one journey (address → estimate → save) through the real services, seen by an OTLP receiver', () => {
  const children: ChildProcess[] = [];
  const dbs = { property: uniqueDatabaseName('trace_prop'), valuation: uniqueDatabaseName('trace_val'), gateway: uniqueDatabaseName('trace_gw') };
  const stdout: Record<string, unknown>[] = [];
  let receiver: OtlpReceiver;
  let replay: ProviderReplay<ProviderRoute>;
  let identity: Awaited<ReturnType<typeof createIdentityServer>>;
  let journey: Journey;

  const inTrace = () => receiver.spans.filter((s) => s.traceId === journey.traceId);

  beforeAll(async () => {
    for (const s of ['gateway', 'property', 'valuation']) {
      if (!fs.existsSync(entry(s))) throw new Error(`${entry(s)} is missing: run \`npm run build\` first (npm test does)`);
    }
    receiver = await startOtlpReceiver();
    replay = await startProviderReplay();
    const [gatewayPort, propertyPort, valuationPort] = [await freePort(), await freePort(), await freePort()];
    const publicUrl = `http://127.0.0.1:${gatewayPort}`;
    identity = await createIdentityServer({
      clients: [{ clientId: 'hsa-web', clientSecret: 'trace-secret', redirectUris: [`${publicUrl}/api/callback`], postLogoutRedirectUris: [`${publicUrl}/`] }],
      logger: createLogger('identity', 'silent'),
    });
    const common = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: testServerUrl(),
      NATS_URL: testNatsUrl(),
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_BLRP_SCHEDULE_DELAY: '100',
      OTEL_METRIC_EXPORT_INTERVAL: '500',
      ...testInternalAuthEnv(),
    };
    const start = (service: string, env: Record<string, string>) => {
      const child = spawn(process.execPath, [entry(service)], { env: { ...common, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
      let pending = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        const lines = (pending + chunk.toString('utf8')).split('\n');
        pending = lines.pop()!;
        for (const line of lines) if (line.startsWith('{')) stdout.push({ process: service, ...(JSON.parse(line) as Record<string, unknown>) });
      });
      children.push(child);
    };
    start('property', { PROPERTY_DATABASE_NAME: dbs.property, PROPERTY_GRPC_HOST: '127.0.0.1', PROPERTY_GRPC_PORT: String(propertyPort), PROPERTY_HEALTH_PORT: '0' });
    start('valuation', {
      VALUATION_DATABASE_NAME: dbs.valuation,
      VALUATION_GRPC_HOST: '127.0.0.1',
      VALUATION_GRPC_PORT: String(valuationPort),
      VALUATION_HEALTH_PORT: '0',
      ADDRESS_PROVIDER: 'google',
      GOOGLE_MAPS_API_KEY: 'test-google-key',
      GOOGLE_PLACES_BASE_URL: replay.url,
      PROPERTY_DATA_PROVIDER: 'open-data',
    });
    start('gateway', {
      PORT: String(gatewayPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      GATEWAY_DATABASE_NAME: dbs.gateway,
      OIDC_ISSUER_URL: identity.issuer,
      OIDC_CLIENT_SECRET: 'trace-secret',
      PROPERTY_SERVICE_ADDRESS: `127.0.0.1:${propertyPort}`,
      VALUATION_SERVICE_ADDRESS: `127.0.0.1:${valuationPort}`,
    });
    // Ready with the property and valuation services (valuation is optional for readiness: asked explicitly) and
    // sign-in discovered.
    await waitFor(
      async () => {
        const res = await fetch(`${publicUrl}/readyz`);
        const checks = ((await res.json()) as { checks: Record<string, boolean> }).checks;
        return res.ok && checks.signIn === true && checks.valuationService === true;
      },
      60_000,
      'gateway, property and valuation services and sign-in',
    );

    const browser = new TestBrowser(publicUrl);
    await browser.signIn('tracer@example.com', 'Trace Tester');
    const traceId = randomBytes(16).toString('hex');
    const clientSpanId = randomBytes(8).toString('hex');
    const headers = { traceparent: `00-${traceId}-${clientSpanId}-01` };
    const sessionToken = randomUUID();

    const autocomplete = await browser.request(`/api/address-autocomplete?input=${encodeURIComponent('3526 high')}&sessionToken=${sessionToken}`, { headers });
    expect(autocomplete.status).toBe(200);
    const prediction = ((await autocomplete.json()) as AddressAutocompleteResponse).predictions[0]!;
    expect(prediction.place_id).toBe(highStPlaceId);

    const lookup = await browser.request('/api/properties/lookup', {
      method: 'POST',
      headers,
      json: { address: prediction.description, placeId: prediction.place_id, sessionToken },
    });
    const looked = (await lookup.json()) as PropertyLookupResponse;
    if (!looked.success) throw new Error(`lookup failed: ${looked.message}`);
    expect(looked.property.estimatedValue).toEqual(expect.any(Number));

    const { yearBuilt, lotSize, ...facts } = looked.property;
    const save = await browser.request('/api/properties', {
      method: 'POST',
      headers,
      json: { ...facts, ...(yearBuilt !== undefined ? { yearBuilt } : {}), ...(lotSize !== undefined ? { lotSize } : {}) },
    });
    expect(save.status).toBe(201);
    journey = { traceId, clientSpanId, propertyId: ((await save.json()) as { id: string }).id };

    // Each service exports on its own schedule (a busy machine can hold one back): wait for each one's last spans.
    const exported = () => {
      const trace = inTrace();
      const has = (service: string, name: string) => trace.some((s) => s.service === service && s.name === name);
      return has('gateway', 'property.created process') && has('property', 'property.created publish') && has('valuation', 'avm.estimate');
    };
    await waitFor(exported, 30_000, 'the journey trace to be exported');
  }, 180_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    await identity?.close();
    await replay?.close();
    await receiver?.close();
    for (const db of Object.values(dbs)) await dropDatabase(db);
  });

  it('is one trace across the gateway, valuation (Google and the AVM included), property and the NATS event', () => {
    const trace = inTrace();
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const parentOf = (span: ReceivedSpan | undefined) => (span?.parentSpanId ? byId.get(span.parentSpanId) : undefined);
    const one = (service: string, predicate: (s: ReceivedSpan) => boolean, what: string) => {
      const found = trace.find((s) => s.service === service && predicate(s));
      expect(found, `${what} in the journey trace (${service}); spans: ${JSON.stringify(trace.map((s) => `${s.service}:${s.name}`))}`).toBeDefined();
      return found!;
    };

    // The three requests: gateway server spans whose parent is the client's span.
    for (const name of ['GET /api/address-autocomplete', 'POST /api/properties/lookup', 'POST /api/properties']) {
      const server = one('gateway', (s) => s.kind === SPAN_KIND.server && s.name === name, name);
      expect(server.parentSpanId, `${name} is a child of the journey's client span`).toBe(journey.clientSpanId);
    }

    // Address and estimate: the valuation service, called by the gateway, calling Google, running the AVM.
    const lookup = one('valuation', (s) => s.kind === SPAN_KIND.server && s.name.endsWith('ValuationService/Lookup'), 'gRPC Lookup');
    expect(parentOf(lookup)?.service, 'its parent is the gateway gRPC client span').toBe('gateway');
    const google = trace.filter((s) => s.service === 'valuation' && s.name === 'provider google-places');
    expect(google.map((s) => s.attributes['hsa.provider.outcome']).sort(), 'autocomplete and Place Details').toEqual(['ok', 'ok']);
    for (const call of google) {
      const children = trace.filter((s) => s.parentSpanId === call.spanId);
      const http = children.filter((s) => s.kind === SPAN_KIND.client && s.attributes['http.request.method'] !== undefined);
      expect(http.map((s) => s.attributes['http.response.status_code']), `one HTTP attempt each: ${JSON.stringify(http)}`).toEqual([200]);
      expect(children.some((s) => s.attributes['db.system.name'] === 'postgresql'), 'the cache lookup too').toBe(true);
    }
    const avm = one('valuation', (s) => s.name === 'avm.estimate', 'the AVM estimate');
    expect(avm.attributes).toMatchObject({ 'hsa.outcome': 'ok', 'hsa.avm.provider': 'open-data' });
    expect(avm.attributes['hsa.avm.comparables']).toBeGreaterThan(0);

    // Save: the property service, its database work, the outbox relay's publish and the gateway's consume.
    const create = one('property', (s) => s.kind === SPAN_KIND.server && s.name.endsWith('PropertyService/CreateProperty'), 'gRPC CreateProperty');
    expect(parentOf(create)?.service).toBe('gateway');
    one('property', (s) => s.attributes['db.system.name'] === 'postgresql', 'database spans');
    const publish = one('property', (s) => s.kind === SPAN_KIND.producer && s.name === 'property.created publish', 'the event published');
    const consume = one('gateway', (s) => s.kind === SPAN_KIND.consumer && s.name === 'property.created process', 'the event consumed');
    expect(consume.parentSpanId, 'the gateway consumes the event as a child of the publish').toBe(publish.spanId);
    expect(publish.traceId).toBe(consume.traceId);
    expect(new Set(trace.map((s) => s.service))).toEqual(new Set(['gateway', 'valuation', 'property']));
  });

  it('exports the catalog metrics this journey must produce, with their names and attributes, and no other kit metric', async () => {
    const has = (service: string, name: string, attributes: Record<string, unknown> = {}, value?: number) =>
      receiver.points.some(
        (p) =>
          p.service === service &&
          p.name === name &&
          Object.entries(attributes).every(([k, v]) => p.attributes[k] === v) &&
          (value === undefined || p.value === value),
      );
    const grpc = (service: string, method: string) => ({ 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': method, 'rpc.grpc.status_code': 0 });
    const valuation = 'valuation.v1.ValuationService';
    const property = 'property.v1.PropertyService';
    const nats = { 'messaging.system': 'nats', 'messaging.destination.name': 'property.created' };
    const expected: [string, string, Record<string, unknown>, number?][] = [
      ['gateway', 'http.server.request.duration', { 'http.route': '/api/address-autocomplete', 'http.request.method': 'GET', 'http.response.status_code': 200 }],
      ['gateway', 'http.server.request.duration', { 'http.route': '/api/properties/lookup', 'http.request.method': 'POST', 'http.response.status_code': 200 }],
      ['gateway', 'http.server.request.duration', { 'http.route': '/api/properties', 'http.request.method': 'POST', 'http.response.status_code': 201 }],
      ['gateway', 'rpc.client.duration', grpc(valuation, 'Autocomplete')],
      ['gateway', 'rpc.client.duration', grpc(valuation, 'Lookup')],
      ['gateway', 'rpc.client.duration', grpc(property, 'CreateProperty')],
      ['valuation', 'rpc.server.duration', grpc(valuation, 'Lookup')],
      ['property', 'rpc.server.duration', grpc(property, 'CreateProperty')],
      ['valuation', 'hsa.provider.request.duration', { 'hsa.provider.name': 'google-places', 'hsa.provider.outcome': 'ok' }],
      ['valuation', 'hsa.avm.estimate.duration', { 'hsa.outcome': 'ok', 'hsa.avm.provider': 'open-data' }],
      ['property', 'messaging.client.sent.messages', nats],
      ['gateway', 'messaging.client.consumed.messages', nats],
      ['property', 'hsa.outbox.pending', {}],
      ['property', 'hsa.outbox.oldest_pending.age', {}],
      ['gateway', 'hsa.nats.consumer.pending', { 'messaging.system': 'nats', 'hsa.pending.stage': 'stream' }],
      ['gateway', 'hsa.nats.consumer.pending', { 'messaging.system': 'nats', 'hsa.pending.stage': 'client' }],
      ['property', 'db.client.connection.count', { 'db.client.connection.state': 'used' }],
      ['property', 'db.client.operation.duration', { 'db.system.name': 'postgresql' }],
      ...(['gateway', 'valuation', 'property'].map((s) => [s, 'hsa.readiness', {}, 1]) as [string, string, Record<string, unknown>, number][]),
      ['gateway', 'hsa.readiness.check', { 'hsa.check.name': 'database', 'hsa.check.required': true }, 1],
      ['gateway', 'hsa.readiness.check', { 'hsa.check.name': 'valuationService', 'hsa.check.required': false }, 1],
      ['property', 'hsa.readiness.check', { 'hsa.check.name': 'database', 'hsa.check.required': true }, 1],
    ];
    const missing = () => expected.filter(([s, n, a, v]) => !has(s, n, a, v));
    await waitFor(
      () => missing().length === 0,
      15_000,
      `the catalog metrics (missing ${JSON.stringify(missing())}; got ${JSON.stringify([...new Set(receiver.points.map((m) => `${m.service}:${m.name}:${JSON.stringify(m.attributes)}`))])})`,
    );

    const routes = receiver.points.filter((m) => m.name === 'http.server.request.duration').map((m) => m.attributes['http.route']);
    expect(routes.filter((route) => typeof route === 'string' && /[0-9a-f]{8}-/.test(route)), 'never a raw URL as the route').toEqual([]);
    // The kit's metrics: every name in the catalog, every attribute one the catalog lists for it.
    const catalog = new Map<string, readonly string[]>(METRIC_CATALOG.map((d) => [d.name, d.attributes]));
    const kit = receiver.points.filter((p: ReceivedPoint) => p.scope === '@hsa/service-kit');
    expect([...new Set(kit.filter((p) => !catalog.has(p.name)).map((p) => p.name))], 'every kit metric is in the catalog').toEqual([]);
    const strays = kit.flatMap((p) => Object.keys(p.attributes).filter((k) => !catalog.get(p.name)?.includes(k)).map((k) => `${p.name} ${k}`));
    expect([...new Set(strays)], 'every attribute is one the catalog lists').toEqual([]);
    // Exemplars come from the collector's span metrics only: the JS SDK's histograms, recorded inside sampled spans
    // here, carry none (if this fails, the SDK gained exemplars: the README and the dashboards can use them).
    const histograms = receiver.points.filter((p) => p.value === undefined);
    expect(histograms.length).toBeGreaterThan(0);
    expect(histograms.filter((p) => p.exemplars > 0).map((p) => p.name)).toEqual([]);
  });

  it('sends log records over OTLP with the journey trace id and the service resource, and writes access-log lines with it', async () => {
    const access = (route: string) =>
      receiver.logs.find((l) => l.service === 'gateway' && l.attributes.access === true && l.attributes.route === route && l.traceId === journey.traceId);
    await waitFor(() => !!access('/api/properties'), 10_000, 'the access log of the save over OTLP');
    const record = access('/api/properties')!;
    expect(record).toMatchObject({ scope: '@opentelemetry/instrumentation-pino', severityText: 'info', body: 'request' });
    expect(record.attributes).toMatchObject({ method: 'POST', status: 201, user: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(record.resource).toMatchObject({ 'service.name': 'gateway', 'service.version': expect.any(String) });
    const server = inTrace().find((s) => s.service === 'gateway' && s.kind === SPAN_KIND.server && s.name === 'POST /api/properties');
    expect(record.spanId, 'the record names the span of its request').toBe(server!.spanId);
    expect(record.attributes, 'the ids are the record fields, not attributes').not.toHaveProperty('trace_id');
    for (const route of ['/api/address-autocomplete', '/api/properties/lookup']) expect(access(route), route).toBeDefined();

    // The same line on stdout, as JSON with the trace id (Loki gets it through the collector, kubectl logs here).
    const lines = stdout.filter((l) => l.process === 'gateway' && l.access === true && l.route === '/api/properties' && l.method === 'POST');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ status: 201, trace_id: journey.traceId, user: record.attributes.user });
    expect(lines[0]!.duration_ms).toEqual(expect.any(Number));
    expect(JSON.stringify(lines[0]), 'no raw user id or e-mail').not.toContain('tracer@example.com');
    expect(JSON.stringify(receiver.logs.map((l) => l.attributes)), 'nor over OTLP').not.toContain('tracer@example.com');
  });
});
