import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { AppError, call, openDatabase, ProviderCache, ProviderHttp, type Database } from '@hsa/service-kit';
import { dropDatabase, testServerUrl, uniqueDatabaseName, testInternalAuthEnv } from '@hsa/service-kit/testing';
import { migrationsFolder } from '../src';
import { providerCache } from '../src/adapters/db/schema';
import { GooglePlacesAddressProvider, googleAutocompleteFieldMask, googleDetailsFieldMask } from '../src/adapters/providers/google-places';
import { RentCastPropertyProvider, rentCastPropertyType } from '../src/adapters/providers/rentcast';
import { FakeProviders, googleKey, highStPlaceId, rentCastKey } from './fake-providers';
import { startTestValuation, testLogger } from './helpers';

let fake: FakeProviders;
let database: Database;
const databaseName = uniqueDatabaseName('val_providers');

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
  await database.db.delete(providerCache);
});

function httpFor(provider: string, label: string, overrides: { timeoutMs?: number; maxAttempts?: number; cache?: boolean; cacheTtlMs?: number } = {}) {
  return new ProviderHttp({
    provider,
    label,
    timeoutMs: overrides.timeoutMs ?? 2000,
    maxAttempts: overrides.maxAttempts ?? 3,
    backoffMs: 5,
    maxBackoffMs: 50,
    cache: overrides.cache === false ? undefined : new ProviderCache(database.db),
    cacheTtlMs: overrides.cacheTtlMs ?? 60_000,
    logger: testLogger(),
  });
}

const google = (overrides: Parameters<typeof httpFor>[2] = {}) =>
  new GooglePlacesAddressProvider(httpFor('google-places', 'Google Places', overrides), { apiKey: googleKey, baseUrl: fake.url });
const rentcast = (overrides: Parameters<typeof httpFor>[2] = {}) =>
  new RentCastPropertyProvider(httpFor('rentcast', 'RentCast', overrides), { apiKey: rentCastKey, baseUrl: fake.url });

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

const highSt = {
  placeId: highStPlaceId,
  address: '3526 High St, Sacramento, CA 95838',
  street: '3526 High St',
  city: 'Sacramento',
  state: 'CA',
  zip: '95838',
  latitude: 38.6319127,
  longitude: -121.4348793,
};

describe('Google Places (New) against its documented wire format', () => {
  it('autocompletes with the key, a field mask and US addresses only', async () => {
    const predictions = await google().autocomplete('3526 high');
    expect(predictions).toEqual([
      { description: '3526 High St, Sacramento, CA', placeId: highStPlaceId },
      { description: '3526 High St, Auburn, CA', placeId: 'ChIJ7xHighStAuburn95603' },
    ]);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/places:autocomplete' });
    expect(request!.headers['x-goog-api-key']).toBe(googleKey);
    expect(request!.headers['x-goog-fieldmask']).toBe(googleAutocompleteFieldMask);
    expect(request!.body).toEqual({ input: '3526 high', includedRegionCodes: ['us'], languageCode: 'en' });
    expect(await google().autocomplete('nothing like it')).toEqual([]);
  });

  it('resolves a place id through Place Details into address parts and a location', async () => {
    expect(await google().resolve('anything', highStPlaceId)).toEqual(highSt);
    const details = fake.requests.find((r) => r.route === 'details')!;
    expect(details.path).toBe(`/v1/places/${highStPlaceId}`);
    expect(details.headers['x-goog-fieldmask']).toBe(googleDetailsFieldMask);
  });

  it('resolves free text through its best prediction, only when the house number agrees', async () => {
    expect(await google().resolve('3526 High Street Sacramento')).toEqual(highSt);
    expect(await google().resolve('9999 High St, Sacramento')).toBeUndefined();
    expect(await google().resolve('nothing like it')).toBeUndefined();
  });

  it('treats an unknown place id (404) as not found', async () => {
    expect(await google().resolve('x', 'ChIJunknown')).toBeUndefined();
  });

  it('reports a refused key clearly, without retrying', async () => {
    const provider = new GooglePlacesAddressProvider(httpFor('google-places', 'Google Places'), { apiKey: 'wrong', baseUrl: fake.url });
    const err = await failure(provider.autocomplete('3526 high'));
    expect(err.code).toBe('UNAVAILABLE');
    expect(err.message).toBe('Google Places refused the request: check its API key (HTTP 403)');
    expect(fake.count('autocomplete')).toBe(1);
  });
});

