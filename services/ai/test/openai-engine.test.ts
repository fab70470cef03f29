import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { captureTelemetry } from '@hsa/service-kit/testing';
import { createEngine, groundingFactsOf, checkGrounding, type GenerationInput, type NeighborhoodFacts, type TextEngine } from '../src';
import { samplingParameters, type OpenAiSettings } from '../src/adapters/openai-engine';
import { fallbackMetric, type EngineCallOptions } from '../src/domain/engines';
import { fallbackNote, type Fallback } from '../src/domain/fallback';
import { chatCompletionResponse, errorResponse } from './support/openai-schemas';
import { plantedViolations } from './support/fair-housing-phrases';
import { captureLogger } from './support/capture-logger';
import { content, promptFacts, startFakeOpenAi, type ChatRequest, type FakeOpenAi } from './support/fake-openai';
import { capitolAve, nationalPrice, reference } from './helpers';

let fake: FakeOpenAi;
const ref = reference();

// Registered before anything records a metric (the product wires the real SDK up elsewhere).
const telemetry = captureTelemetry();

/** The fallback counter's points: attributes and value. */
async function fallbackCounts(): Promise<{ task: unknown; reason: unknown; value: number }[]> {
  return (await telemetry.points())
    .filter((p) => p.scope === fallbackMetric.meter && p.name === fallbackMetric.name)
    .map((p) => ({ task: p.attributes.task, reason: p.attributes.reason, value: p.value }));
}

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.responses.length = 0;
  fake.respondWith(() => ({ kind: 'error', status: 500, message: 'no reply scripted' }));
});
afterEach(() => {
  // Every answer the fake gave is a valid instance of OpenAI's published schema.
  for (const { status, body } of fake.responses) {
    const result = (status === 200 ? chatCompletionResponse : errorResponse).safeParse(body);
    expect(result.success ? [] : result.error.issues, JSON.stringify(body).slice(0, 200)).toEqual([]);
  }
});

function engine(overrides: Partial<Pick<OpenAiSettings, 'timeoutMs' | 'maxRetries' | 'model' | 'temperature' | 'baseUrl'>> = {}) {
  const captured = captureLogger();
  const e: TextEngine = createEngine(
    {
      nationalPrice,
      openAi: {
        apiKey: 'sk-test-key',
        baseUrl: overrides.baseUrl ?? fake.baseUrl,
        model: overrides.model ?? 'test-model',
        timeoutMs: overrides.timeoutMs ?? 2000,
        maxRetries: overrides.maxRetries ?? 2,
        temperature: overrides.temperature,
      },
    },
    ref,
    captured.logger,
    () => 2026,
  );
  return { engine: e, lines: captured.lines };
}

/** Call options that record the fallback the engine reports. */
function watched(ms = 10_000): EngineCallOptions & { fallbacks: Fallback[] } {
  const fallbacks: Fallback[] = [];
  return { deadline: Date.now() + ms, fallbacks, onFallback: (f) => fallbacks.push(f) };
}

const soon = (ms = 10_000) => ({ deadline: Date.now() + ms });

/** A listing answer that only uses the facts of the home in the request. */
function groundedListingAnswer(request: ChatRequest) {
  const home = (promptFacts(request).home ?? {}) as Record<string, number | string>;
  const street = String(home.address).split(',')[0];
  const sentences = [
    `${street} is a home in ${home.city}, ${home.state} with ${home.bedrooms} bedrooms and ${home.bathrooms} bathrooms.`,
    `It offers ${Number(home.livingAreaSqft).toLocaleString('en-US')} square feet of living space.`,
    'Bring your ideas and make every room your own, from the first morning coffee to the last guest leaving.',
  ];
  while (sentences.join(' ').split(/\s+/).length < 140) sentences.push('Schedule a showing and see how it could work for the way you live.');
  return {
    description: sentences.join(' '),
    keySellingPoints: [`${home.bedrooms} bedrooms`, `${home.bathrooms} bathrooms`, `${Number(home.livingAreaSqft).toLocaleString('en-US')} sq ft`],
  };
}

const home = (): GenerationInput => capitolAve();

