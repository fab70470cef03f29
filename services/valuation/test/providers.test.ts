import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { AppError, call, openDatabase, ProviderCache, ProviderHttp, type Database, type Logger } from '@hsa/service-kit';
import { captureLogger, dropDatabase, testServerUrl, uniqueDatabaseName, testInternalAuthEnv } from '@hsa/service-kit/testing';
import { migrationsFolder } from '../src';
import { providerCache } from '../src/adapters/db/schema';
import {
  GooglePlacesAddressProvider,
  googleAutocompleteFieldMask,
  googleConfigurationHint,
  googleDetailsFieldMask,
} from '../src/adapters/providers/google-places';
import { RentCastPropertyProvider, rentCastAuthHint, rentCastNotes, rentCastPropertyType } from '../src/adapters/providers/rentcast';
import { FakeProviders, fixture, googleKey, highStPlaceId, rentCastKey } from './fake-providers';
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

interface HttpOverrides {
  timeoutMs?: number;
  maxAttempts?: number;
  cache?: boolean;
  cacheTtlMs?: number;
  logger?: Logger;
}

function httpFor(provider: string, label: string, authHint: string, overrides: HttpOverrides = {}) {
  return new ProviderHttp({
    provider,
    label,
    authHint,
    timeoutMs: overrides.timeoutMs ?? 2000,
    maxAttempts: overrides.maxAttempts ?? 3,
    backoffMs: 5,
    maxBackoffMs: 50,
    cache: overrides.cache === false ? undefined : new ProviderCache(database.db),
    cacheTtlMs: overrides.cacheTtlMs ?? 60_000,
    logger: overrides.logger ?? testLogger(),
  });
}

const google = (overrides: HttpOverrides = {}, apiKey = googleKey) =>
  new GooglePlacesAddressProvider(httpFor('google-places', 'Google Places', googleConfigurationHint, overrides), { apiKey, baseUrl: fake.url });
const rentcast = (overrides: HttpOverrides = {}, apiKey = rentCastKey) =>
  new RentCastPropertyProvider(httpFor('rentcast', 'RentCast', rentCastAuthHint, overrides), { apiKey, baseUrl: fake.url });

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

/** The facts a lookup saved on the property (what the gateway sends for a saved home). */
const savedHighSt = {
  address: '3526 High St, Sacramento, CA 95838',
  city: 'Sacramento',
  state: 'CA',
  zip: '95838',
  latitude: 38.631913,
  longitude: -121.434879,
  bedrooms: 2,
  bathrooms: 1,
  livingSqft: 836,
  yearBuilt: 1948,
  lotSqft: 5663,
  propertyType: 'single_family' as const,
};

const sessionA = '3f1c9a3e-5b7d-4c1e-9f60-2a8d4b6c0e11';
const sessionB = '0b9e2f44-7c1a-4d39-8e25-6f3a1c7d9b02';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The error lines of a captured log. */
const errors = (lines: Record<string, unknown>[]) => lines.filter((l) => l.level === 'error' || l.level === 50);

