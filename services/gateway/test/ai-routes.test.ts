import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aiMessages,
  listingSchema,
  mapLayersSchema,
  mapMessages,
  mapTileSchema,
  neighborhoodInsightsSchema,
  recommendationListSchema,
  recommendationSchema,
  type CreateProperty,
  type Listing,
  type NeighborhoodInsights,
  type Recommendation,
} from '@hsa/contracts';
import { promptFacts } from '../../ai/test/support/fake-openai';
import { startAiTestStack, TEST_USER_HEADER, type AiTestStack } from './support/ai-stack';

let stack: AiTestStack;

beforeAll(async () => {
  stack = await startAiTestStack();
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

async function request(path: string, init: { method?: string; user?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (init.user) headers[TEST_USER_HEADER] = init.user;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${stack.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: (text ? JSON.parse(text) : undefined) as never };
}

const branchSt: CreateProperty = {
  address: '2796 Branch St, Sacramento, CA 95815',
  city: 'Sacramento',
  state: 'CA',
  zipCode: '95815',
  bedrooms: 2,
  bathrooms: 1,
  squareFootage: 796,
  propertyType: 'single_family',
  yearBuilt: 1955,
  estimatedValue: 262_000,
  estimatedValueLow: 236_000,
  estimatedValueHigh: 288_000,
  coordinates: { latitude: 38.618305, longitude: -121.443839 },
};

const newUser = () => `user-${randomUUID()}`;
const create = async (userId: string, overrides: Partial<CreateProperty> = {}) => stack.properties.create(userId, { ...branchSt, ...overrides });

describe('owner only', () => {
  it('answers 401 to anonymous visitors on every call', async () => {
    const id = randomUUID();
    for (const [method, path] of [
      ['GET', 'recommendations'],
      ['POST', 'recommendations'],
      ['GET', 'listing'],
      ['POST', 'listing'],
      ['PATCH', 'listing'],
      ['GET', 'neighborhood'],
    ] as const) {
      const res = await request(`/api/properties/${id}/${path}`, { method, json: method === 'PATCH' ? { description: 'x' } : undefined });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.json).toEqual({ message: 'Unauthorized' });
    }
  });

  it("answers 404 for another user's property, an unknown id and a malformed id", async () => {
    const owner = newUser();
    const property = await create(owner);
    await request(`/api/properties/${property.id}/listing`, { method: 'POST', user: owner });
    const intruder = newUser();
    for (const id of [property.id, randomUUID(), 'not-a-uuid']) {
      for (const [method, path] of [
        ['GET', 'recommendations'],
        ['POST', 'recommendations'],
        ['GET', 'listing'],
        ['POST', 'listing'],
        ['PATCH', 'listing'],
        ['GET', 'neighborhood'],
      ] as const) {
        const res = await request(`/api/properties/${id}/${path}`, { method, user: intruder, json: method === 'PATCH' ? { description: 'Mine' } : undefined });
        expect(res.status, `${method} ${path} ${id}`).toBe(404);
        expect(res.json).toHaveProperty('message');
      }
    }
    // The owner's listing is untouched.
    const own = await request(`/api/properties/${property.id}/listing`, { user: owner });
    expect((own.json as Listing).description).not.toBe('Mine');
  });
});

describe('recommendations', () => {
  it('GET answers an empty list before any are generated; POST generates them; GET answers the stored list', async () => {
    const userId = newUser();
    const property = await create(userId);
    const empty = await request(`/api/properties/${property.id}/recommendations`, { user: userId });
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual([]);

    const generated = await request(`/api/properties/${property.id}/recommendations`, { method: 'POST', user: userId });
    expect(generated.status).toBe(200);
    const list = recommendationListSchema.parse(generated.json);
    expect(list.length).toBeGreaterThanOrEqual(3);
    for (const r of generated.json as Recommendation[]) expect(Object.keys(r).sort()).toEqual(Object.keys(recommendationSchema.shape).sort());
    // Each says the estimate it was written for: the property's, when it was generated.
    expect(list.every((r) => r.basedOnEstimate === 262_000)).toBe(true);
    expect(generated.headers.get('cache-control')).toBe('no-store');

    const stored = await request(`/api/properties/${property.id}/recommendations`, { user: userId });
    expect(stored.json).toEqual(generated.json);
  });
});

describe('listing', () => {
  it('GET is 404 until one exists; POST generates; PATCH saves the edit; GET answers it', async () => {
    const userId = newUser();
    const property = await create(userId, { additionalInfo: 'Hardwood floors throughout.' });
    const none = await request(`/api/properties/${property.id}/listing`, { user: userId });
    expect(none.status).toBe(404);
    expect(none.json).toEqual({ message: 'No listing yet' });

    const generated = await request(`/api/properties/${property.id}/listing`, { method: 'POST', user: userId });
    expect(generated.status).toBe(200);
    const listing = listingSchema.parse(generated.json);
    expect(Object.keys(generated.json).sort()).toEqual(['basedOnEstimate', 'description', 'editedAt', 'engine', 'generatedAt', 'keySellingPoints', 'sourceNote']);
    expect(listing.basedOnEstimate).toBe(262_000);
    // The stack's model is offline: the built-in writer answered, and the listing's source label says why.
    expect(listing).toMatchObject({
      engine: 'embedded',
      editedAt: null,
      sourceNote: "Written by the built-in engine: the AI model's answer could not be used (the model service was unavailable).",
    });
    expect(listing.description).toContain('2796 Branch St');
    expect(listing.keySellingPoints).toContain('Hardwood floors throughout');

    const badEdit = await request(`/api/properties/${property.id}/listing`, { method: 'PATCH', user: userId, json: { description: '  ' } });
    expect(badEdit.status).toBe(400);
    expect(badEdit.json).toMatchObject({ message: aiMessages.descriptionRequired });
    const missingBody = await request(`/api/properties/${property.id}/listing`, { method: 'PATCH', user: userId, json: {} });
    expect(missingBody.status).toBe(400);

    const edited = await request(`/api/properties/${property.id}/listing`, { method: 'PATCH', user: userId, json: { description: 'Charming 1955 cottage.' } });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ description: 'Charming 1955 cottage.', keySellingPoints: listing.keySellingPoints });
    expect((edited.json as Listing).editedAt).not.toBeNull();
    expect(((await request(`/api/properties/${property.id}/listing`, { user: userId })).json as Listing).description).toBe('Charming 1955 cottage.');

    const other = await create(userId);
    const noListing = await request(`/api/properties/${other.id}/listing`, { method: 'PATCH', user: userId, json: { description: 'x' } });
    expect(noListing.status).toBe(404);
  });

  it('passes the true facts to the model: the record, the estimate and a summary of the real comparables', async () => {
    const userId = newUser();
    const property = await create(userId);
    stack.openAi.requests.length = 0;
    const res = await request(`/api/properties/${property.id}/listing`, { method: 'POST', user: userId });
    expect(res.status).toBe(200);
    expect((res.json as Listing).engine).toBe('embedded'); // the fake model answers 500: the embedded engine wrote it
    expect(stack.openAi.requests).toHaveLength(1);
    const facts = promptFacts(stack.openAi.requests[0]!.body);
    expect(facts.home).toMatchObject({ address: branchSt.address, bedrooms: 2, bathrooms: 1, livingAreaSqft: 796, yearBuilt: 1955, estimatedValue: 262_000, estimatedValueRange: [236_000, 288_000] });
    const comparables = facts.comparableSales as { count: number; medianSalePrice: number; dataSource: string };
    expect(comparables.count).toBeGreaterThan(0);
    expect(comparables.medianSalePrice).toBeGreaterThan(0);
    expect(comparables.dataSource).toBe('Sample market data: Sacramento, CA sales, May 2008');
  });
});

