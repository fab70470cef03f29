import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValuedComparable, type AddressAutocompleteResponse, type AnonymousComparableSale, type ComparableSale, type ShownComparableSale, type CreateProperty, type PropertyLookupResponse } from '@hsa/contracts';
import { TEST_USER_HEADER, startValuationTestStack, type ValuationTestStack } from './support/valuation-stack';

let stack: ValuationTestStack;

beforeAll(async () => {
  stack = await startValuationTestStack();
});

afterAll(async () => {
  await stack?.close();
});

let ipCounter = 1;
/** A request from its own client IP (rate limits are per client) and, optionally, a signed-in user. */
async function request(path: string, init: { method?: string; user?: string; json?: unknown; body?: string; ip?: string } = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': init.ip ?? `10.0.0.${ipCounter++}` };
  if (init.user) headers[TEST_USER_HEADER] = init.user;
  let body: string | undefined = init.body;
  if (init.json !== undefined) body = JSON.stringify(init.json);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${stack.url}${path}`, { method: init.method ?? 'GET', headers, body });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, headers: res.headers, json: json as never };
}

const dataSource = 'Sample market data: Sacramento, CA sales, May 2008';
const sacramentoHome: CreateProperty = {
  address: '2796 Branch St, Sacramento, CA 95815',
  city: 'Sacramento',
  state: 'CA',
  zipCode: '95815',
  bedrooms: 2,
  bathrooms: 1,
  squareFootage: 796,
  propertyType: 'single_family',
  coordinates: { latitude: 38.618305, longitude: -121.443839 },
};

const estimateEvidence = ['adjustedValue', 'adjustments', 'timeAdjustedPrice', 'weight'];

/** `anonymous`: the demo's comparables carry the sales without what each says the home is worth. */
function expectComparable(c: ShownComparableSale, anonymous = false): void {
  expect(Object.keys(c).sort()).toEqual(
    [
      'address', 'bathrooms', 'bedrooms', 'coordinates', 'dataSource', 'distanceMiles', 'id', 'lotSize', 'marketVariance',
      'priceKind', 'pricePerSqft', 'propertyType', 'saleAmount', 'saleDate', 'squareFootage', 'yearBuilt',
      ...(anonymous ? [] : estimateEvidence),
    ].sort(),
  );
  expect(c.saleDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  // The embedded data holds recorded sales.
  expect(c.priceKind).toBe('sale');
  expect(Number.isInteger(c.saleAmount)).toBe(true);
  expect(c.pricePerSqft).toBe(Math.round(c.saleAmount / c.squareFootage!));
  expect(typeof c.marketVariance).toBe('number');
  expect(c.coordinates).toEqual({ latitude: expect.any(Number), longitude: expect.any(Number) });
  expect(c.dataSource).toBe(dataSource);
  if (isValuedComparable(c)) for (const a of c.adjustments) expect(Object.keys(a).sort()).toEqual(['amount', 'feature', 'label', 'note']);
}

describe('GET /api/address-autocomplete', () => {
  it('answers {success, predictions:[{description, place_id}]} for anonymous visitors', async () => {
    const res = await request('/api/address-autocomplete?input=3526%20high');
    expect(res.status).toBe(200);
    const body = res.json as AddressAutocompleteResponse;
    expect(body).toEqual({ success: true, predictions: expect.any(Array), dataSource });
    expect(body.predictions[0]).toEqual({ description: '3526 High St, Sacramento, CA 95838', place_id: expect.stringMatching(/^open-data:/) });
    for (const p of body.predictions) expect(Object.keys(p).sort()).toEqual(['description', 'place_id']);
  });

  it('answers no predictions under 3 characters and at most 5', async () => {
    expect((await request('/api/address-autocomplete?input=35')).json).toMatchObject({ success: true, predictions: [] });
    expect((await request('/api/address-autocomplete')).json).toMatchObject({ success: true, predictions: [] });
    expect(((await request('/api/address-autocomplete?input=sacramento')).json as AddressAutocompleteResponse).predictions).toHaveLength(5);
  });

  it('refuses repeated, oversized and control-character input with a clear 400 (never a 500)', async () => {
    const repeated = await request('/api/address-autocomplete?input=abc&input=def');
    expect(repeated).toMatchObject({ status: 400, json: { message: 'input must be a single text value' } });
    const long = await request(`/api/address-autocomplete?input=${'a'.repeat(500)}`);
    expect(long).toMatchObject({ status: 400, json: { message: 'Search text must be at most 200 characters' } });
    const control = await request('/api/address-autocomplete?input=abc%00def');
    expect(control).toMatchObject({ status: 400, json: { message: 'Address must not contain control characters' } });
    // 20,000 characters do not even fit in a request line: Node answers 431, still a 4xx.
    const huge = await request(`/api/address-autocomplete?input=${'a'.repeat(20_000)}`);
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    const unicode = await request(`/api/address-autocomplete?input=${encodeURIComponent('Cañada “Rd” 😀')}`);
    expect(unicode.status).toBe(200);
  });

  it('takes the address box session token, and refuses one that is not URL-safe or too long with a 400', async () => {
    const token = randomUUID();
    expect((await request(`/api/address-autocomplete?input=3526%20high&sessionToken=${token}`)).status).toBe(200);
    const invalidMessage = 'sessionToken must be letters, digits, "-" or "_" (at most 36)';
    for (const bad of ['a b', 'x'.repeat(37), '', 'ü']) {
      const res = await request(`/api/address-autocomplete?input=3526%20high&sessionToken=${encodeURIComponent(bad)}`);
      expect(res, bad).toMatchObject({ status: 400, json: { message: invalidMessage } });
    }
    expect(await request(`/api/address-autocomplete?input=abc&sessionToken=${token}&sessionToken=${token}`)).toMatchObject({ status: 400 });
    const lookup = await request('/api/properties/lookup', { method: 'POST', json: { address: '3526 High St, Sacramento, CA', sessionToken: 'not a token' } });
    expect(lookup).toMatchObject({ status: 400, json: { message: invalidMessage } });
  });
});

describe('POST /api/properties/lookup', () => {
  it('finds a home from the place id of a prediction, with its estimate for a signed-in user', async () => {
    const auto = (await request('/api/address-autocomplete?input=3526%20high')).json as AddressAutocompleteResponse;
    const [prediction] = auto.predictions;
    const json = { address: prediction!.description, placeId: prediction!.place_id };
    const res = await request('/api/properties/lookup', { method: 'POST', json, user: `user-${randomUUID()}` });
    expect(res.status).toBe(200);
    const body = res.json as Extract<PropertyLookupResponse, { success: true }>;
    expect(body.success).toBe(true);
    expect(body.dataSource).toBe(dataSource);
    const facts = {
      address: '3526 High St, Sacramento, CA 95838',
      city: 'Sacramento',
      state: 'CA',
      zipCode: '95838',
      bedrooms: 2,
      bathrooms: 1,
      squareFootage: 836,
      yearBuilt: null,
      propertyType: 'single_family',
      lotSize: null,
      coordinates: { latitude: 38.631913, longitude: -121.434879 },
      placeId: prediction!.place_id,
    };
    expect(body.property).toEqual({
      ...facts,
      estimatedValue: expect.any(Number),
      estimatedValueLow: expect.any(Number),
      estimatedValueHigh: expect.any(Number),
    });
    expect(body.property.estimatedValueLow!).toBeLessThanOrEqual(body.property.estimatedValue!);
    expect(body.property.estimatedValue!).toBeLessThanOrEqual(body.property.estimatedValueHigh!);
    expect(body.notes.length).toBeGreaterThan(0);
    expect(body.estimateWithheld).toBeUndefined();
    // The evidence of that estimate, from the same run: its comparables (never the home) and the home's own sale.
    expect(body.comparables.length).toBeGreaterThanOrEqual(3);
    body.comparables.forEach((c) => expectComparable(c));
    expect(body.comparables.map((c) => c.address)).not.toContain(body.property.address);
    expect(body.saleHistory).toEqual([{ date: '2008-05-21', price: 59_222, timeAdjustedPrice: expect.any(Number) }]);
    expect(body.saleHistory[0]!.timeAdjustedPrice!).toBeGreaterThan(59_222);

    // Anonymous (the demo): the same facts and the same comparables (one valuation run), and no figure of the
    // estimate anywhere in the answer: not the value, not what each comparable says, not the sale brought to today.
    const anonymous = await request('/api/properties/lookup', { method: 'POST', json });
    const demo = anonymous.json as Extract<PropertyLookupResponse, { success: true }>;
    expect(demo.property).toEqual({ ...facts, estimatedValue: null, estimatedValueLow: null, estimatedValueHigh: null });
    expect(demo).toMatchObject({ success: true, dataSource, notes: [], saleHistory: [], estimateWithheld: true });
    expect(demo.comparables.map((c) => c.id)).toEqual(body.comparables.map((c) => c.id));
    demo.comparables.forEach((c) => expectComparable(c, true));
    const text = JSON.stringify(anonymous.json);
    const figures = [body.property.estimatedValue, body.property.estimatedValueLow, body.property.estimatedValueHigh, body.saleHistory[0]!.timeAdjustedPrice];
    for (const figure of figures) expect(text).not.toContain(String(figure));
  });

  it('finds a home from free text', async () => {
    const res = await request('/api/properties/lookup', { method: 'POST', json: { address: '51 omaha court, sacramento ca' } });
    expect(res.json).toMatchObject({ success: true, property: { address: '51 Omaha Ct, Sacramento, CA 95823', squareFootage: 1167 } });
  });

  it('answers {success:false, message} for unknown addresses, unicode and quote-laden ones included', async () => {
    for (const address of ['1 Nowhere Rd, Springfield, IL', 'Straße 5, 80331 München', `'"; DROP TABLE sales; --`, '"3526" \'Main\' St']) {
      const res = await request('/api/properties/lookup', { method: 'POST', json: { address } });
      expect(res.status, address).toBe(200);
      expect(res.json).toEqual({ success: false, message: 'Unable to find authentic property data for this address.' });
    }
  });

  it('refuses bad bodies with a clear 400, never a 500', async () => {
    const cases: [unknown, string][] = [
      [{}, 'Address is required'],
      [{ address: '' }, 'Address is required'],
      [{ address: 42 }, 'Address is required'],
      [{ address: 'x'.repeat(20_000) }, 'Address must be at most 300 characters'],
      [{ address: '🏠🏠🏠' }, 'Address must contain letters or numbers'],
      [{ address: '3526 High St', placeId: 'p'.repeat(400) }, 'placeId must be at most 300 characters'],
    ];
    for (const [json, message] of cases) {
      const res = await request('/api/properties/lookup', { method: 'POST', json });
      expect(res.status, JSON.stringify(json).slice(0, 40)).toBe(400);
      expect((res.json as { message: string }).message).toBe(message);
    }
    const malformed = await request('/api/properties/lookup', { method: 'POST', body: '{"address": "3526 High' });
    expect(malformed).toMatchObject({ status: 400, json: { message: 'Malformed JSON body' } });
    const tooLarge = await request('/api/properties/lookup', { method: 'POST', json: { address: 'x'.repeat(2_000_000) } });
    expect(tooLarge).toMatchObject({ status: 413, json: { message: 'Request body too large' } });
  });
});

