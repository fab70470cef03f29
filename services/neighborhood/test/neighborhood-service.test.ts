import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiMessages, neighborhoodInsightsSchema } from '@hsa/contracts';
import { insightsMessageToApi, loadNeighborhoodProto, loadValuationProto, type NeighborhoodServiceClient } from '@hsa/protos';
import { startAiService, type RunningAiService } from '@hsa/ai';
import { AppError, call, createClient, createLogger } from '@hsa/service-kit';
import { dropDatabase, testCallerKey, testServerUrl, uniqueDatabaseName, testTrustedCallerKeys, testClientAuth } from '@hsa/service-kit/testing';
import { startValuationService, type RunningValuationService } from '@hsa/valuation';
import { marketUnavailableNote, median, noDiningData, startNeighborhoodService, type NeighborhoodServiceConfig } from '../src';
import { content, startFakeOpenAi, type FakeOpenAi } from '../../ai/test/support/fake-openai';
import { plantedViolations } from '../../ai/test/support/fair-housing-phrases';

const logger = createLogger('neighborhood-test', process.env.LOG_LEVEL ?? 'silent');
const dataDir = path.resolve(__dirname, '../../../../shared/data');
const databases: string[] = [];
let valuation: RunningValuationService;

/** A home of the sales data in South Hagginwood (City of Sacramento). */
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

async function neighborhood(overrides: Partial<NeighborhoodServiceConfig> = {}) {
  const databaseName = uniqueDatabaseName('nbh');
  databases.push(databaseName);
  const service = await startNeighborhoodService(
    {
      databaseUrl: testServerUrl(),
      databaseName,
      grpcHost: '127.0.0.1', trustedCallerKeys: testTrustedCallerKeys(),
      callerKey: testCallerKey('neighborhood'),
      grpcPort: 0,
      healthPort: 0,
      valuationAddress: valuation.grpcAddress,
      cacheTtlMs: 3_600_000,
      valuationTimeoutMs: 20_000,
      aiTimeoutMs: 20_000,
      dataDir: path.join(dataDir, 'neighborhood'),
      placesProvider: 'open-data',
      ...overrides,
    },
    { logger },
  );
  const client: NeighborhoodServiceClient = createClient(loadNeighborhoodProto().NeighborhoodService, service.grpcAddress, testClientAuth('neighborhood'));
  const get = async (request: object) =>
    neighborhoodInsightsSchema.parse(insightsMessageToApi(await call(client, client.GetInsights, request, { userId: 'user-1', timeoutMs: 30_000 })));
  return { service, client, get, stop: async () => (client.close(), await service.close()) };
}

