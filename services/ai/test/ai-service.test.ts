import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingMessageToApi, propertyToGenerateFacts, recommendationSetToApi, type GenerateRequest } from '@hsa/protos';
import { AppError, call } from '@hsa/service-kit';
import { checkGrounding, groundingFactsOf } from '../src';
import { content, promptFacts, startFakeOpenAi, type FakeOpenAi } from './support/fake-openai';
import { StreamReader } from './support/stream-reader';
import { startTestAiService, type TestAiService } from './support/test-service';
import { capitolAve } from './helpers';

let t: TestAiService;
let reader: StreamReader;

beforeAll(async () => {
  reader = await StreamReader.open(new Date(Date.now() - 1000));
  t = await startTestAiService();
  expect(await t.service.bus.waitUntilConnected(10_000)).toBe(true);
});
afterAll(async () => {
  await t?.stop();
  await reader?.close();
});

const newUser = () => `user-${randomUUID()}`;

function request(propertyId = randomUUID()): GenerateRequest {
  const home = capitolAve();
  return {
    propertyId,
    ...propertyToGenerateFacts({
      ...home.facts,
      coordinates: { latitude: 38.5732, longitude: -121.4768 },
      placeId: null,
    }),
    comparables: { count: 3, medianSalePrice: 245_000, medianPricePerSqft: 162, earliestSaleDate: '2008-05-15', latestSaleDate: '2008-05-21', dataSource: 'Sample' },
    photoRoomTypes: ['kitchen', 'garage', 'unassigned'],
  };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('recommendations', () => {
  it('generates, stores per property and answers them to their owner only; regenerating replaces them', async () => {
    const userId = newUser();
    const req = request();
    const id = req.propertyId!;
    expect((await failure(call(t.client, t.client.GetRecommendations, { propertyId: id }, { userId }))).code).toBe('NOT_FOUND');

    const first = await call(t.client, t.client.GenerateRecommendations, req, { userId });
    expect(first.engine).toBe('embedded');
    expect(first.propertyId).toBe(id);
    const list = recommendationSetToApi(first);
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.find((r) => r.id === 'garage-door-replacement')).toBeDefined(); // the garage photo counts

    const stored = await call(t.client, t.client.GetRecommendations, { propertyId: id }, { userId });
    expect(recommendationSetToApi(stored)).toEqual(list);
    expect(stored.generatedAt).toBe(first.generatedAt);
    // The estimate they were written for is kept with them (a later Refresh Valuation makes them outdated).
    expect(stored.basedOnEstimate).toBe(512_000);
    expect(list.every((r) => r.basedOnEstimate === 512_000)).toBe(true);

    expect((await failure(call(t.client, t.client.GetRecommendations, { propertyId: id }, { userId: newUser() }))).code).toBe('NOT_FOUND');

    const again = await call(t.client, t.client.GenerateRecommendations, req, { userId });
    expect(Date.parse(again.generatedAt)).toBeGreaterThanOrEqual(Date.parse(first.generatedAt));
    const rows = await t.service.database.pool.query('select count(*)::int as n from recommendation_sets where property_id = $1', [id]);
    expect(rows.rows[0].n).toBe(1);

    const events = await reader.waitFor(id, 2);
    expect(events.map((e) => e.subject)).toEqual(['recommendations.generated', 'recommendations.generated']);
    expect(events[0]!.event).toMatchObject({ type: 'recommendations.generated', propertyId: id, userId });
  });

  it("never replaces another user's stored results", async () => {
    const owner = newUser();
    const req = request();
    const mine = await call(t.client, t.client.GenerateRecommendations, req, { userId: owner });
    await call(t.client, t.client.GenerateListing, req, { userId: owner });
    const intruder = newUser();
    expect((await failure(call(t.client, t.client.GenerateRecommendations, req, { userId: intruder }))).code).toBe('NOT_FOUND');
    expect((await failure(call(t.client, t.client.GenerateListing, req, { userId: intruder }))).code).toBe('NOT_FOUND');
    const still = await call(t.client, t.client.GetRecommendations, { propertyId: req.propertyId! }, { userId: owner });
    expect(still.generatedAt).toBe(mine.generatedAt);
    expect((await call(t.client, t.client.GetListing, { propertyId: req.propertyId! }, { userId: owner })).engine).toBe('embedded');
  });

  it('refuses calls without a user, bad ids and missing facts', async () => {
    expect((await failure(call(t.client, t.client.GenerateRecommendations, request(), {}))).code).toBe('UNAUTHENTICATED');
    expect((await failure(call(t.client, t.client.GetRecommendations, { propertyId: 'nope' }, { userId: newUser() }))).code).toBe('NOT_FOUND');
    const noFacts = await failure(call(t.client, t.client.GenerateRecommendations, { propertyId: randomUUID() }, { userId: newUser() }));
    expect(noFacts.code).toBe('INVALID_ARGUMENT');
  });
});