describe('RentCast against its documented wire format', () => {
  it('looks up facts from /v1/properties and the value from /v1/avm/value', async () => {
    const result = await rentcast().lookup(highSt);
    expect(result?.facts).toEqual({
      address: '3526 High St, Sacramento, CA 95838',
      city: 'Sacramento',
      state: 'CA',
      zip: '95838',
      bedrooms: 2,
      bathrooms: 1,
      livingSqft: 836,
      yearBuilt: 1948,
      lotSqft: 5663,
      propertyType: 'single_family',
      latitude: 38.631913,
      longitude: -121.434879,
      placeId: highStPlaceId,
    });
    expect(result?.value).toMatchObject({ estimate: 268000, low: 241000, high: 295000, confidence: null });
    const properties = fake.requests.find((r) => r.route === 'properties')!;
    expect(properties.query.get('address')).toBe('3526 High St, Sacramento, CA 95838');
    expect(properties.headers['x-api-key']).toBe(rentCastKey);
    const avm = fake.requests.find((r) => r.route === 'avm')!;
    expect(Object.fromEntries(avm.query)).toEqual({
      address: '3526 High St, Sacramento, CA 95838',
      propertyType: 'Single Family',
      bedrooms: '2',
      bathrooms: '1',
      squareFootage: '836',
      compCount: '10',
    });
  });

  it('maps comparables to the spec fields, most similar first', async () => {
    const result = await rentcast().comparables({ address: highSt.address, livingSqft: 836 }, 5);
    const comps = result.comparables;
    expect(comps).toHaveLength(5);
    expect(comps.map((c) => c.id)[0]).toBe('3924-High-St,-Sacramento,-CA-95838');
    expect(comps.map((c) => c.weight)).toEqual([...comps.map((c) => c.weight)].sort((a, b) => b - a));
    expect(comps[0]).toMatchObject({
      address: '3924 High St, Sacramento, CA 95838',
      bedrooms: 2,
      bathrooms: 1,
      livingSqft: 796,
      salePrice: 259000,
      saleDate: '2024-07-18',
      pricePerSqft: 325,
      distanceMiles: 0.48,
      timeAdjustedPrice: 259000,
      adjustedValue: 259000,
      adjustments: [],
      propertyType: 'single_family',
    });
    // Still listed: the last time it was seen.
    expect(comps.find((c) => c.id.startsWith('3104'))?.saleDate).toBe('2024-09-28');
    expect(comps.every((c) => typeof c.marketVariance === 'number')).toBe(true);
    expect(comps.reduce((s, c) => s + c.weight, 0)).toBeCloseTo(1, 3);
  });

  it("reads the home's recorded sales from its property record", async () => {
    expect(await rentcast().saleHistory({ address: highSt.address })).toEqual([{ date: '2008-05-21', price: 59222 }]);
    expect(await rentcast().saleHistory({ address: '1 Nowhere Rd, Springfield, IL 62701' })).toEqual([]);
    expect(await rentcast().saleHistory({ latitude: 38.6, longitude: -121.4 })).toEqual([]);
  });

  it('answers not found on 404', async () => {
    expect(await rentcast().lookup({ ...highSt, address: '1 Nowhere Rd, Springfield, IL 62701' })).toBeUndefined();
    expect(await rentcast().estimate({ address: '1 Nowhere Rd, Springfield, IL 62701' })).toMatchObject({ found: false });
  });

  it('maps its property types', () => {
    expect(rentCastPropertyType('Single Family')).toBe('single_family');
    expect(rentCastPropertyType('Townhouse')).toBe('townhouse');
    expect(rentCastPropertyType('Apartment')).toBe('multi_family');
    expect(rentCastPropertyType('Manufactured')).toBe('other');
  });
});

