import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { call, openDatabase, ProviderCache, ProviderHttp, type Database } from '@hsa/service-kit';
import { captureTelemetry, dropDatabase, testServerUrl, uniqueDatabaseName } from '@hsa/service-kit/testing';
import { migrationsFolder } from '../src';
import { providerCache } from '../src/adapters/db/schema';
import { GooglePlacesAddressProvider, googleConfigurationHint } from '../src/adapters/providers/google-places';
import { RentCastPropertyProvider, rentCastAuthHint } from '../src/adapters/providers/rentcast';
import { FakeProviders, fixture, googleKey, rentCastKey } from './fake-providers';
import { startTestValuation, testLogger, type TestValuation } from './helpers';

// Registered before anything records a metric: the kit's instruments bind to the meter provider of that moment.
const telemetry = captureTelemetry();

let fake: FakeProviders;
let database: Database;
const databaseName = uniqueDatabaseName('val_telemetry');

beforeAll(async () => {
  fake = await FakeProviders.start();
  database = await openDatabase({ serverUrl: testServerUrl(), name: databaseName, migrationsFolder, logger: testLogger() });
});

afterAll(async () => {
  await fake?.close();
  await database?.close();
  await dropDatabase(databaseName);
});

afterEach(async () => {
  fake.reset();
  telemetry.resetSpans();
  await database.db.delete(providerCache);
});

function http(provider: string, label: string, authHint: string) {
  const options = { timeoutMs: 2000, maxAttempts: 3, backoffMs: 5, maxBackoffMs: 50, cacheTtlMs: 60_000, logger: testLogger() };
  return new ProviderHttp({ provider, label, authHint, cache: new ProviderCache(database.db), ...options });
}
const google = () => new GooglePlacesAddressProvider(http('google-places', 'Google Places', googleConfigurationHint), { apiKey: googleKey, baseUrl: fake.url });
const rentcast = () => new RentCastPropertyProvider(http('rentcast', 'RentCast', rentCastAuthHint), { apiKey: rentCastKey, baseUrl: fake.url });

const spansNamed = (name: string) => telemetry.spans().filter((s) => s.name === name);
const childrenOf = (span: { spanContext(): { spanId: string } }, name: string) =>
  spansNamed(name).filter((s) => s.parentSpanContext?.spanId === span.spanContext().spanId);

async function providerPoints(provider: string) {
  return (await telemetry.points()).filter((p) => p.name === 'hsa.provider.request.duration' && p.attributes['hsa.provider.name'] === provider);
}