/** The facts of a home in Hagginwood, Sacramento, as the neighborhood service sends them. */
function neighborhoodFacts(): NeighborhoodFacts {
  return {
    city: 'Sacramento',
    state: 'CA',
    zipCode: '95815',
    comparableSales: 12,
    medianSalePrice: 245_000,
    medianPricePerSqft: 162,
    medianTimeAdjustedPrice: 470_000,
    priceIndexChangePercent: 91.8,
    priceIndexPeriod: '2008-05-18 to 2026-11-22',
    priceIndexName: 'FHFA All-Transactions HPI, Sacramento-Roseville-Folsom, CA (metro)',
    salesPeriod: 'May 2008',
    radiusMiles: 1.4,
    dataSource: 'Sample market data: Sacramento, CA sales, May 2008',
    subjectEstimatedValue: 512_000,
    subjectSquareFootage: 1850,
    propertyType: 'single_family',
    familyFriendlyScore: 7.4,
    walkabilityScore: 6.1,
    diningScore: null,
    schools: [{ name: 'Hagginwood Elementary', kind: 'school', level: 'Elementary', grades: 'K-6', distanceMiles: 0.45 }],
    parks: [{ name: 'Hagginwood Park', kind: 'park', level: '', grades: '', distanceMiles: 0.24 }],
    amenities: [
      { name: 'Food Source #7', kind: 'grocery', level: '', grades: '', distanceMiles: 0.68 },
      { name: 'Marysville Blvd & Grand Ave (SB)', kind: 'transit_stop', level: '', grades: '', distanceMiles: 0.05 },
    ],
    restaurants: [],
    neighborhoodName: 'Hagginwood',
    censusTract: 'Census tract 66, Sacramento County',
    tractCensusMedianValue: 74_600,
    tractMedianValueToday: 214_000,
    sources: ['Public schools: California Department of Education school directory (2018)'],
    gaps: ['No restaurant, café or bar data exists for this area.'],
  };
}