describe('listing', () => {
  it('generates, regenerates in new wording, saves the owner\'s edit, and stays private', async () => {
    const userId = newUser();
    const req = request();
    const id = req.propertyId!;
    expect((await failure(call(t.client, t.client.GetListing, { propertyId: id }, { userId }))).code).toBe('NOT_FOUND');

    const first = listingMessageToApi(await call(t.client, t.client.GenerateListing, req, { userId }));
    expect(first).toMatchObject({ engine: 'embedded', editedAt: null, basedOnEstimate: 512_000 });
    expect(checkGrounding(first.description, groundingFactsOf(capitolAve()))).toEqual([]);
    expect(listingMessageToApi(await call(t.client, t.client.GetListing, { propertyId: id }, { userId }))).toEqual(first);

    const descriptions = new Set([first.description]);
    for (let i = 0; i < 3; i++) {
      const next = listingMessageToApi(await call(t.client, t.client.GenerateListing, req, { userId }));
      expect(descriptions.has(next.description)).toBe(false);
      descriptions.add(next.description);
    }

    const edited = listingMessageToApi(
      await call(t.client, t.client.UpdateListing, { propertyId: id, description: '  My own words about the house.  ' }, { userId }),
    );
    expect(edited.description).toBe('My own words about the house.');
    expect(edited.keySellingPoints).toEqual(first.keySellingPoints);
    expect(edited.editedAt).not.toBeNull();
    expect(listingMessageToApi(await call(t.client, t.client.GetListing, { propertyId: id }, { userId })).description).toBe(
      'My own words about the house.',
    );

    const empty = await failure(call(t.client, t.client.UpdateListing, { propertyId: id, description: '   ' }, { userId }));
    expect(empty).toMatchObject({ code: 'INVALID_ARGUMENT', message: 'Description is required' });
    const intruder = newUser();
    expect((await failure(call(t.client, t.client.UpdateListing, { propertyId: id, description: 'Mine now' }, { userId: intruder }))).code).toBe('NOT_FOUND');
    expect((await failure(call(t.client, t.client.GetListing, { propertyId: id }, { userId: intruder }))).code).toBe('NOT_FOUND');
    expect((await failure(call(t.client, t.client.UpdateListing, { propertyId: randomUUID(), description: 'x' }, { userId }))).code).toBe('NOT_FOUND');

    const events = await reader.waitFor(id, 4);
    expect(events.map((e) => e.subject)).toEqual(Array(4).fill('listing.generated'));
  });

  it('writes no neighborhood narrative without a model (the caller keeps its own text)', async () => {
    const narrative = await call(t.client, t.client.DescribeNeighborhood, { city: 'Sacramento', state: 'CA', zipCode: '95816' }, {});
    expect(narrative.written).toBe(false);
  });
});

describe('with an OpenAI-compatible model configured', () => {
  let fake: FakeOpenAi;
  let withModel: TestAiService;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    withModel = await startTestAiService({
      openAi: { apiKey: 'sk-test', baseUrl: fake.baseUrl, model: 'fake-model', timeoutMs: 2000, maxRetries: 1 },
    });
  });
  afterAll(async () => {
    await withModel?.stop();
    await fake?.close();
  });

  it('stores the model\'s listing, and the embedded one when the model fails', async () => {
    const userId = newUser();
    const req = request();
    fake.respondWith((r) => {
      const home = promptFacts(r).home as Record<string, number>;
      const words = Array(25).fill('Come and see it for yourself today.').join(' ');
      return content({
        description: `A home with ${home.bedrooms} bedrooms and ${home.bathrooms} bathrooms. ${words}`,
        keySellingPoints: [`${home.bedrooms} bedrooms`, `${home.bathrooms} bathrooms`, 'Sacramento, CA'],
      });
    });
    const fromModel = listingMessageToApi(await call(withModel.client, withModel.client.GenerateListing, req, { userId, timeoutMs: 20_000 }));
    expect(fromModel.engine).toBe('openai');
    expect(fromModel.description).toMatch(/^A home with 3 bedrooms and 2\.5 bathrooms\./);
    const model = await call(withModel.client, withModel.client.GetListing, { propertyId: req.propertyId! }, { userId });
    expect(model.model).toBe('fake-model');

    expect(fromModel.sourceNote).toBeNull();

    fake.respondWith(() => ({ kind: 'error', status: 500 }));
    fake.requests.length = 0;
    const fallback = listingMessageToApi(await call(withModel.client, withModel.client.GenerateListing, req, { userId, timeoutMs: 20_000 }));
    expect(fallback.engine).toBe('embedded');
    expect(fallback.description).toContain('2418 Capitol Ave');
    // Asked once (a 5xx may have been billed), and the label says why the built-in writer answered.
    expect(fake.requests).toHaveLength(1);
    const note = "Written by the built-in engine: the AI model's answer could not be used (the model service was unavailable).";
    expect(fallback.sourceNote).toBe(note);
    expect(listingMessageToApi(await call(withModel.client, withModel.client.GetListing, { propertyId: req.propertyId! }, { userId })).sourceNote).toBe(note);
  });

  it("says in each recommendation's source, and in the narrative's answer, that the built-in engine answered for the model", async () => {
    fake.respondWith(() => ({ kind: 'hang' }));
    const set = await call(withModel.client, withModel.client.GenerateRecommendations, request(), { userId: newUser(), timeoutMs: 20_000 });
    expect(set.engine).toBe('embedded');
    const note = "Written by the built-in engine: the AI model's answer could not be used (the model did not answer in time).";
    expect(set.recommendations.length).toBeGreaterThan(0);
    for (const r of set.recommendations) expect(r.source).toMatch(new RegExp(`; adapted to this home\\. ${note.replace(/[().]/g, '\\$&')}$`));

    fake.respondWith(() => ({ kind: 'error', status: 503 }));
    const narrative = await call(withModel.client, withModel.client.DescribeNeighborhood, { city: 'Sacramento', state: 'CA', zipCode: '95816' }, {});
    expect(narrative).toMatchObject({ written: false, note: "Written by the built-in engine: the AI model's answer could not be used (the model service was unavailable)." });
  });
});
