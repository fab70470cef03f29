import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { neighborhoodInsightsSchema } from '@hsa/contracts';
import { insightsMessageToApi, loadNeighborhoodProto } from '@hsa/protos';
import { AppError, call, createClient, createLogger, openDatabase, ProviderCache, ProviderHttp, providerCache, type Database } from '@hsa/service-kit';
import { dropDatabase, ProviderReplay, testCallerKey, testClientAuth, testServerUrl, testTrustedCallerKeys, uniqueDatabaseName, type ReplayAnswer, type ReplayRequest } from '@hsa/service-kit/testing';
import { decayMiles, distanceDecay, GooglePlacesNearby, googleNearbyFieldMask, googleNearbyTypes, migrationsFolder, scoreDimension, startNeighborhoodService } from '../src';

/** Google Places API (New) Nearby Search on loopback (documented wire format), behind the real client code. */

const logger = createLogger('neighborhood-google-test', process.env.LOG_LEVEL ?? 'silent');
const dataDir = path.resolve(__dirname, '../../../../shared/data');
const key = 'test-google-key';
const highSt = { latitude: 38.631913, longitude: -121.434879 };
const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures/google', name), 'utf8');

const files: Record<string, string> = {
  primary_school: 'nearby-schools.json',
  park: 'nearby-parks.json',
  grocery_store: 'nearby-grocery.json',
  bus_stop: 'nearby-transit.json',
  restaurant: 'nearby-restaurants.json',
  cafe: 'nearby-cafes.json',
};

type Route = 'nearby';
function answer({ headers, body }: ReplayRequest<Route>): ReplayAnswer {
  if (headers['x-goog-api-key'] !== key) return { status: 403, body: { error: { code: 403, message: 'The provided API key is invalid.', status: 'PERMISSION_DENIED' } } };
  const types = (body as { includedTypes?: string[] }).includedTypes ?? [];
  const file = files[types[0] ?? ''];
  return file ? { status: 200, body: fixture(file) } : { status: 200, body: {} };
}

let replay: ProviderReplay<Route>;
let database: Database;
const databases = [uniqueDatabaseName('nbg_cache')];

beforeAll(async () => {
  replay = await ProviderReplay.start<Route>({ routeOf: (method, p) => (method === 'POST' && p === '/v1/places:searchNearby' ? 'nearby' : 'unknown'), answer });
  database = await openDatabase({ serverUrl: testServerUrl(), name: databases[0]!, migrationsFolder, logger });
});
afterAll(async () => {
  await replay?.close();
  await database?.close();
  for (const name of databases) await dropDatabase(name);
});
afterEach(async () => {
  replay.reset();
  await database.db.delete(providerCache);
});

function google(overrides: { apiKey?: string; maxAttempts?: number } = {}) {
  const http = new ProviderHttp({
    provider: 'google-places-nearby',
    label: 'Google Places',
    timeoutMs: 2000,
    maxAttempts: overrides.maxAttempts ?? 3,
    backoffMs: 5,
    maxBackoffMs: 20,
    cache: new ProviderCache(database.db),
    cacheTtlMs: 60_000,
    logger,
  });
  return new GooglePlacesNearby(http, { apiKey: overrides.apiKey ?? key, baseUrl: replay.url, year: () => '2026' });
}