describe('calls that fail', () => {
  it('retries a 429 with backoff and then succeeds', async () => {
    fake.script('properties', [{ status: 429, body: { status: 429, error: 'rate-limit', message: 'Too many requests' }, headers: { 'retry-after': '0' } }]);
    const result = await rentcast().lookup(highSt);
    expect(result?.facts.livingSqft).toBe(836);
    expect(fake.count('properties')).toBe(2);
  });

  it('gives up after the attempts are exhausted on 5xx, with a clear UNAVAILABLE', async () => {
    fake.script('avm', [{ status: 500 }, { status: 502 }, { status: 503 }, { status: 500 }]);
    const err = await failure(rentcast().estimate({ address: highSt.address }));
    expect(err.code).toBe('UNAVAILABLE');
    expect(err.message).toBe('RentCast is unavailable: server error (HTTP 503) after 3 attempts');
    expect(fake.count('avm')).toBe(3);
  });

  it('times out an attempt that never answers', async () => {
    fake.script('autocomplete', ['hang', 'hang']);
    const started = Date.now();
    const err = await failure(google({ timeoutMs: 200, maxAttempts: 2 }).autocomplete('3526 high'));
    expect(err.code).toBe('UNAVAILABLE');
    expect(err.message).toBe('Google Places is unavailable: no answer within 200 ms after 2 attempts');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(fake.count('autocomplete')).toBe(2);
  });

  it('recovers when a timed-out attempt is followed by an answer', async () => {
    fake.script('autocomplete', ['hang']);
    expect(await google({ timeoutMs: 200 }).autocomplete('3526 high')).toHaveLength(2);
  });

  it('reports malformed bodies: not JSON, or JSON of the wrong shape', async () => {
    fake.script('properties', [{ status: 200, body: '<html>oops</html>' }]);
    const notJson = await failure(rentcast().lookup(highSt));
    expect(notJson.message).toBe('RentCast sent a malformed response (HTTP 200, not JSON)');
    fake.script('avm', [{ status: 200, body: { price: 'a lot' } }]);
    const wrongShape = await failure(rentcast().estimate({ address: highSt.address }));
    expect(wrongShape).toMatchObject({ code: 'UNAVAILABLE', message: 'RentCast sent a malformed response (value estimate)' });
    fake.script('details', [{ status: 200, body: { suggestions: 'no' } }]);
    expect((await failure(google().resolve('x', highStPlaceId))).message).toBe('Google Places sent a malformed response (place details)');
  });

  it('passes a provider error message on when it refuses a request', async () => {
    fake.script('autocomplete', [{ status: 400, body: { error: { code: 400, message: 'Invalid input', status: 'INVALID_ARGUMENT' } } }]);
    expect((await failure(google().autocomplete('3526 high'))).message).toBe('Google Places refused the request (HTTP 400: Invalid input)');
  });
});

describe('the response cache', () => {
  it('answers a repeated call from the database until it expires', async () => {
    await google().resolve('x', highStPlaceId);
    await google().resolve('x', highStPlaceId);
    expect(fake.count('details')).toBe(1);
    const [{ n }] = (await database.db.select({ n: count() }).from(providerCache)) as [{ n: number }];
    expect(n).toBe(1);
    // Not-found answers are cached too; failures are not.
    await google().resolve('x', 'ChIJunknown');
    await google().resolve('x', 'ChIJunknown');
    expect(fake.count('details')).toBe(2);
    fake.script('avm', [{ status: 500 }, { status: 500 }, { status: 500 }]);
    await failure(rentcast().estimate({ address: highSt.address }));
    expect((await rentcast().estimate({ address: highSt.address })).found).toBe(true);
  });

  it('asks again once the cached answer expired', async () => {
    const shortLived = () => google({ cacheTtlMs: 1 });
    await shortLived().autocomplete('3526 high');
    await new Promise((r) => setTimeout(r, 20));
    await shortLived().autocomplete('3526 high');
    expect(fake.count('autocomplete')).toBe(2);
    expect(await new ProviderCache(database.db).prune()).toBeGreaterThanOrEqual(1);
  });

  it('never stores the API key', async () => {
    await rentcast().lookup(highSt);
    const rows = await database.db.select().from(providerCache);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(rentCastKey);
  });
});