describe('OpenAI-compatible engine over the chat-completions wire format', () => {
  it('asks for JSON-schema structured output with only the true facts, and uses a valid, grounded answer', async () => {
    const { engine: e } = engine();
    fake.respondWith((req) => content(groundedListingAnswer(req)));
    const result = await e.listing(home(), 0, soon());
    expect(result.engine).toBe('openai');
    expect(result.model).toBe('test-model');
    expect(result.description).toContain('2418 Capitol Ave is a home in Sacramento, CA with 3 bedrooms and 2.5 bathrooms.');
    expect(result.keySellingPoints).toEqual(['3 bedrooms', '2.5 bathrooms', '1,850 sq ft']);

    expect(fake.requests).toHaveLength(1);
    const { body, headers } = fake.requests[0]!;
    expect(headers.authorization).toBe('Bearer sk-test-key');
    expect(body.model).toBe('test-model');
    expect(body.response_format?.type).toBe('json_schema');
    expect(body.response_format?.json_schema?.strict).toBe(true);
    const schema = body.response_format!.json_schema!.schema;
    expect(schema).toMatchObject({ type: 'object', additionalProperties: false, required: ['description', 'keySellingPoints'] });
    const facts = promptFacts(body);
    expect(Object.keys(facts).sort()).toEqual(['comparableSales', 'home', 'photographedRooms', 'wordingVariant']);
    expect(facts.home).toEqual({
      address: '2418 Capitol Ave, Sacramento, CA 95816',
      city: 'Sacramento',
      state: 'CA',
      zipCode: '95816',
      propertyType: 'single_family',
      bedrooms: 3,
      bathrooms: 2.5,
      livingAreaSqft: 1850,
      yearBuilt: 1978,
      lotSizeSqft: 6534,
      ownerNotes: 'New roof in 2021',
      estimatedValue: 512_000,
      estimatedValueRange: [486_000, 538_000],
    });
    expect(facts.photographedRooms).toEqual(['kitchen', 'garage']);
    expect(facts.comparableSales).toMatchObject({ count: 10, medianSalePrice: 245_000 });
    expect(JSON.stringify(body.messages)).not.toContain(home().propertyId);
  });

  it('falls back to the embedded engine on an off-schema answer, without retrying it, and logs why', async () => {
    const { engine: e, lines } = engine();
    fake.script(content({ description: 'A lovely home.', highlights: ['nice'] }));
    const result = await e.listing(home(), 0, soon());
    expect(result.engine).toBe('embedded');
    expect(result.description).toContain('2418 Capitol Ave');
    expect(fake.requests).toHaveLength(1);
    expect(lines.some((l) => l.level === 'warn' && String(l.msg).includes('listing: model answer not used') && String((l.err as { message?: string })?.message).startsWith('off-schema'))).toBe(true);

    fake.script(content('Here is your listing: a lovely home!'));
    expect((await e.listing(home(), 0, soon())).engine).toBe('embedded');
  });

  it('falls back when the answer is ungrounded (claims a pool and 4 bedrooms)', async () => {
    const { engine: e, lines } = engine();
    fake.respondWith((req) => {
      const answer = groundedListingAnswer(req);
      return content({ ...answer, description: `${answer.description} Enjoy the sparkling pool and 4 bedrooms.` });
    });
    const result = await e.listing(home(), 0, soon());
    expect(result.engine).toBe('embedded');
    expect(checkGrounding(result.description, groundingFactsOf(home()))).toEqual([]);
    expect(lines.some((l) => String((l.err as { message?: string })?.message).startsWith('ungrounded'))).toBe(true);
  });

  it('retries a 429 after the server\'s Retry-After and then uses the answer', async () => {
    const { engine: e } = engine();
    fake.script({ kind: 'error', status: 429, message: 'Rate limit reached for requests', headers: { 'retry-after-ms': '50' } });
    fake.respondWith((req) => content(groundedListingAnswer(req)));
    const result = await e.listing(home(), 0, soon());
    expect(result.engine).toBe('openai');
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.at - fake.requests[0]!.at).toBeGreaterThanOrEqual(45);
  });

  it('never asks twice for a generation that may have been billed: a 5xx is not retried', async () => {
    const { engine: e, lines } = engine({ maxRetries: 2 });
    for (const status of [500, 502, 503]) {
      fake.requests.length = 0;
      fake.script({ kind: 'error', status, message: 'overloaded', headers: { 'retry-after-ms': '5' } });
      fake.respondWith((req) => content(groundedListingAnswer(req)));
      const options = watched();
      expect((await e.listing(home(), 0, options)).engine).toBe('embedded');
      expect(fake.requests).toHaveLength(1);
      expect(options.fallbacks).toEqual([{ reason: 'unavailable', note: fallbackNote('unavailable') }]);
    }
    expect(lines.filter((l) => l.reason === 'unavailable' && l.level === 'warn')).toHaveLength(3);
  });

  it('bounds the whole answer by its timeout: a server that never answers is asked once, then the embedded engine', async () => {
    const { engine: e } = engine({ timeoutMs: 300, maxRetries: 2 });
    fake.respondWith(() => ({ kind: 'hang' }));
    const began = Date.now();
    const options = watched();
    const result = await e.listing(home(), 0, options);
    expect(result.engine).toBe('embedded');
    expect(fake.requests).toHaveLength(1);
    expect(Date.now() - began).toBeLessThan(2000);
    expect(options.fallbacks.map((f) => f.reason)).toEqual(['timeout']);
  });

  it('retries a connection refused before any request reached the server (nothing billed), within the time allowed', async () => {
    // A port nobody listens on yet; the server comes up there a moment later.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    let answered = 0;
    const late = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        answered += 1;
        res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'overloaded', type: 'server_error', param: null, code: null } }));
      });
    });
    setTimeout(() => late.listen(port, '127.0.0.1'), 150);
    try {
      const { engine: e } = engine({ baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 3, timeoutMs: 5000 });
      const options = watched();
      expect((await e.listing(home(), 0, options)).engine).toBe('embedded');
      // Refused (not sent) until the server listened, then one request: its 503 is not retried.
      expect(answered).toBe(1);
      expect(options.fallbacks.map((f) => f.reason)).toEqual(['unavailable']);
    } finally {
      await new Promise<void>((resolve) => late.close(() => resolve()));
    }
  });

  it('answers by the deadline even when the server asks to wait longer than that', async () => {
    const { engine: e } = engine({ timeoutMs: 5000, maxRetries: 2 });
    fake.respondWith(() => ({ kind: 'error', status: 429, headers: { 'retry-after': '30' } }));
    const began = Date.now();
    const result = await e.recommendations(home(), { deadline: Date.now() + 600 });
    expect(result.engine).toBe('embedded');
    expect(Date.now() - began).toBeLessThan(2000);
  });

  it('falls back on a refusal and on a truncated answer', async () => {
    const { engine: e } = engine();
    fake.script({ kind: 'refusal', refusal: 'I cannot help with that.' });
    expect((await e.listing(home(), 0, soon())).engine).toBe('embedded');
    fake.respondWith((req) => content(groundedListingAnswer(req), 'length'));
    expect((await e.listing(home(), 0, soon())).engine).toBe('embedded');
  });

  it('lets the model choose and explain recommendations while every figure comes from the published data', async () => {
    const { engine: e } = engine();
    let candidateIds: string[] = [];
    fake.respondWith((req) => {
      const candidates = promptFacts(req).candidates as { candidateId: string; estimatedCost: number }[];
      candidateIds = candidates.map((c) => c.candidateId);
      const schema = req.response_format!.json_schema!.schema as { properties: { recommendations: { items: { properties: { candidateId: { enum: string[] } } } } } };
      expect(schema.properties.recommendations.items.properties.candidateId.enum).toEqual(candidateIds);
      return content({
        recommendations: [
          { candidateId: 'garage-door-replacement', title: 'Replace the garage door', description: `It costs about $${candidates.find((c) => c.candidateId === 'garage-door-replacement')!.estimatedCost.toLocaleString('en-US')} and pays back well.`, priority: 'high' },
          { candidateId: 'minor-kitchen-remodel-midrange', title: 'Refresh the kitchen', description: 'Buyers look at the kitchen first; a midrange refresh pays for itself here.', priority: 'medium' },
          { candidateId: 'entry-door-replacement-steel', title: 'New front door', description: 'An inexpensive change buyers notice at the door.', priority: 'low' },
        ],
      });
    });
    const embedded = await createEngine({ nationalPrice }, ref, captureLogger().logger, () => 2026).recommendations(home(), soon());
    const result = await e.recommendations(home(), soon());
    expect(result.engine).toBe('openai');
    expect(result.recommendations.map((r) => [r.id, r.title, r.priority])).toEqual([
      ['garage-door-replacement', 'Replace the garage door', 'high'],
      ['minor-kitchen-remodel-midrange', 'Refresh the kitchen', 'medium'],
      ['entry-door-replacement-steel', 'New front door', 'low'],
    ]);
    const garage = result.recommendations[0]!;
    const embeddedGarage = embedded.recommendations.find((r) => r.id === 'garage-door-replacement')!;
    expect([garage.estimatedCost, garage.estimatedValueIncrease, garage.roi]).toEqual([
      embeddedGarage.estimatedCost,
      embeddedGarage.estimatedValueIncrease,
      embeddedGarage.roi,
    ]);
    expect(candidateIds).not.toContain('roofing-replacement-asphalt-shingles'); // the owner says the roof is new

    // An invented figure or an unknown candidate is not used.
    fake.respondWith(() =>
      content({ recommendations: [{ candidateId: 'garage-door-replacement', title: 'Garage door', description: 'Adds $99,999 of value.', priority: 'high' }] }),
    );
    expect((await e.recommendations(home(), soon())).engine).toBe('embedded');
    fake.respondWith(() =>
      content({ recommendations: [{ candidateId: 'swimming-pool', title: 'Add a pool', description: 'Everyone loves a pool.', priority: 'high' }] }),
    );
    expect((await e.recommendations(home(), soon())).engine).toBe('embedded');
  });

  it('writes the neighborhood narrative from the facts, naming only the places they hold, and refuses invented places or figures', async () => {
    const { engine: e } = engine();
    const facts = neighborhoodFacts();
    const narrative = {
      familyFriendly: 'The nearest elementary school is Hagginwood Elementary (grades K-6), 0.45 mi away; Hagginwood Park is 0.24 mi away. Score 7.4 out of 10.',
      walkability: 'The nearest grocery store is Food Source #7, 0.68 mi away, and a SacRT stop is 0.05 mi away.',
      dining: 'No restaurant data exists for this area, so dining is not scored.',
      lifestyle: 'A home in Hagginwood, where 12 recorded sales nearby had a median price of $245,000.',
      lifestyleKeyFeatures: ['Nearest park: Hagginwood Park (0.24 mi)'],
      buyerProfile: "Suited to buyers looking for a 2-bedroom single-family home around $470,000 at today's prices.",
      marketContext: 'Prices in the index rose about 92% since the sales (2008 to 2026). The tract median was $74,600 in 2000.',
      valueDrivers: ['Median $162 per square foot in recorded sales'],
    };
    fake.script(content(narrative));
    const written = await e.neighborhoodNarrative(facts, soon());
    expect(written).toEqual({ ...narrative, model: 'test-model' });
    const prompt = fake.requests[0]!.body;
    expect(prompt.messages[0]!.content).toMatch(/Never describe the people who live in the area/);
    expect(promptFacts(prompt)).toMatchObject({ neighborhoodName: 'Hagginwood', walkabilityScore: 6.1, schools: [{ name: 'Hagginwood Elementary' }] });

    fake.script(content({ ...narrative, familyFriendly: 'Walk to Lincoln Elementary School and McKinley Park.' }));
    expect(await e.neighborhoodNarrative(facts, soon())).toBeNull();
    fake.script(content({ ...narrative, marketContext: 'Homes sell within 9 days on average.' }));
    expect(await e.neighborhoodNarrative(facts, soon())).toBeNull();
  });

  it('rejects every planted fair-housing violation in a model narrative, listing or recommendation', async () => {
    const { engine: e, lines } = engine();
    const facts = neighborhoodFacts();
    const clean = {
      familyFriendly: 'The nearest elementary school is Hagginwood Elementary, 0.45 mi away.',
      walkability: 'A SacRT stop is 0.05 mi away.',
      dining: 'No restaurant data exists for this area.',
      lifestyle: 'A home in Hagginwood with a park 0.24 mi away.',
      lifestyleKeyFeatures: ['Nearest park: Hagginwood Park (0.24 mi)'],
      buyerProfile: 'Suited to buyers looking for a single-family home near a park.',
      marketContext: 'The tract median was $74,600 in 2000.',
      valueDrivers: ['Median $162 per square foot in recorded sales'],
    };
    for (const planted of plantedViolations) {
      for (const field of ['familyFriendly', 'lifestyle', 'buyerProfile'] as const) {
        fake.script(content({ ...clean, [field]: `${clean[field]} ${planted}` }));
        expect(await e.neighborhoodNarrative(facts, soon()), `${field}: ${planted}`).toBeNull();
      }
    }
    const fairHousingWarnings = lines.filter((l) => /^fair-housing/.test(String((l.err as { message?: string } | undefined)?.message ?? '')));
    expect(fairHousingWarnings).toHaveLength(plantedViolations.length * 3);

    for (const planted of plantedViolations.slice(0, 6)) {
      fake.respondWith((req) => {
        const answer = groundedListingAnswer(req);
        return content({ ...answer, description: `${answer.description} ${planted}` });
      });
      expect((await e.listing(home(), 0, soon())).engine, planted).toBe('embedded');
      fake.respondWith(() =>
        content({ recommendations: [{ candidateId: 'garage-door-replacement', title: 'Replace the garage door', description: `A new door. ${planted}`, priority: 'high' }] }),
      );
      expect((await e.recommendations(home(), soon())).engine, planted).toBe('embedded');
    }
  });
});