describe('Google Places (New) against its documented wire format', () => {
  it('autocompletes with the key, a field mask, US addresses only and the session token', async () => {
    const predictions = await google().autocomplete('3526 high', sessionA);
    expect(predictions).toEqual([
      { description: '3526 High St, Sacramento, CA', placeId: highStPlaceId },
      { description: '3526 High St, Auburn, CA', placeId: 'ChIJ7xHighStAuburn95603' },
    ]);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/places:autocomplete' });
    expect(request!.headers['x-goog-api-key']).toBe(googleKey);
    expect(request!.headers['x-goog-fieldmask']).toBe(googleAutocompleteFieldMask);
    expect(request!.body).toEqual({ input: '3526 high', includedRegionCodes: ['us'], languageCode: 'en', sessionToken: sessionA });
    expect(await google().autocomplete('nothing like it')).toEqual([]);
  });

  it('resolves a place id through Place Details into address parts and a location, ending the session', async () => {
    expect(await google().resolve('anything', highStPlaceId, sessionA)).toEqual(highSt);
    const details = fake.requests.find((r) => r.route === 'details')!;
    expect(details.path).toBe(`/v1/places/${highStPlaceId}`);
    expect(details.query.get('sessionToken')).toBe(sessionA);
    expect(details.headers['x-goog-fieldmask']).toBe(googleDetailsFieldMask);
  });

  it('costs one Details per session: keystrokes of a session are predictions, its lookup ends it', async () => {
    const provider = google();
    for (const text of ['352', '3526', '3526 hig', '3526 high']) await provider.autocomplete(text, sessionA);
    await provider.resolve('3526 High St, Sacramento, CA', highStPlaceId, sessionA);
    expect(fake.count('autocomplete')).toBe(4);
    expect(fake.count('details')).toBe(1);
    expect(fake.requests.every((r) => (r.route === 'details' ? r.query.get('sessionToken') : (r.body as { sessionToken?: string }).sessionToken) === sessionA)).toBe(true);

    // Another session typing the same text is answered from the cache; its lookup still reaches Google, with its own
    // token (a Details from the cache would leave the session's predictions billed one by one).
    await provider.autocomplete('3526 high', sessionB);
    await provider.resolve('3526 High St, Sacramento, CA', highStPlaceId, sessionB);
    expect(fake.count('autocomplete')).toBe(4);
    expect(fake.count('details')).toBe(2);
    expect(fake.requests.at(-1)!.query.get('sessionToken')).toBe(sessionB);

    // Without a session (a saved home located again) the place comes from the cache.
    await provider.resolve('', highStPlaceId);
    expect(fake.count('details')).toBe(2);
  });

  it('resolves typed text in the session it was typed in: one call when its prediction was already asked', async () => {
    const provider = google();
    await provider.autocomplete('3526 High Street Sacramento', sessionA);
    fake.reset();
    expect(await provider.resolve('3526 High Street Sacramento', undefined, sessionA)).toEqual(highSt);
    expect(fake.requests.map((r) => [r.route, r.query.get('sessionToken')])).toEqual([['details', sessionA]]);
  });

  it('resolves typed text without a session in a session of its own: the prediction and its details are billed as one', async () => {
    expect(await google().resolve('3526 High Street Sacramento')).toEqual(highSt);
    const [auto, details] = fake.requests;
    expect(fake.requests.map((r) => r.route)).toEqual(['autocomplete', 'details']);
    const token = (auto!.body as { sessionToken?: string }).sessionToken;
    expect(token).toMatch(uuid);
    expect(details!.query.get('sessionToken')).toBe(token);
    // Only the house the text names.
    expect(await google().resolve('9999 High St, Sacramento')).toBeUndefined();
    expect(await google().resolve('nothing like it')).toBeUndefined();
  });

  it('treats an unknown place id (404) and a place id Google calls invalid (400 naming it) as not found', async () => {
    expect(await google().resolve('x', 'ChIJunknown')).toBeUndefined();
    fake.script('details', [{ status: 400, body: fixture('google/error-invalid-place-id.json') }]);
    expect(await google().resolve('x', 'ChIJnotaplace')).toBeUndefined();
  });

  it('reports a key Google refuses (400 API_KEY_INVALID) as a loud configuration error, never as "not found", without retrying', async () => {
    const { logger, lines } = captureLogger('valuation-test');
    const err = await failure(google({ logger }, 'wrong-key').resolve('x', highStPlaceId, sessionA));
    expect(err.code).toBe('UNAVAILABLE');
    expect(err.retryable).toBe(false);
    expect(err.message).toBe('Google Places is unavailable: it refused the request (HTTP 400: API key not valid. Please pass a valid API key.)');
    expect(fake.count('details')).toBe(1);
    expect(errors(lines)).toEqual([
      expect.objectContaining({ provider: 'google-places', status: 400, reason: 'API_KEY_INVALID', hint: googleConfigurationHint }),
    ]);
    // The same for autocomplete.
    await failure(google({ logger }, 'wrong-key').autocomplete('3526 high'));
    expect(fake.count('autocomplete')).toBe(1);
  });

  it('reports 403 PERMISSION_DENIED (API not enabled, key restrictions) loudly with its reason', async () => {
    const { logger, lines } = captureLogger('valuation-test');
    fake.script('autocomplete', [{ status: 403, body: fixture('google/error-permission-denied.json') }]);
    const err = await failure(google({ logger }).autocomplete('3526 high'));
    expect(err).toMatchObject({ code: 'UNAVAILABLE', retryable: false });
    expect(err.message).toContain('HTTP 403: Places API (New) has not been used in project');
    expect(errors(lines)).toEqual([expect.objectContaining({ status: 403, reason: 'SERVICE_DISABLED' })]);
    expect(fake.count('autocomplete')).toBe(1);
  });

  it('retries a 429 RESOURCE_EXHAUSTED and then answers', async () => {
    fake.script('autocomplete', [{ status: 429, body: fixture('google/error-resource-exhausted.json') }]);
    expect(await google().autocomplete('3526 high')).toHaveLength(2);
    expect(fake.count('autocomplete')).toBe(2);
  });
});

