import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ProviderReplay, type ReplayAnswer, type ReplayRequest } from '@hsa/service-kit/testing';

/**
 * Google Places (New) and RentCast on loopback (the kit's provider replay), answering with the fixtures
 * (documented wire formats, checked against the published schemas in fixtures.test.ts) so the real provider
 * clients run. Every request is recorded: tests count what a lookup or a session costs.
 */

export const googleKey = 'test-google-key';
export const rentCastKey = 'test-rentcast-key';
export const highStPlaceId = 'ChIJ5ThHighStSacramento95838';

export const fixturesDir = path.join(__dirname, 'fixtures');
export const fixture = (name: string): string => readFileSync(path.join(fixturesDir, name), 'utf8');
export const fixtureJson = (name: string): unknown => JSON.parse(fixture(name)) as unknown;
const ok = (body: string | object): ReplayAnswer => ({ status: 200, body });

export type Route = 'autocomplete' | 'details' | 'properties' | 'avm';
export type FakeProviders = ProviderReplay<Route>;

function routeOf(method: string, pathname: string): Route | 'unknown' {
  if (method === 'POST' && pathname === '/v1/places:autocomplete') return 'autocomplete';
  if (method === 'GET' && pathname.startsWith('/v1/places/')) return 'details';
  if (method === 'GET' && pathname === '/v1/properties') return 'properties';
  if (method === 'GET' && pathname === '/v1/avm/value') return 'avm';
  return 'unknown';
}

function answer({ route, headers, body, path: pathname, query }: ReplayRequest<Route>): ReplayAnswer {
  if (route === 'autocomplete' || route === 'details') {
    // Google reports an invalid key as 400 INVALID_ARGUMENT with the reason API_KEY_INVALID.
    if (headers['x-goog-api-key'] !== googleKey) return { status: 400, body: fixture('google/error-api-key-invalid.json') };
    if (route === 'autocomplete') {
      const input = String((body as { input?: string } | undefined)?.input ?? '').toLowerCase();
      return input.includes('high') ? ok(fixture('google/autocomplete-high-st.json')) : ok({});
    }
    return pathname === `/v1/places/${highStPlaceId}`
      ? ok(fixture('google/place-details-high-st.json'))
      : { status: 404, body: fixture('google/error-not-found.json') };
  }

  if (headers['x-api-key'] !== rentCastKey) return { status: 401, body: fixture('rentcast/error-unauthorized.json') };
  const address = (query.get('address') ?? '').toLowerCase();
  const atHighSt = /3526 high st(reet)?,/.test(address);
  const nearHighSt = Math.abs(Number(query.get('latitude')) - 38.6319) < 0.01;
  const notFound = { status: 404, body: fixture('rentcast/error-not-found.json') };
  if (route === 'properties') return atHighSt ? ok(fixture('rentcast/properties-high-st.json')) : notFound;
  return atHighSt || nearHighSt ? ok(fixture('rentcast/avm-value-high-st.json')) : notFound;
}

export const FakeProviders = {
  start: (): Promise<FakeProviders> => ProviderReplay.start<Route>({ routeOf, answer }),
};