describe('GET /api/properties/demo-property/comparables', () => {
  const highSt = `/api/properties/demo-property/comparables?address=${encodeURIComponent('3526 High St, Sacramento, CA 95838')}`;

  it('lists the comparables of an address, most similar first', async () => {
    const res = await request(highSt, { user: `user-${randomUUID()}` });
    expect(res.status).toBe(200);
    const comps = res.json as ComparableSale[];
    expect(comps.length).toBeGreaterThanOrEqual(3);
    comps.forEach((c) => expectComparable(c));
    const weights = comps.map((c) => c.weight);
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
    expect(comps.map((c) => c.address)).not.toContain('3526 High St, Sacramento, CA 95838');
  });

  it("finds the home by the lookup's place id, not by its text, and answers the comparables of the lookup's estimate", async () => {
    const lookup = (await request('/api/properties/lookup', { method: 'POST', json: { address: '3526 High St, Sacramento, CA 95838' } }))
      .json as Extract<PropertyLookupResponse, { success: true }>;
    const query = new URLSearchParams({ address: '51 Omaha Ct, Sacramento, CA 95823', placeId: lookup.property.placeId });
    const res = await request(`/api/properties/demo-property/comparables?${query}`);
    expect(res.status).toBe(200);
    expect((res.json as ComparableSale[]).map((c) => c.id)).toEqual(lookup.comparables.map((c) => c.id));
    expect((await request(`/api/properties/demo-property/comparables?address=3526+High+St+Sacramento&placeId=${'p'.repeat(301)}`)).status).toBe(400);
  });

  it('gives anonymous visitors the same sales without what each says the home is worth', async () => {
    const signedIn = (await request(highSt, { user: `user-${randomUUID()}` })).json as ComparableSale[];
    const res = await request(highSt);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const comps = res.json as AnonymousComparableSale[];
    comps.forEach((c) => expectComparable(c, true));
    expect(comps.map((c) => c.id)).toEqual(signedIn.map((c) => c.id));
  });

  it('answers only for addresses of at least 10 characters', async () => {
    expect(await request('/api/properties/demo-property/comparables?address=3526%20High')).toMatchObject({
      status: 400,
      json: { message: 'Address must have at least 10 characters' },
    });
    expect((await request('/api/properties/demo-property/comparables')).status).toBe(400);
  });

  it('answers an empty list when there is no authentic data', async () => {
    const res = await request(`/api/properties/demo-property/comparables?address=${encodeURIComponent('1 Nowhere Rd, Springfield, IL')}`);
    expect(res).toMatchObject({ status: 200, json: [] });
  });
});