describe('RentCast against its documented wire format', () => {
  it('looks a home up with one call: the value estimate, whose subject property holds the facts', async () => {
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
    expect(fake.requests.map((r) => r.route)).toEqual(['avm']);
    const [avm] = fake.requests;
    expect(avm!.headers['x-api-key']).toBe(rentCastKey);
    expect(Object.fromEntries(avm!.query)).toEqual({ address: '3526 High St, Sacramento, CA 95838', compCount: '15' });
  });

  it('answers the estimate and comparables of the looked-up home from that one call while the cache holds it', async () => {
    const provider = rentcast();
    await provider.lookup(highSt);
    expect((await provider.estimate(savedHighSt)).found).toBe(true);
    expect((await provider.nearbySales(savedHighSt, 10)).sales).toHaveLength(5);
    // The saved street line with its city, state and ZIP is the same home.
    await provider.estimate({ ...savedHighSt, address: '3526 High St', zip: '95838' });
    expect(fake.count('avm')).toBe(1);

    // Facts the owner corrected are sent, in a call of their own (then cached too).
    const corrected = { ...savedHighSt, livingSqft: 900, bedrooms: 3 };
    await provider.estimate(corrected);
    await provider.nearbySales(corrected, 5);
    expect(fake.count('avm')).toBe(2);
    expect(Object.fromEntries(fake.requests.at(-1)!.query)).toEqual({
      address: '3526 High St, Sacramento, CA 95838',
      propertyType: 'Single Family',
      bedrooms: '3',
      bathrooms: '1',
      squareFootage: '900',
      compCount: '15',
    });
  });

  it('labels its comparables as listings: list price and listing date, most similar first', async () => {
    const result = await rentcast().nearbySales({ address: highSt.address, livingSqft: 836 }, 5);
    const comps = result.sales;
    expect(comps).toHaveLength(5);
    expect(comps.every((c) => c.priceKind === 'listing')).toBe(true);
    expect(result.notes).toEqual([rentCastNotes.listings]);
    expect(comps[0]).toMatchObject({
      id: '3924-High-St,-Sacramento,-CA-95838',
      address: '3924 High St, Sacramento, CA 95838',
      bedrooms: 2,
      bathrooms: 1,
      livingSqft: 796,
      salePrice: 259000,
      saleDate: '2024-06-02',
      pricePerSqft: 325,
      distanceMiles: 0.48,
      timeAdjustedPrice: 259000,
      adjustedValue: 259000,
      adjustments: [],
      propertyType: 'single_family',
    });
    expect(comps.map((c) => c.weight)).toEqual([...comps.map((c) => c.weight)].sort((a, b) => b - a));
    // Still listed: its listing date all the same.
    expect(comps.find((c) => c.id.startsWith('3104'))?.saleDate).toBe('2024-08-09');
    expect(comps.every((c) => typeof c.marketVariance === 'number')).toBe(true);
    expect(comps.reduce((s, c) => s + c.weight, 0)).toBeCloseTo(1, 3);
    // Absent lot size and year built are unknown, not zero.
    expect(comps.find((c) => c.id.startsWith('3712'))).toMatchObject({ lotSqft: null, yearBuilt: null });
  });

  it('treats absent fields as absent: no range is answered without one, unusable comparables are left out and said so', async () => {
    fake.script('avm', [{ status: 200, body: fixture('rentcast/avm-value-absent-fields.json') }]);
    const result = await rentcast().lookup(highSt);
    expect(result?.facts).toMatchObject({ bedrooms: 2, bathrooms: 1, livingSqft: null, yearBuilt: null, lotSqft: null, propertyType: 'single_family' });
    const value = result!.value!;
    expect(value).toMatchObject({ estimate: 268000, low: null, high: null });
    expect(value.notes).toEqual([rentCastNotes.listings, rentCastNotes.leftOut(2), rentCastNotes.noRange]);
    expect(value.comparables.map((c) => [c.id, c.address, c.saleDate, c.livingSqft])).toEqual([
      ['3924-High-St,-Sacramento,-CA-95838', '3924 High St, Sacramento, CA 95838', '2024-06-02', 796],
      // No id: named by its address.
      ['3104 Clay St, Sacramento, CA 95815', '3104 Clay St, Sacramento, CA 95815', '2024-08-09', 832],
      // No listing date, no size: unknown.
      ['3712-Rio-Linda-Blvd,-Sacramento,-CA-95838', '3712 Rio Linda Blvd, Sacramento, CA 95838', '', null],
    ]);
    expect(value.comparables[2]).toMatchObject({ pricePerSqft: null, marketVariance: null, weight: 0 });
  });

  it('finds the facts of a home RentCast cannot value, with no value', async () => {
    fake.script('avm', [{ status: 200, body: fixture('rentcast/avm-value-subject-only.json') }]);
    const provider = rentcast();
    const result = await provider.lookup(highSt);
    expect(result).toMatchObject({ facts: { livingSqft: 836, yearBuilt: 1948 }, value: null });
    expect(await provider.estimate(savedHighSt)).toMatchObject({ found: false });
    expect(fake.count('avm')).toBe(1);
  });

  it("reads the home's recorded sales from its property record", async () => {
    expect(await rentcast().saleHistory({ address: highSt.address })).toEqual([{ date: '2008-05-21', price: 59222 }]);
    expect(await rentcast().saleHistory({ address: '1 Nowhere Rd, Springfield, IL 62701' })).toEqual([]);
    expect(await rentcast().saleHistory({ latitude: 38.6, longitude: -121.4 })).toEqual([]);
  });

  it('answers not found on 404 (no data for the address)', async () => {
    expect(await rentcast().lookup({ ...highSt, address: '1 Nowhere Rd, Springfield, IL 62701' })).toBeUndefined();
    expect(await rentcast().estimate({ address: '1 Nowhere Rd, Springfield, IL 62701' })).toMatchObject({ found: false });
  });

  it('reports 400 (rejected parameters) as a loud configuration error, never as "not found"', async () => {
    const { logger, lines } = captureLogger('valuation-test');
    fake.script('avm', [{ status: 400, body: fixture('rentcast/error-bad-request.json') }]);
    const err = await failure(rentcast({ logger }).lookup(highSt));
    expect(err).toMatchObject({ code: 'UNAVAILABLE', retryable: false });
    expect(err.message).toBe('RentCast is unavailable: it refused the request (HTTP 400: Invalid value for parameter compCount: must be between 5 and 25)');
    expect(errors(lines)).toEqual([expect.objectContaining({ provider: 'rentcast', status: 400, reason: 'request/invalid-parameters' })]);
    expect(fake.count('avm')).toBe(1);
  });

  it('reports 401 as a configuration error whose log says it may be the key, the subscription or billing', async () => {
    const { logger, lines } = captureLogger('valuation-test');
    const err = await failure(rentcast({ logger }, 'wrong-key').lookup(highSt));
    expect(err).toMatchObject({ code: 'UNAVAILABLE', retryable: false });
    expect(err.message).toBe('RentCast is unavailable: it refused the request (HTTP 401: Invalid or missing API key, or your API subscription is inactive)');
    const [line] = errors(lines);
    expect(line).toMatchObject({ provider: 'rentcast', status: 401, hint: rentCastAuthHint });
    expect(String(line!.msg)).toMatch(/billing/);
    expect(fake.count('avm')).toBe(1);
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
    fake.script('avm', [{ status: 429, body: fixture('rentcast/error-rate-limit.json'), headers: { 'retry-after': '0' } }]);
    const result = await rentcast().lookup(highSt);
    expect(result?.facts.livingSqft).toBe(836);
    expect(fake.count('avm')).toBe(2);
  });

  it('gives up after the attempts are exhausted on 5xx, with a clear UNAVAILABLE the caller must not retry', async () => {
    fake.script('avm', [{ status: 500 }, { status: 502 }, { status: 503 }, { status: 500 }]);
    const err = await failure(rentcast().estimate({ address: highSt.address }));
    expect(err).toMatchObject({ code: 'UNAVAILABLE', retryable: false });
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

  it('reports malformed bodies (not JSON, or JSON of the wrong shape) and never caches them', async () => {
    fake.script('avm', [{ status: 200, body: '<html>oops</html>' }]);
    const notJson = await failure(rentcast().lookup(highSt));
    expect(notJson.message).toBe('RentCast sent a malformed response (HTTP 200, not JSON)');
    fake.script('avm', [{ status: 200, body: { price: 'a lot' } }]);
    const wrongShape = await failure(rentcast().estimate({ address: highSt.address }));
    expect(wrongShape).toMatchObject({ code: 'UNAVAILABLE', message: 'RentCast sent a malformed response (value estimate)' });
    fake.script('details', [{ status: 200, body: { suggestions: 'no' } }]);
    expect((await failure(google().resolve('x', highStPlaceId))).message).toBe('Google Places sent a malformed response (place details)');
    // The next call asks again and gets a good answer.
    expect((await rentcast().estimate({ address: highSt.address })).found).toBe(true);
    expect(await google().resolve('x', highStPlaceId)).toEqual(highSt);
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

  it('never stores the API key or a session token', async () => {
    await rentcast().lookup(highSt);
    await google().autocomplete('3526 high', sessionA);
    await google().resolve('x', highStPlaceId, sessionA);
    const rows = await database.db.select().from(providerCache);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(rentCastKey);
    expect(JSON.stringify(rows)).not.toContain(googleKey);
    expect(JSON.stringify(rows)).not.toContain(sessionA);
  });
});

describe('the service configured for Google Places and RentCast', () => {
  it('costs one call per provider per lookup, and nothing more for the home while the cache holds its answers', async () => {
    const t = await startTestValuation({
      addressProvider: 'google',
      propertyDataProvider: 'rentcast',
      google: { apiKey: googleKey, baseUrl: fake.url },
      rentcast: { apiKey: rentCastKey, baseUrl: fake.url },
      providerCalls: { backoffMs: 5, maxBackoffMs: 20, timeoutMs: 1000 },
    });
    try {
      expect(t.service.openData).toBeUndefined();
      // A session: three keystrokes, then the chosen suggestion.
      for (const input of ['352', '3526 h', '3526 high']) await call(t.client, t.client.Autocomplete, { input, sessionToken: sessionA });
      const auto = await call(t.client, t.client.Autocomplete, { input: '3526 high', sessionToken: sessionA });
      expect(auto).toEqual({ predictions: [{ description: '3526 High St, Sacramento, CA', placeId: highStPlaceId }, expect.any(Object)], dataSource: 'Google Places' });
      const found = await call(t.client, t.client.Lookup, { address: '3526 High St, Sacramento, CA', placeId: highStPlaceId, sessionToken: sessionA });
      expect(found).toMatchObject({
        found: true,
        dataSource: 'RentCast property records and value estimates',
        property: { squareFootage: 836, yearBuilt: 1948, lotSize: 5663, placeId: highStPlaceId },
        valuation: { estimate: 268000, low: 241000 },
      });
      // The lookup's comparables are the ones RentCast's estimate used (its listings).
      expect(found.valuation!.comparables).toHaveLength(5);
      expect(fake.count('autocomplete')).toBe(3);
      expect(fake.count('details')).toBe(1);
      expect(fake.requests.find((r) => r.route === 'details')!.query.get('sessionToken')).toBe(sessionA);
      expect(fake.count('avm')).toBe(1);
      expect(fake.count('properties')).toBe(0);

      // The saved home's estimate and comparables: no further provider call.
      const subject = {
        address: '3526 High St, Sacramento, CA 95838',
        city: 'Sacramento',
        state: 'CA',
        zipCode: '95838',
        coordinates: { latitude: 38.631913, longitude: -121.434879 },
        squareFootage: 836,
        bedrooms: 2,
        bathrooms: 1,
        propertyType: 'single_family',
        placeId: highStPlaceId,
      };
      const estimate = await call(t.client, t.client.Estimate, { subject });
      expect(estimate).toMatchObject({ found: true, valuation: { estimate: 268000, low: 241000, high: 295000 } });
      expect(estimate.valuation!.comparables.map((c) => c.id)).toEqual(found.valuation!.comparables.map((c) => c.id));
      const nearby = await call(t.client, t.client.NearbySales, { subject, limit: 3 });
      expect(nearby.sales).toHaveLength(3);
      expect(nearby.sales.every((c) => c.priceKind === 'listing')).toBe(true);
      // The demo's comparables, asked by address alone: RentCast finds the home by its address (no Google call).
      const demo = await call(t.client, t.client.Estimate, { subject: { address: '3526 High St, Sacramento, CA 95838' } });
      expect(demo.valuation!.comparables).toHaveLength(5);
      expect(fake.requests).toHaveLength(5);

      const missing = await call(t.client, t.client.Lookup, { address: '1 Nowhere Rd, Springfield, IL' });
      expect(missing).toMatchObject({ found: false, message: 'Unable to find authentic property data for this address.' });

      // A provider outage: the provider call is retried here, and the gRPC client is told not to retry it again.
      fake.script('autocomplete', Array.from({ length: 9 }, () => ({ status: 503 })));
      const before = fake.count('autocomplete');
      const down = await failure(call(t.client, t.client.Autocomplete, { input: 'a different text' }));
      expect(down.code).toBe('UNAVAILABLE');
      expect(fake.count('autocomplete') - before).toBe(3);

      // A refused key: one call, not retried anywhere.
      fake.script('avm', [{ status: 401, body: fixture('rentcast/error-unauthorized.json') }]);
      const refusedKey = await failure(call(t.client, t.client.Estimate, { subject: { ...subject, address: '3526 High St, Sacramento, CA 95838, USA', squareFootage: 837 } }));
      expect(refusedKey.code).toBe('UNAVAILABLE');
      expect(fake.count('avm')).toBe(2);

      // A malformed session token is bad input.
      const bad = await failure(call(t.client, t.client.Autocomplete, { input: '3526 high', sessionToken: 'not a token!' }));
      expect(bad.code).toBe('INVALID_ARGUMENT');
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