describe('provider calls as an SRE sees them', () => {
  it('a Google call: one provider span with its outcome, an HTTP client span per attempt, the duration by outcome; a repeat is a cache hit', async () => {
    fake.script('autocomplete', [{ status: 503, body: fixture('google/error-resource-exhausted.json') }]);
    expect(await google().autocomplete('3526 high')).toHaveLength(2);

    const [provider] = spansNamed('provider google-places');
    expect(provider?.attributes).toMatchObject({ 'hsa.provider.name': 'google-places', 'hsa.provider.outcome': 'ok' });
    const attempts = childrenOf(provider!, 'POST');
    expect(attempts.map((s) => [s.kind, s.attributes['http.response.status_code'], s.attributes['http.request.resend_count']])).toEqual([
      [SpanKind.CLIENT, 503, undefined],
      [SpanKind.CLIENT, 200, 1],
    ]);
    const port = Number(new URL(fake.url).port);
    expect(attempts[0]!.attributes).toMatchObject({ 'http.request.method': 'POST', 'server.address': '127.0.0.1', 'server.port': port, 'error.type': '503' });
    expect(attempts[0]!.status.code).toBe(SpanStatusCode.ERROR);
    expect(attempts[1]!.status.code).toBe(SpanStatusCode.UNSET);
    expect(JSON.stringify(attempts.map((s) => s.attributes)), 'the API key never reaches a span').not.toContain(googleKey);

    expect(await google().autocomplete('3526 high')).toHaveLength(2);
    const hit = spansNamed('provider google-places')[1]!;
    expect(hit.attributes['hsa.provider.outcome']).toBe('cache_hit');
    expect(childrenOf(hit, 'POST'), 'a cache hit sends nothing').toEqual([]);

    const points = await providerPoints('google-places');
    expect(points.map((p) => [p.attributes['hsa.provider.outcome'], p.value]).sort()).toEqual([
      ['cache_hit', 1],
      ['ok', 1],
    ]);
  });

  it('a RentCast refusal (404) and a failure after every attempt: outcomes refused and error, the address redacted from url.full', async () => {
    const nowhere = '1 Nowhere Rd, Springfield, IL 62701';
    expect(await rentcast().saleHistory({ address: nowhere })).toEqual([]);
    const refused = spansNamed('provider rentcast').find((s) => s.attributes['hsa.provider.outcome'] === 'refused');
    expect(refused, JSON.stringify(spansNamed('provider rentcast').map((s) => s.attributes))).toBeDefined();
    const [get] = childrenOf(refused!, 'GET');
    expect(get!.attributes).toMatchObject({ 'http.response.status_code': 404, 'error.type': '404' });
    expect(String(get!.attributes['url.full'])).toMatch(/\?address=REDACTED/);
    expect(JSON.stringify(telemetry.spans().map((s) => s.attributes))).not.toContain('Nowhere');

    telemetry.resetSpans();
    const down = { status: 503, body: { message: 'down' } };
    fake.script('properties', [down, down, down]);
    await expect(rentcast().saleHistory({ address: '3526 High St, Sacramento, CA 95838' })).rejects.toThrow(/RentCast is unavailable/);
    const [failed] = spansNamed('provider rentcast');
    expect(failed!.attributes).toMatchObject({ 'hsa.provider.outcome': 'error', 'error.type': 'UNAVAILABLE' });
    expect(failed!.status.code).toBe(SpanStatusCode.ERROR);
    expect(childrenOf(failed!, 'GET')).toHaveLength(3);

    const outcomes = (await providerPoints('rentcast')).map((p) => p.attributes['hsa.provider.outcome']);
    expect(outcomes).toEqual(expect.arrayContaining(['refused', 'error']));
  });
});

describe('the AVM estimate', () => {
  let valuation: TestValuation;
  beforeAll(async () => {
    valuation = await startTestValuation();
  });
  afterAll(async () => {
    await valuation?.stop();
  });

  it('a lookup and an estimate are each a span avm.estimate with outcome, AVM, comparables and confidence, and a point of hsa.avm.estimate.duration', async () => {
    const looked = await call(valuation.client, valuation.client.Lookup, { address: '2796 Branch St, Sacramento, CA 95815' });
    expect(looked.found).toBe(true);
    const subject = { address: '2796 Branch St, Sacramento, CA 95815', coordinates: { latitude: 38.618305, longitude: -121.443839 }, squareFootage: 796, bedrooms: 2, bathrooms: 1 };
    expect((await call(valuation.client, valuation.client.Estimate, { subject })).found).toBe(true);
    // Coordinates far from any Sacramento sale: the AVM has no value for them.
    const nowhere = { coordinates: { latitude: 40.7128, longitude: -74.006 }, squareFootage: 900 };
    expect((await call(valuation.client, valuation.client.Estimate, { subject: nowhere })).found).toBe(false);

    const spans = spansNamed('avm.estimate');
    expect(spans.map((s) => [s.attributes['hsa.outcome'], s.attributes['hsa.avm.provider']])).toEqual([
      ['ok', 'open-data'],
      ['ok', 'open-data'],
      ['not_found', 'open-data'],
    ]);
    expect(spans[0]!.attributes['hsa.avm.comparables']).toBeGreaterThan(0);
    expect(spans[0]!.attributes['hsa.avm.confidence']).toEqual(expect.any(Number));
    const points = (await telemetry.points()).filter((p) => p.name === 'hsa.avm.estimate.duration');
    expect(points.map((p) => [p.scope, p.attributes['hsa.outcome'], p.attributes['hsa.avm.provider'], p.value]).sort()).toEqual([
      ['@hsa/service-kit', 'not_found', 'open-data', 1],
      ['@hsa/service-kit', 'ok', 'open-data', 2],
    ]);
  });
});