describe("the owner's comparables and refresh valuation", () => {
  it('needs a signed-in user', async () => {
    const id = randomUUID();
    expect(await request(`/api/properties/${id}/comparables`)).toMatchObject({ status: 401, json: { message: 'Unauthorized' } });
    expect(await request(`/api/properties/${id}/refresh-valuation`, { method: 'POST' })).toMatchObject({
      status: 401,
      json: { message: 'Unauthorized' },
    });
  });

  it("lists comparables for the owner's property and 404s for anyone else's", async () => {
    const owner = `user-${randomUUID()}`;
    const created = await stack.properties.create(owner, sacramentoHome);
    const res = await request(`/api/properties/${created.id}/comparables`, { user: owner });
    expect(res.status).toBe(200);
    const comps = res.json as ComparableSale[];
    expect(comps.length).toBeGreaterThanOrEqual(3);
    comps.forEach((c) => expectComparable(c));
    // 2796 Branch St sold in the data: that sale is its history, not its comparable.
    expect(comps.map((c) => c.address)).not.toContain(sacramentoHome.address);

    const intruder = await request(`/api/properties/${created.id}/comparables`, { user: `user-${randomUUID()}` });
    expect(intruder).toMatchObject({ status: 404, json: { message: 'Property not found' } });
    expect((await request('/api/properties/not-a-uuid/comparables', { user: owner })).status).toBe(404);
    expect((await request(`/api/properties/${randomUUID()}/comparables`, { user: owner })).status).toBe(404);
  });

  it('answers an empty list for a property far from any sales data', async () => {
    const owner = `user-${randomUUID()}`;
    const created = await stack.properties.create(owner, {
      ...sacramentoHome,
      address: '350 5th Ave, New York, NY 10118',
      city: 'New York',
      state: 'NY',
      zipCode: '10118',
      coordinates: { latitude: 40.7484, longitude: -73.9857 },
    });
    expect(await request(`/api/properties/${created.id}/comparables`, { user: owner })).toMatchObject({ status: 200, json: [] });
    const refresh = await request(`/api/properties/${created.id}/refresh-valuation`, { method: 'POST', user: owner });
    expect(refresh).toMatchObject({ status: 409, json: { message: 'No sales data near this address, so no value can be estimated.' } });
  });

  it("refreshes the owner's valuation and saves it on the property", async () => {
    const owner = `user-${randomUUID()}`;
    const created = await stack.properties.create(owner, sacramentoHome);
    expect(created.estimatedValue).toBeNull();
    const res = await request(`/api/properties/${created.id}/refresh-valuation`, { method: 'POST', user: owner });
    expect(res.status).toBe(200);
    const values = res.json as { estimatedValue: number; estimatedValueLow: number; estimatedValueHigh: number };
    expect(Object.keys(values).sort()).toEqual(['estimatedValue', 'estimatedValueHigh', 'estimatedValueLow']);
    expect(values.estimatedValueLow).toBeLessThanOrEqual(values.estimatedValue);
    expect(values.estimatedValue).toBeLessThanOrEqual(values.estimatedValueHigh);
    expect(await stack.properties.get(owner, created.id)).toMatchObject(values);

    const intruder = await request(`/api/properties/${created.id}/refresh-valuation`, { method: 'POST', user: `user-${randomUUID()}` });
    expect(intruder.status).toBe(404);
  });
});

describe('when the valuation service is down', () => {
  it('answers 503 with a JSON message, not a 500', async () => {
    await stack.valuation.close();
    const res = await request('/api/properties/lookup', { method: 'POST', json: { address: '3526 High St, Sacramento' } });
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ message: 'Service unavailable' });
  });
});
