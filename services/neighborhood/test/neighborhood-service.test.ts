import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiMessages, type NeighborhoodInsights } from '@hsa/contracts';
import { insightsMessageToApi, loadNeighborhoodProto, loadValuationProto, type NeighborhoodServiceClient } from '@hsa/protos';
import { startAiService, type RunningAiService } from '@hsa/ai';
import { AppError, call, createClient, createLogger } from '@hsa/service-kit';
import { dropDatabase, testServerUrl, uniqueDatabaseName } from '@hsa/service-kit/testing';
import { startValuationService, type RunningValuationService } from '@hsa/valuation';
import { marketUnavailableNote, median, noData, startNeighborhoodService, type RunningNeighborhoodService } from '../src';
import { content, startFakeOpenAi, type FakeOpenAi } from '../../ai/test/support/fake-openai';

const logger = createLogger('neighborhood-test', process.env.LOG_LEVEL ?? 'silent');
const dataDir = path.resolve(__dirname, '../../../../shared/data');
const databases: string[] = [];
let valuation: RunningValuationService;

const branchSt = {
  coordinates: { latitude: 38.618305, longitude: -121.443839 },
  address: '2796 Branch St, Sacramento, CA 95815',
  city: 'Sacramento',
  state: 'CA',
  zipCode: '95815',
  squareFootage: 796,
  bedrooms: 2,
  bathrooms: 1,
  propertyType: 'single_family',
  estimatedValue: 250_000,
};

async function neighborhood(overrides: { valuationAddress?: string; aiAddress?: string } = {}) {
  const databaseName = uniqueDatabaseName('nbh');
  databases.push(databaseName);
  const service = await startNeighborhoodService(
    {
      databaseUrl: testServerUrl(),
      databaseName,
      grpcHost: '127.0.0.1',
      grpcPort: 0,
      healthPort: 0,
      valuationAddress: overrides.valuationAddress ?? valuation.grpcAddress,
      aiAddress: overrides.aiAddress,
      cacheTtlMs: 3_600_000,
      valuationTimeoutMs: 20_000,
      aiTimeoutMs: 20_000,
    },
    { logger },
  );
  const client: NeighborhoodServiceClient = createClient(loadNeighborhoodProto().NeighborhoodService, service.grpcAddress);
  const get = async (request: object) => insightsMessageToApi(await call(client, client.GetInsights, request, { userId: 'user-1', timeoutMs: 30_000 }));
  return { service, client, get, stop: async () => (client.close(), await service.close()) };
}

beforeAll(async () => {
  const databaseName = uniqueDatabaseName('nbh_val');
  databases.push(databaseName);
  valuation = await startValuationService(
    {
      databaseUrl: testServerUrl(),
      databaseName,
      grpcHost: '127.0.0.1',
      grpcPort: 0,
      salesCsv: path.join(dataDir, 'sacramento-sales.csv'),
      hpiDir: dataDir,
      addressProvider: 'open-data',
      propertyDataProvider: 'open-data',
    },
    { logger },
  );
}, 120_000);

afterAll(async () => {
  await valuation?.close();
  for (const name of databases) await dropDatabase(name);
});

function expectNoInventedPlaces(insights: NeighborhoodInsights) {
  expect(insights.familyFriendly.score).toBeNull();
  expect(insights.walkability.score).toBeNull();
  expect(insights.dining.score).toBeNull();
  expect(insights.familyFriendly.nearbySchools).toEqual([]);
  expect(insights.familyFriendly.parks).toEqual([]);
  expect(insights.walkability.nearbyAmenities).toEqual([]);
  expect(insights.dining.restaurants).toEqual([]);
}