describe('what a call sends and what a fallback shows', () => {
  it('sends a temperature only to models that accept one (configurable)', async () => {
    expect(samplingParameters({ model: 'gpt-4o-mini' }, 0.4)).toEqual({ temperature: 0.4 });
    expect(samplingParameters({ model: 'gpt-4o-mini', temperature: 'auto' }, 0.8)).toEqual({ temperature: 0.8 });
    for (const model of ['o1', 'o3-mini', 'o4-mini', 'gpt-5', 'gpt-5-mini', 'openai/o3']) expect(samplingParameters({ model }, 0.4), model).toEqual({});
    expect(samplingParameters({ model: 'llama3.1', temperature: 'off' }, 0.4)).toEqual({});
    expect(samplingParameters({ model: 'o3', temperature: 0.2 }, 0.8)).toEqual({ temperature: 0.2 });

    fake.respondWith((req) => content(groundedListingAnswer(req)));
    await engine({ model: 'o4-mini' }).engine.listing(home(), 0, soon());
    await engine({ model: 'gpt-4o-mini' }).engine.listing(home(), 0, soon());
    await engine({ model: 'gpt-4o-mini', temperature: 'off' }).engine.listing(home(), 0, soon());
    expect(fake.requests.map((r) => ['temperature' in r.body, r.body.temperature])).toEqual([
      [false, undefined],
      [true, 0.8],
      [false, undefined],
    ]);
  });

  it('reads OPENAI_TEMPERATURE: auto (default), off, or a number from 0 to 2; anything else stops the service', async () => {
    const { readAiConfig } = await import('../src/config');
    const { testInternalAuthEnv } = await import('@hsa/service-kit/testing');
    const env = { DATABASE_URL: 'postgres://x@127.0.0.1/x', OPENAI_API_KEY: 'sk-x', ...testInternalAuthEnv() };
    expect(readAiConfig(env).openAi).toMatchObject({ temperature: 'auto', maxRetries: 2, timeoutMs: 30_000 });
    expect(readAiConfig({ ...env, OPENAI_TEMPERATURE: 'off' }).openAi?.temperature).toBe('off');
    expect(readAiConfig({ ...env, OPENAI_TEMPERATURE: '0.3' }).openAi?.temperature).toBe(0.3);
    expect(readAiConfig({ ...env, OPENAI_TEMPERATURE: '' }).openAi?.temperature).toBe('auto');
    for (const bad of ['warm', '3', '-1']) expect(() => readAiConfig({ ...env, OPENAI_TEMPERATURE: bad }), bad).toThrow(/OPENAI_TEMPERATURE/);
  });

  it('reports a model that rejects the temperature as a configuration error: logged as an error with the setting to change', async () => {
    const { engine: e, lines } = engine({ model: 'some-reasoning-model', temperature: 0.7 });
    fake.script({
      kind: 'error',
      status: 400,
      message: "Unsupported value: 'temperature' does not support 0.7 with this model. Only the default (1) value is supported.",
      param: 'temperature',
      code: 'unsupported_value',
    });
    const options = watched();
    expect((await e.listing(home(), 0, options)).engine).toBe('embedded');
    expect(fake.requests).toHaveLength(1);
    expect(options.fallbacks.map((f) => f.reason)).toEqual(['configuration']);
    const errorsLogged = lines.filter((l) => l.level === 'error');
    expect(errorsLogged).toHaveLength(1);
    expect(String(errorsLogged[0]!.hint)).toBe('the model some-reasoning-model rejects a temperature: set OPENAI_TEMPERATURE=off (it is 0.7)');
  });

  it('reports a refused key, an unknown model and an exhausted quota as configuration errors, asking once', async () => {
    const { engine: e, lines } = engine();
    fake.script(
      { kind: 'error', status: 401, message: 'Incorrect API key provided', code: 'invalid_api_key' },
      { kind: 'error', status: 404, message: 'The model `test-model` does not exist', code: 'model_not_found' },
      { kind: 'error', status: 429, message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' },
    );
    for (let i = 0; i < 3; i++) expect((await e.listing(home(), 0, soon())).engine).toBe('embedded');
    expect(fake.requests).toHaveLength(3);
    expect(lines.filter((l) => l.level === 'error').map((l) => l.hint)).toEqual([
      'check OPENAI_API_KEY and the account it belongs to',
      'check OPENAI_MODEL (test-model) and OPENAI_BASE_URL',
      'the OpenAI account has no quota left: check its plan and billing',
    ]);
  });

  it('keeps the item counts the API enforces in the schema it sends (2 or 9 selling points cannot be generated)', async () => {
    fake.respondWith((req) => content(groundedListingAnswer(req)));
    await engine().engine.listing(home(), 0, soon());
    const schema = fake.requests[0]!.body.response_format!.json_schema!.schema as { properties: { keySellingPoints: Record<string, unknown> } };
    expect(schema.properties.keySellingPoints).toEqual({ type: 'array', items: { type: 'string' }, minItems: 3, maxItems: 8 });

    fake.respondWith((req) => {
      const candidates = promptFacts(req).candidates as { candidateId: string }[];
      return content({ recommendations: [{ candidateId: candidates[0]!.candidateId, title: 'A project', description: 'A project buyers notice when they visit.', priority: 'high' }] });
    });
    await engine().engine.recommendations(home(), soon());
    const recs = fake.requests[1]!.body.response_format!.json_schema!.schema as { properties: { recommendations: Record<string, unknown> } };
    expect(recs.properties.recommendations).toMatchObject({ type: 'array', minItems: 1 });
    expect(typeof recs.properties.recommendations.maxItems).toBe('number');
  });

  it('makes every fallback visible: a warning with its cause, the counter by task and reason, and the note for the source label', async () => {
    const before = await fallbackCounts();
    const count = (task: string, reason: string) =>
      (before.find((p) => p.task === task && p.reason === reason)?.value ?? 0);
    const { engine: e, lines } = engine();
    // Two selling points: the answer is off-schema.
    fake.respondWith((req) => content({ ...groundedListingAnswer(req), keySellingPoints: ['3 bedrooms', '2.5 bathrooms'] }));
    const options = watched();
    expect((await e.listing(home(), 0, options)).engine).toBe('embedded');
    expect(options.fallbacks).toEqual([{ reason: 'off-schema', note: "Written by the built-in engine: the AI model's answer could not be used (it did not match the required format)." }]);
    const warning = lines.find((l) => l.level === 'warn' && l.task === 'listing');
    expect(warning).toMatchObject({ reason: 'off-schema', msg: 'listing: model answer not used (off-schema); the embedded engine answered' });
    expect(String((warning!.err as { message?: string }).message)).toMatch(/^off-schema: keySellingPoints/);

    fake.respondWith(() => ({ kind: 'hang' }));
    await engine({ timeoutMs: 200 }).engine.neighborhoodNarrative(neighborhoodFacts(), soon());

    const after = await fallbackCounts();
    expect(after.find((p) => p.task === 'listing' && p.reason === 'off-schema')?.value).toBe(count('listing', 'off-schema') + 1);
    expect(after.find((p) => p.task === 'neighborhood narrative' && p.reason === 'timeout')?.value).toBe(count('neighborhood narrative', 'timeout') + 1);
  });
});

describe('model calls as an SRE sees them', () => {
  const chatSpans = () => telemetry.spans().filter((s) => s.name === 'chat test-model');
  const providerOutcomes = async () =>
    Object.fromEntries(
      (await telemetry.points())
        .filter((p) => p.name === 'hsa.provider.request.duration' && p.attributes['hsa.provider.name'] === 'openai')
        .map((p) => [String(p.attributes['hsa.provider.outcome']), p.value]),
    );

  it('one GenAI client span per answer (retries inside) with model, tokens and outcome, and the provider duration by outcome', async () => {
    telemetry.resetSpans();
    const before = await providerOutcomes();
    const { engine: e } = engine();
    fake.script({ kind: 'error', status: 429, message: 'Rate limit reached for requests', headers: { 'retry-after-ms': '5' } });
    fake.respondWith((req) => content(groundedListingAnswer(req)));
    expect((await e.listing(home(), 0, soon())).engine).toBe('openai');

    const [ok] = chatSpans();
    expect(chatSpans()).toHaveLength(1);
    expect(fake.requests).toHaveLength(2);
    expect(ok!.kind).toBe(SpanKind.CLIENT);
    expect(ok!.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'test-model',
      'gen_ai.response.model': 'test-model',
      'gen_ai.response.finish_reasons': ['stop'],
      'gen_ai.usage.input_tokens': 100,
      'gen_ai.usage.output_tokens': 50,
      'server.address': '127.0.0.1',
      'hsa.ai.task': 'listing',
      'hsa.provider.outcome': 'ok',
    });
    expect(JSON.stringify(ok!.attributes), 'no API key, no prompt').not.toMatch(/sk-test-key|Capitol/);

    fake.script({ kind: 'error', status: 401, message: 'Incorrect API key provided', code: 'invalid_api_key' });
    expect((await e.listing(home(), 0, soon())).engine).toBe('embedded');
    fake.script({ kind: 'error', status: 503, message: 'overloaded' });
    expect((await e.listing(home(), 0, soon())).engine).toBe('embedded');
    const [, refused, failed] = chatSpans();
    expect(refused!.attributes).toMatchObject({ 'hsa.provider.outcome': 'refused', 'error.type': '401' });
    expect(failed!.attributes).toMatchObject({ 'hsa.provider.outcome': 'error', 'error.type': '503' });
    expect([refused!.status.code, failed!.status.code]).toEqual([SpanStatusCode.ERROR, SpanStatusCode.ERROR]);

    const after = await providerOutcomes();
    for (const outcome of ['ok', 'refused', 'error']) expect(after[outcome], outcome).toBe((before[outcome] ?? 0) + 1);
  });
});