beforeAll(async () => {
  const databaseName = uniqueDatabaseName('nbh_val');
  databases.push(databaseName);
  valuation = await startValuationService(
    {
      databaseUrl: testServerUrl(),
      databaseName,
      grpcHost: '127.0.0.1', trustedCallerKeys: testTrustedCallerKeys(),
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

describe('neighborhood insights from the public data and the sales', () => {
  let n: Awaited<ReturnType<typeof neighborhood>>;
  beforeAll(async () => {
    n = await neighborhood();
  });
  afterAll(() => n?.stop());

  it('lists real schools, parks and amenities with distances and sources, scores them, and says dining has no data', async () => {
    const insights = await n.get(branchSt);
    expect(insights.narrativeEngine).toBe('embedded');
    expect(insights.area).toMatchObject({ covered: true, neighborhood: { name: 'South Hagginwood', source: 'City of Sacramento neighborhoods (2013)' } });
    expect(insights.area.tract).toMatchObject({ fips: '06067006600', name: 'Census tract 66, Sacramento County', medianHouseValue2000: 74_600 });

    const { familyFriendly, walkability, dining, scoring } = insights;
    expect(familyFriendly.score).toBe(scoring.familyFriendly.score);
    expect(familyFriendly.score).toBeGreaterThan(5);
    expect(walkability.score).toBe(scoring.walkability.score);
    expect(walkability.score).toBeGreaterThan(5);
    expect(scoring.familyFriendly.score).toBe(Math.round((100 * scoring.familyFriendly.points) / scoring.familyFriendly.maxPoints) / 10);
    for (const school of familyFriendly.nearbySchools) {
      expect(school).toMatchObject({ kind: 'school', source: 'California Department of Education school directory (2018)' });
      expect(school.detail).toContain('open in May 2008');
      expect(school.level).toMatch(/^(Elementary|Middle|High|K-12)$/);
      expect(school.grades).toMatch(/^[PK\d]+(-\d+)?$/);
    }
    const park = familyFriendly.parks[0]!;
    expect(park).toMatchObject({ kind: 'park', source: 'California Protected Areas Database (about 2015)' });
    expect(familyFriendly.description).toContain(`the nearest is ${park.name}, ${park.distanceMiles.toFixed(2)} mi away`);
    expect(new Set(walkability.nearbyAmenities.map((a) => a.kind))).toEqual(new Set(['grocery', 'transit_stop', 'park', 'school']));
    expect(walkability.description).toMatch(/SacRT routes passing within a quarter mile \(2021 service\): Route/);
    expect(dining).toEqual({ score: null, description: noDiningData, restaurants: [], diversity: 'No data available' });
    expect(scoring.dining).toMatchObject({ score: null, reason: noDiningData });
    expect(scoring.method.formula).toContain('decay(distance)');
    expect(insights.sources.map((s) => s.id).sort()).toEqual(['cde-schools', 'census-2000-tracts', 'cpad-parks', 'sacramento-neighborhoods', 'sacrt-gtfs', 'wic-grocery']);
    expect(insights.lifestyle.description).toMatch(/^This home is in South Hagginwood, a City of Sacramento neighborhood, and in Census tract 66, Sacramento County\. Within 1.5 miles in a straight line: \d+ parks/);
  });

  it("labels the tract's 2000 median house value and brings it to today with the price index", async () => {
    const insights = await n.get(branchSt);
    const tract = insights.area.tract!;
    const vc = createClient(loadValuationProto().ValuationService, valuation.grpcAddress, testClientAuth('valuation'));
    const adjusted = await call(vc, vc.adjustForPriceIndex, { amount: 74_600, fromDate: '2000-04-01' }, { timeoutMs: 20_000 });
    vc.close();
    expect(tract.medianHouseValueToday).toBe(adjusted.adjustedAmount);
    expect(tract.priceIndexName).toMatch(/^FHFA All-Transactions HPI/);
    expect(insights.marketContext.description).toContain(
      `In the 2000 census the median house value in Census tract 66, Sacramento County was $74,600 (in 2000 dollars, as owners reported it); brought to ${tract.valueDate} prices with the ${tract.priceIndexName}, that is about $${adjusted.adjustedAmount.toLocaleString('en-US')}.`,
    );
  });

  it('computes the market context from nearby recorded sales', async () => {
    const insights = await n.get(branchSt);
    const vc = createClient(loadValuationProto().ValuationService, valuation.grpcAddress, testClientAuth('valuation'));
    const nearby = await call(vc, vc.nearbySales, { subject: { ...branchSt }, limit: 25 }, { timeoutMs: 20_000 });
    vc.close();
    const sales = nearby.sales;
    expect(sales.length).toBeGreaterThan(5);
    const stats = insights.marketStats;
    expect(stats.salesCount).toBe(sales.length);
    expect(stats.medianSalePrice).toBe(Math.round(median(sales.map((s) => s.saleAmount))!));
    expect(stats.medianTimeAdjustedPrice).toBe(Math.round(median(sales.map((s) => s.timeAdjustedPrice))!));
    expect(stats.dataSource).toBe('Sample market data: Sacramento, CA sales, May 2008');
    expect(insights.marketContext.description).toContain(`${sales.length} recorded sales of similar homes`);
    expect(insights.notes).toContain(stats.dataSource);
  });

  it('caches per home: the same home gets the same answer, a neighbour a few metres away its own', async () => {
    const first = await n.get(branchSt);
    expect(await n.get(branchSt)).toEqual(first);
    const neighbour = await n.get({ ...branchSt, coordinates: { latitude: 38.6184, longitude: -121.44384 } });
    expect(neighbour.generatedAt).not.toBe(first.generatedAt);
    const rows = await n.service.database.pool.query<{ location_key: string }>('select location_key from neighborhood_insights order by location_key');
    const { latitude, longitude } = branchSt.coordinates;
    expect(rows.rows.map((r) => r.location_key)).toContain(`${latitude.toFixed(5)},${longitude.toFixed(5)}|796|2|1||single_family|250000`);
  });

  it('gives a home outside the data the honest "no data" answer, with the market context it has', async () => {
    const seattle = { ...branchSt, coordinates: { latitude: 47.6097, longitude: -122.3331 }, city: 'Seattle', state: 'WA', zipCode: '98101' };
    const insights = await n.get(seattle);
    expect(insights.area).toMatchObject({ covered: false, neighborhood: null, tract: null });
    expect(insights.area.note).toMatch(/covers the Sacramento region/);
    for (const dimension of [insights.familyFriendly, insights.walkability, insights.dining]) expect(dimension.score).toBeNull();
    expect(insights.familyFriendly).toMatchObject({ nearbySchools: [], parks: [] });
    expect(insights.familyFriendly.description).toMatch(/so there is no family-life score/);
    expect(insights.scoring.walkability.reason).toBe(insights.area.note);
    expect(insights.sources).toEqual([]);
  });

  it('needs coordinates', async () => {
    const { coordinates: _omit, ...withoutCoordinates } = branchSt;
    const err = await call(n.client, n.client.GetInsights, withoutCoordinates, { userId: 'user-1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'FAILED_PRECONDITION', message: aiMessages.coordinatesRequired });
  });
});

it('answers without market context when the sales data is unreachable, and does not cache that', async () => {
  const n = await neighborhood({ valuationAddress: '127.0.0.1:1', valuationTimeoutMs: 500 });
  try {
    const insights = await n.get(branchSt);
    expect(insights.familyFriendly.score).not.toBeNull();
    expect(insights.marketStats.salesCount).toBe(0);
    expect(insights.area.tract).toMatchObject({ medianHouseValue2000: 74_600, medianHouseValueToday: null });
    expect(insights.notes).toContain(marketUnavailableNote);
    const rows = await n.service.database.pool.query('select count(*)::int as n from neighborhood_insights');
    expect(rows.rows[0].n).toBe(0);
  } finally {
    await n.stop();
  }
});

it('refuses to start without its data, saying where it looked', async () => {
  await expect(neighborhood({ dataDir: '/nonexistent/neighborhood' })).rejects.toThrow('Neighborhood data not found in /nonexistent/neighborhood: set NEIGHBORHOOD_DATA_DIR');
});

describe('with a model behind the AI service', () => {
  let fake: FakeOpenAi;
  let ai: RunningAiService;
  let n: Awaited<ReturnType<typeof neighborhood>>;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    const databaseName = uniqueDatabaseName('nbh_ai');
    databases.push(databaseName);
    ai = await startAiService(
      {
        databaseUrl: testServerUrl(),
        databaseName,
        grpcHost: '127.0.0.1', trustedCallerKeys: testTrustedCallerKeys(),
        grpcPort: 0,
        natsUrl: 'nats://127.0.0.1:1',
        costVsValuePath: path.join(dataDir, 'cost-vs-value.md'),
        nationalPrice: { medianPrice: 407_500, label: 'US median' },
        openAi: { apiKey: 'sk-test', baseUrl: fake.baseUrl, model: 'fake-model', timeoutMs: 5000, maxRetries: 0 },
      },
      { logger },
    );
    n = await neighborhood({ aiAddress: ai.grpcAddress });
  });
  afterAll(async () => {
    await n?.stop();
    await ai?.close();
    await fake?.close();
  });

  /** A narrative that words only the facts the model was given. */
  const wordsTheFacts = (facts: Record<string, unknown>) => {
    const schools = facts.schools as { name: string; distanceMiles: number }[];
    const parks = facts.parks as { name: string; distanceMiles: number }[];
    return {
      familyFriendly: `The nearest school is ${schools[0]!.name}, ${schools[0]!.distanceMiles} mi away, and ${parks[0]!.name} is ${parks[0]!.distanceMiles} mi away.`,
      walkability: `Walkability scores ${String(facts.walkabilityScore)} out of 10.`,
      dining: 'No restaurant data exists for this area.',
      lifestyle: `A home in ${String(facts.neighborhoodName)}.`,
      lifestyleKeyFeatures: [`Nearest park: ${parks[0]!.name}`],
      buyerProfile: 'Suited to buyers looking for a single-family home near a park.',
      marketContext: `The median recorded sale was $${Number(facts.medianSalePrice).toLocaleString('en-US')}.`,
      valueDrivers: ['Recorded sales nearby'],
    };
  };

  it("uses the model's narrative when it words only the facts; scores, places and figures stay as the data says", async () => {
    let facts: Record<string, unknown> = {};
    fake.respondWith((req) => {
      facts = JSON.parse(req.messages.find((m) => m.role === 'user')!.content) as Record<string, unknown>;
      return content(wordsTheFacts(facts));
    });
    const insights = await n.get(branchSt);
    expect(insights.narrativeEngine).toBe('openai');
    expect(insights.familyFriendly.description).toContain(insights.familyFriendly.nearbySchools[0]!.name);
    expect(insights.marketContext.description).toBe(`The median recorded sale was $${insights.marketStats.medianSalePrice!.toLocaleString('en-US')}.`);
    expect(facts).toMatchObject({
      neighborhoodName: 'South Hagginwood',
      censusTract: 'Census tract 66, Sacramento County',
      familyFriendlyScore: insights.familyFriendly.score,
      walkabilityScore: insights.walkability.score,
      tractCensusMedianValue: 74_600,
    });
    expect(facts.diningScore).toBeNull();
    expect((facts.gaps as string[]).join(' ')).toContain('No restaurant');
    expect((facts.schools as unknown[]).length).toBe(insights.familyFriendly.nearbySchools.length);
  });

  it('keeps the embedded text when the model names a place the facts do not hold, or writes a fair-housing violation', async () => {
    const homes = [0.001, 0.002, 0.003].map((d) => ({ ...branchSt, coordinates: { latitude: 38.6 + d, longitude: -121.45 } }));
    fake.respondWith((req) => {
      const facts = JSON.parse(req.messages.find((m) => m.role === 'user')!.content) as Record<string, unknown>;
      return content({ ...wordsTheFacts(facts), familyFriendly: 'Lincoln Elementary School is around the corner.' });
    });
    const first = await n.get(homes[0]!);
    expect(first.narrativeEngine).toBe('embedded');
    // The insights say why the built-in text stands.
    expect(first.notes).toContain("Written by the built-in engine: the AI model's answer could not be used (it stated something the home's facts do not support).");
    for (const [i, planted] of [plantedViolations[0]!, plantedViolations[13]!].entries()) {
      fake.respondWith((req) => {
        const facts = JSON.parse(req.messages.find((m) => m.role === 'user')!.content) as Record<string, unknown>;
        const narrative = wordsTheFacts(facts);
        return content({ ...narrative, lifestyle: `${narrative.lifestyle} ${planted}` });
      });
      const insights = await n.get(homes[i + 1]!);
      expect(insights.narrativeEngine, planted).toBe('embedded');
      expect(insights.lifestyle.description).not.toContain(planted);
    }
  });
});