describe('the service configured for Google Places and RentCast', () => {
  it('serves autocomplete, lookup, estimate and comparables through the providers', async () => {
    const t = await startTestValuation({
      addressProvider: 'google',
      propertyDataProvider: 'rentcast',
      google: { apiKey: googleKey, baseUrl: fake.url },
      rentcast: { apiKey: rentCastKey, baseUrl: fake.url },
      providerCalls: { backoffMs: 5, maxBackoffMs: 20, timeoutMs: 1000 },
    });
    try {
      expect(t.service.openData).toBeUndefined();
      const auto = await call(t.client, t.client.Autocomplete, { input: '3526 high' });
      expect(auto).toEqual({ predictions: [{ description: '3526 High St, Sacramento, CA', placeId: highStPlaceId }, expect.any(Object)], dataSource: 'Google Places' });
      const found = await call(t.client, t.client.Lookup, { address: '3526 High St, Sacramento, CA', placeId: highStPlaceId });
      expect(found).toMatchObject({
        found: true,
        dataSource: 'RentCast property records and value estimates',
        property: { squareFootage: 836, yearBuilt: 1948, lotSize: 5663, estimatedValue: 268000, placeId: highStPlaceId },
      });
      const estimate = await call(t.client, t.client.Estimate, { subject: { address: highSt.address, squareFootage: 836 } });
      expect(estimate).toMatchObject({ found: true, estimate: 268000, low: 241000, high: 295000 });
      const comps = await call(t.client, t.client.Comparables, { subject: { address: highSt.address }, limit: 3 });
      expect(comps.comparables).toHaveLength(3);
      const missing = await call(t.client, t.client.Lookup, { address: '1 Nowhere Rd, Springfield, IL' });
      expect(missing).toMatchObject({ found: false, message: 'Unable to find authentic property data for this address.' });

      // The kit's gRPC client retries UNAVAILABLE itself (3 calls), each trying the provider 3 times.
      fake.script('autocomplete', Array.from({ length: 9 }, () => ({ status: 503 })));
      const before = fake.count('autocomplete');
      const down = await failure(call(t.client, t.client.Autocomplete, { input: 'a different text' }));
      expect(down.code).toBe('UNAVAILABLE');
      expect(fake.count('autocomplete') - before).toBe(9);
    } finally {
      await t.stop();
    }
  });

  it('refuses to start without the provider keys', async () => {
    const { readValuationConfig } = await import('../src/config');
    const base = { DATABASE_URL: testServerUrl(), ...testInternalAuthEnv() };
    expect(() => readValuationConfig({ ...base, ADDRESS_PROVIDER: 'google' })).toThrow(/GOOGLE_MAPS_API_KEY: required/);
    expect(() => readValuationConfig({ ...base, PROPERTY_DATA_PROVIDER: 'rentcast' })).toThrow(/RENTCAST_API_KEY: required/);
    expect(() => readValuationConfig({ DATABASE_URL: testServerUrl() })).toThrow(/INTERNAL_AUTH_PUBLIC_KEYS: is required/);
    expect(readValuationConfig(base)).toMatchObject({
      grpcHost: '127.0.0.1',
      databaseName: 'hsa_valuation',
      grpcPort: 50052,
      healthPort: 8092,
      addressProvider: 'open-data',
      propertyDataProvider: 'open-data',
    });
  });
});