describe('Google Places API (New) Nearby Search', () => {
  it('asks for each category with the documented request: key, field mask, types, a circle, ranked by distance', async () => {
    await google().around(highSt, decayMiles.zero);
    expect(replay.count('nearby')).toBe(6);
    const bodies = replay.requests.map((r) => r.body as Record<string, unknown>);
    expect(bodies.map((b) => JSON.stringify(b.includedTypes)).sort()).toEqual(Object.values(googleNearbyTypes).map((t) => JSON.stringify(t)).sort());
    for (const r of replay.requests) {
      expect(r.headers['x-goog-api-key']).toBe(key);
      expect(r.headers['x-goog-fieldmask']).toBe(googleNearbyFieldMask);
      expect(r.headers['content-type']).toBe('application/json');
    }
    const parks = bodies.find((b) => (b.includedTypes as string[])[0] === 'park')!;
    expect(parks).toEqual({
      includedTypes: ['park'],
      maxResultCount: 20,
      rankPreference: 'DISTANCE',
      locationRestriction: { circle: { center: highSt, radius: 2414 } },
      languageCode: 'en',
    });
    // Schools are searched farther out so the nearest of each level is known.
    const schools = bodies.find((b) => (b.includedTypes as string[])[0] === 'primary_school')!;
    expect((schools.locationRestriction as { circle: { radius: number } }).circle.radius).toBe(8047);
  });

  it('turns the places into the same categories, with distances and Google as the source, and leaves closed places out', async () => {
    const around = await google().around(highSt, decayMiles.zero);
    expect(around.credits).toEqual([{ id: 'google-places', name: 'Places: Google Places API (New), Nearby Search', year: '2026', credit: 'Google' }]);
    expect(around.places.cafes!.map((c) => c.name)).toEqual(['Café 1 (test fixture)', 'Café 2 (test fixture)']);
    const schools = around.places.schools!;
    expect(schools[0]).toMatchObject({ name: 'Grant Union High', kind: 'school', level: 'Secondary', source: 'Google Places (2026)', bands: ['secondary'] });
    expect(schools.some((s) => s.bands?.includes('elementary') && /Primary/.test(s.level ?? ''))).toBe(true);
    for (const list of Object.values(around.places)) {
      const distances = list!.map((p) => p.distanceMiles);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
    }
    expect(around.places.restaurants!.map((r) => r.subtype)).toContain('pizza_restaurant');
    expect(around.places.restaurants!.every((r) => !/pizza/i.test(r.detail))).toBe(true);
  });

  it('is scored by the same method as the public data, dining included', async () => {
    const around = await google().around(highSt, decayMiles.zero);
    const dining = scoreDimension('dining', around, 'x');
    const weights = [0.75, 0.45, 0.25, 0.25, 0.225, 0.225, 0.225, 0.225, 0.2, 0.2];
    const restaurants = around.places.restaurants!.slice(0, 10).reduce((sum, r, i) => sum + weights[i]! * distanceDecay(r.distanceMiles), 0);
    const cafes = around.places.cafes!.slice(0, 2).reduce((sum, c, i) => sum + [1.25, 0.75][i]! * distanceDecay(c.distanceMiles), 0);
    expect(dining.maxPoints).toBe(5);
    expect(Math.abs(dining.score! - (10 * (restaurants + cafes)) / 5)).toBeLessThanOrEqual(0.051);
    expect(dining.score).toBeGreaterThan(0);
    expect(scoreDimension('walkability', around, 'x').categories.every((c) => c.included)).toBe(true);
  });

  it('caches answers: the same home asks Google once', async () => {
    const g = google();
    const first = await g.around(highSt, decayMiles.zero);
    const again = await g.around(highSt, decayMiles.zero);
    expect(replay.count('nearby')).toBe(6);
    expect(again).toEqual(first);
  });

  it('retries a 500, and reports a refused key or a malformed answer as unavailable with the reason', async () => {
    replay.script('nearby', [{ status: 500, body: { error: { code: 500, message: 'Internal error', status: 'INTERNAL' } } }]);
    await google().around(highSt, decayMiles.zero);
    expect(replay.count('nearby')).toBe(7);

    await database.db.delete(providerCache);
    const refused = await google({ apiKey: 'wrong' }).around(highSt, decayMiles.zero).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'UNAVAILABLE', message: 'Google Places is unavailable: it refused the request (HTTP 403: The provided API key is invalid.)' });

    await database.db.delete(providerCache);
    replay.script('nearby', [{ status: 200, body: { places: [{ id: 'x', location: 'nowhere' }] } }]);
    const malformed = await google().around(highSt, decayMiles.zero).catch((e: unknown) => e);
    expect(malformed).toMatchObject({ code: 'UNAVAILABLE', message: 'Google Places sent a malformed response (nearby search places)' });
  });
});

describe('the service with NEIGHBORHOOD_PLACES_PROVIDER=google', () => {
  it('answers insights with places from Google, a dining score, and the areas from the public data', async () => {
    const name = uniqueDatabaseName('nbg_svc');
    databases.push(name);
    const service = await startNeighborhoodService(
      {
        databaseUrl: testServerUrl(),
        databaseName: name,
        grpcHost: '127.0.0.1',
        trustedCallerKeys: testTrustedCallerKeys(),
        callerKey: testCallerKey('neighborhood'),
        grpcPort: 0,
        valuationAddress: '127.0.0.1:1',
        cacheTtlMs: 3_600_000,
        valuationTimeoutMs: 300,
        aiTimeoutMs: 1000,
        dataDir: path.join(dataDir, 'neighborhood'),
        placesProvider: 'google',
        google: { apiKey: key, baseUrl: replay.url },
        providerCalls: { backoffMs: 5, maxBackoffMs: 20 },
      },
      { logger },
    );
    const client = createClient(loadNeighborhoodProto().NeighborhoodService, service.grpcAddress, testClientAuth('neighborhood'));
    try {
      const request = { coordinates: highSt, address: '3526 High St, Sacramento, CA 95838', city: 'Sacramento', state: 'CA', zipCode: '95838', propertyType: 'single_family' };
      const insights = neighborhoodInsightsSchema.parse(insightsMessageToApi(await call(client, client.GetInsights, request, { userId: 'u', timeoutMs: 20_000 })));
      expect(insights.dining.score).toBeGreaterThan(0);
      expect(insights.dining.restaurants[0]).toMatchObject({ kind: 'restaurant', source: expect.stringMatching(/^Google Places \(\d{4}\)$/) });
      expect(insights.dining.diversity).toBe('2 kinds of restaurant among the 8 nearby');
      expect(insights.familyFriendly.score).not.toBeNull();
      expect(insights.walkability.score).not.toBeNull();
      expect(insights.sources.map((s) => s.id)).toEqual(['google-places', 'sacramento-neighborhoods', 'census-2000-tracts']);
      expect(insights.area.neighborhood?.name).toBeTruthy();
    } finally {
      client.close();
      await service.close();
    }
  });
});