describe('neighborhood insights from the real sales data', () => {
  let n: Awaited<ReturnType<typeof neighborhood>>;
  beforeAll(async () => {
    n = await neighborhood();
  });
  afterAll(() => n?.stop());

  it('computes the market context from nearby recorded sales and says plainly what has no data', async () => {
    const insights = await n.get(branchSt);
    expectNoInventedPlaces(insights);
    expect(insights.familyFriendly.description).toBe(noData.familyFriendly);
    expect(insights.narrativeEngine).toBe('embedded');

    // The same figures, computed here from the valuation service's own answer.
    const vc = createClient(loadValuationProto().ValuationService, valuation.grpcAddress);
    const comps = await call(vc, vc.comparables, { subject: { ...branchSt }, limit: 25 }, { timeoutMs: 20_000 });
    vc.close();
    const sales = comps.comparables;
    expect(sales.length).toBeGreaterThan(5);
    const stats = insights.marketStats;
    expect(stats.salesCount).toBe(sales.length);
    expect(stats.medianSalePrice).toBe(Math.round(median(sales.map((s) => s.saleAmount))!));
    expect(stats.medianTimeAdjustedPrice).toBe(Math.round(median(sales.map((s) => s.timeAdjustedPrice))!));
    const factor = median(sales.map((s) => s.timeAdjustedPrice / s.saleAmount))!;
    expect(stats.priceIndexChangePercent).toBe(Math.round((factor - 1) * 1000) / 10);
    expect(stats.priceIndexChangePercent!).toBeGreaterThan(0); // 2008 sales brought to today's level
    expect(stats.priceIndexName).toMatch(/HPI|index/i);
    expect(stats.earliestSaleDate! >= '2008-05-15' && stats.latestSaleDate! <= '2008-05-21').toBe(true);
    expect(stats.dataSource).toBe('Sample market data: Sacramento, CA sales, May 2008');
    expect(insights.marketContext.description).toContain(`${sales.length} recorded sales of similar homes`);
    expect(insights.marketContext.description).toContain(`$${stats.medianSalePrice!.toLocaleString('en-US')}`);
    expect(insights.marketContext.valueDrivers.length).toBeGreaterThanOrEqual(3);
    expect(insights.notes).toContain(stats.dataSource);
  });

  it('caches per location: a neighbour a few metres away gets the same answer', async () => {
    const first = await n.get(branchSt);
    const again = await n.get({ ...branchSt, coordinates: { latitude: 38.61831, longitude: -121.44384 } });
    expect(again).toEqual(first);
    const rows = await n.service.database.pool.query('select location_key from neighborhood_insights');
    expect(rows.rows.map((r: { location_key: string }) => r.location_key)).toEqual(['38.618,-121.444']);
  });

  it('needs coordinates', async () => {
    const { coordinates: _omit, ...withoutCoordinates } = branchSt;
    const err = await call(n.client, n.client.GetInsights, withoutCoordinates, { userId: 'user-1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'FAILED_PRECONDITION', message: aiMessages.coordinatesRequired });
  });
});

it('answers without market context when the sales data is unreachable, and does not cache that', async () => {
  const n = await neighborhood({ valuationAddress: '127.0.0.1:1' });
  try {
    const insights = await n.get(branchSt);
    expectNoInventedPlaces(insights);
    expect(insights.marketStats.salesCount).toBe(0);
    expect(insights.notes).toContain(marketUnavailableNote);
    const rows = await n.service.database.pool.query('select count(*)::int as n from neighborhood_insights');
    expect(rows.rows[0].n).toBe(0);
  } finally {
    await n.stop();
  }
});

describe('with a model behind the AI service', () => {
  let fake: FakeOpenAi;
  let ai: RunningAiService;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    const databaseName = uniqueDatabaseName('nbh_ai');
    databases.push(databaseName);
    ai = await startAiService(
      {
        databaseUrl: testServerUrl(),
        databaseName,
        grpcHost: '127.0.0.1',
        grpcPort: 0,
        natsUrl: 'nats://127.0.0.1:1',
        costVsValuePath: path.join(dataDir, 'cost-vs-value.md'),
        nationalPrice: { medianPrice: 407_500, label: 'US median' },
        openAi: { apiKey: 'sk-test', baseUrl: fake.baseUrl, model: 'fake-model', timeoutMs: 5000, maxRetries: 0 },
      },
      { logger },
    );
  });
  afterAll(async () => {
    await ai?.close();
    await fake?.close();
  });

  it('uses the model\'s narrative over the computed facts; scores and lists stay as the data says', async () => {
    let facts: Record<string, unknown> = {};
    fake.respondWith((req) => {
      facts = JSON.parse(req.messages.find((m) => m.role === 'user')!.content) as Record<string, unknown>;
      return content({
        familyFriendly: 'No school or park data is available here yet.',
        walkability: 'No amenity data is available yet.',
        dining: 'No restaurant data is available yet.',
        lifestyle: `A neighborhood of modest homes: ${facts.comparableSales} recent recorded sales nearby.`,
        lifestyleKeyFeatures: ['Modest homes'],
        buyerProfile: 'First-time buyers.',
        marketContext: `The median recorded sale was $${Number(facts.medianSalePrice).toLocaleString('en-US')}.`,
        valueDrivers: ['Recorded sales nearby'],
      });
    });
    const n = await neighborhood({ aiAddress: ai.grpcAddress });
    try {
      const insights = await n.get(branchSt);
      expect(insights.narrativeEngine).toBe('openai');
      expectNoInventedPlaces(insights);
      expect(insights.marketContext.description).toBe(`The median recorded sale was $${insights.marketStats.medianSalePrice!.toLocaleString('en-US')}.`);
      expect(facts).toMatchObject({ city: 'Sacramento', state: 'CA', comparableSales: insights.marketStats.salesCount });

      // A made-up school is not used: the embedded text stands (for a new location).
      fake.respondWith(() =>
        content({
          familyFriendly: 'Lincoln Elementary School is around the corner.',
          walkability: 'x'.repeat(12),
          dining: 'y'.repeat(12),
          lifestyle: 'z'.repeat(12),
          lifestyleKeyFeatures: [],
          buyerProfile: 'w'.repeat(12),
          marketContext: 'v'.repeat(12),
          valueDrivers: [],
        }),
      );
      const other = await n.get({ ...branchSt, coordinates: { latitude: 38.6, longitude: -121.45 } });
      expect(other.narrativeEngine).toBe('embedded');
      expect(other.familyFriendly.description).toBe(noData.familyFriendly);
    } finally {
      await n.stop();
    }
  });
});
