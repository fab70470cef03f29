import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComparableSale, PropertyLookupResponse } from '@hsa/contracts';
import type { ProviderReplay } from '@hsa/service-kit/testing';
import { highStPlaceId as placeId, startProviderReplay, type ProviderRoute } from './support/provider-replay';
import { TEST_USER_HEADER, startValuationTestStack, type ValuationTestStack } from './support/valuation-stack';

/**
 * The address box's Google Places session through the whole server side: the browser's token on
 * GET /api/address-autocomplete and POST /api/properties/lookup reaches Google on every prediction and on the
 * Place Details that ends the session, and a lookup costs one call per provider. Google and RentCast are the
 * valuation service's recorded fixtures served by the kit's provider replay, which counts every request.
 */

let replay: ProviderReplay<ProviderRoute>;
let stack: ValuationTestStack;

beforeAll(async () => {
  replay = await startProviderReplay();
  stack = await startValuationTestStack({
    addressProvider: 'google',
    propertyDataProvider: 'rentcast',
    google: { apiKey: 'test-google-key', baseUrl: replay.url },
    rentcast: { apiKey: 'test-rentcast-key', baseUrl: replay.url },
    providerCalls: { backoffMs: 5, maxBackoffMs: 20, timeoutMs: 2000 },
  });
});

afterAll(async () => {
  await stack?.close();
  await replay?.close();
});

async function get(pathAndQuery: string) {
  const res = await fetch(`${stack.url}${pathAndQuery}`);
  return { status: res.status, json: (await res.json()) as unknown };
}

/** As a signed-in user (an anonymous lookup answers no estimate). */
async function post(pathname: string, body: unknown) {
  const headers = { 'content-type': 'application/json', [TEST_USER_HEADER]: 'user-provider-session' };
  const res = await fetch(`${stack.url}${pathname}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as unknown };
}

describe('an address box session through gateway, valuation and Google', () => {
  it('carries the token on every prediction and on the Place Details that ends the session: one call per provider for the lookup', async () => {
    const token = randomUUID();
    for (const input of ['352', '3526 h', '3526 hi', '3526 high']) {
      expect((await get(`/api/address-autocomplete?input=${encodeURIComponent(input)}&sessionToken=${token}`)).status).toBe(200);
    }
    const lookup = await post('/api/properties/lookup', { address: '3526 High St, Sacramento, CA', placeId, sessionToken: token });
    expect(lookup.json).toMatchObject({ success: true, property: { address: '3526 High St, Sacramento, CA 95838', estimatedValue: 268000 } });

    const google = replay.requests.filter((r) => r.route === 'autocomplete' || r.route === 'details');
    expect(google.map((r) => r.route)).toEqual(['autocomplete', 'autocomplete', 'autocomplete', 'autocomplete', 'details']);
    expect(google.slice(0, 4).map((r) => (r.body as { sessionToken?: string }).sessionToken)).toEqual([token, token, token, token]);
    expect(google[4]!.query.get('sessionToken')).toBe(token);
    expect(replay.count('avm')).toBe(1);
    expect(replay.count('properties')).toBe(0);

    // The demo's comparables of that home come from the lookup's answer: no provider call at all.
    const property = (lookup.json as Extract<PropertyLookupResponse, { success: true }>).property;
    const before = replay.requests.length;
    const comparables = await get(`/api/properties/demo-property/comparables?address=${encodeURIComponent(property.address)}`);
    expect(comparables.status).toBe(200);
    const list = comparables.json as ComparableSale[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => c.priceKind === 'listing')).toBe(true);
    expect(replay.requests.length).toBe(before);
  });

  it('ends a session with a typed address too: its prediction (asked while typing) is not asked again', async () => {
    replay.reset();
    const token = randomUUID();
    const typed = '3526 High Street Sacramento';
    await get(`/api/address-autocomplete?input=${encodeURIComponent(typed)}&sessionToken=${token}`);
    const lookup = await post('/api/properties/lookup', { address: typed, sessionToken: token });
    expect(lookup.json).toMatchObject({ success: true });
    expect(replay.requests.filter((r) => r.route !== 'avm').map((r) => [r.route, r.route === 'details' ? r.query.get('sessionToken') : (r.body as { sessionToken?: string }).sessionToken])).toEqual([
      ['autocomplete', token],
      ['details', token],
    ]);
  });
});