describe('neighborhood', () => {
  it('answers the insights of a located property: real places and scores, and no dining score without data', async () => {
    const userId = newUser();
    const property = await create(userId);
    const res = await request(`/api/properties/${property.id}/neighborhood`, { user: userId });
    expect(res.status).toBe(200);
    const insights: NeighborhoodInsights = neighborhoodInsightsSchema.parse(res.json);
    expect(insights.familyFriendly.score).toBeGreaterThan(0);
    expect(insights.familyFriendly.nearbySchools.length).toBeGreaterThan(0);
    expect(insights.walkability.score).toBeGreaterThan(0);
    expect(insights.dining).toMatchObject({ score: null, restaurants: [] });
    expect(insights.area.neighborhood?.name).toBeTruthy();
    expect(insights.sources.map((s) => s.id)).toContain('cde-schools');
    expect(insights.marketStats.salesCount).toBeGreaterThan(0);
    expect(insights.marketContext.description).toMatch(/recorded sales/);
  });

  it("answers 409 with the reason when the property has no coordinates", async () => {
    const userId = newUser();
    const property = await create(userId, { coordinates: null });
    const res = await request(`/api/properties/${property.id}/neighborhood`, { user: userId });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ message: aiMessages.coordinatesRequired });
  });
});

describe('map layers (public data, anonymous)', () => {
  const highStTile = { z: 13, x: 1332, y: 3141 };

  it('answers the layers, the data bounds and the credits, cacheable', async () => {
    const res = await request('/api/map/layers');
    expect(res.status).toBe(200);
    const layers = mapLayersSchema.parse(res.json);
    expect(layers.layers.map((l) => l.id)).toEqual(['neighborhoods', 'tracts', 'transit_lines', 'parks', 'schools', 'transit_stops']);
    const credits = layers.credits.map((c) => c.credit).join(' ');
    for (const credit of ['City of Sacramento', 'US Census Bureau', 'SacRT', 'GreenInfo Network', 'California Department of Education']) {
      expect(credits).toContain(credit);
    }
    expect(layers.notDrawn).toMatch(/Streets are not drawn/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers a tile with only the layers asked for', async () => {
    const all = mapTileSchema.parse((await request(`/api/map/tiles/${highStTile.z}/${highStTile.x}/${highStTile.y}`)).json);
    expect(Object.keys(all.layers).sort()).toEqual(['neighborhoods', 'parks', 'schools', 'tracts', 'transit_lines']);
    const some = await request(`/api/map/tiles/${highStTile.z}/${highStTile.x}/${highStTile.y}?layers=parks,schools`);
    expect(some.status).toBe(200);
    expect(some.headers.get('cache-control')).toBe('public, max-age=86400');
    const tile = mapTileSchema.parse(some.json);
    expect(Object.keys(tile.layers).sort()).toEqual(['parks', 'schools']);
    expect(tile.layers.parks).toEqual(all.layers.parks);
  });

  it('refuses bad tile addresses and unknown layers with 400, and answers an empty tile outside the data', async () => {
    for (const path of ['/api/map/tiles/13/99999/1', '/api/map/tiles/x/1/1', '/api/map/tiles/13/1.5/1', '/api/map/tiles/30/1/1']) {
      const res = await request(path);
      expect(res.status, path).toBe(400);
      expect((res.json as { message: string }).message).toContain(mapMessages.badTile);
    }
    const bad = await request(`/api/map/tiles/13/1332/3141?layers=parks,streets`);
    expect(bad.status).toBe(400);
    expect((bad.json as { message: string }).message).toContain(mapMessages.badLayers);
    const empty = await request('/api/map/tiles/13/0/0');
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({ z: 13, x: 0, y: 0, layers: {} });
  });
});
