import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ProviderReplay, type ReplayAnswer, type ReplayRequest } from '@hsa/service-kit/testing';

/**
 * Google Places and RentCast for gateway tests: the valuation service's recorded fixtures (3526 High St,
 * Sacramento) served by the kit's provider replay, which counts every request.
 */

const fixtures = path.resolve(__dirname, '../../../valuation/test/fixtures');
const fixture = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');

/** Google's place id of 3526 High St, Sacramento, CA 95838 in the fixtures. */
export const highStPlaceId = 'ChIJ5ThHighStSacramento95838';

export type ProviderRoute = 'autocomplete' | 'details' | 'avm' | 'properties';

function routeOf(method: string, pathname: string): ProviderRoute | 'unknown' {
  if (method === 'POST' && pathname === '/v1/places:autocomplete') return 'autocomplete';
  if (method === 'GET' && pathname.startsWith('/v1/places/')) return 'details';
  if (method === 'GET' && pathname === '/v1/avm/value') return 'avm';
  if (method === 'GET' && pathname === '/v1/properties') return 'properties';
  return 'unknown';
}

function answer({ route, path: pathname, query }: ReplayRequest<ProviderRoute>): ReplayAnswer {
  if (route === 'autocomplete') return { status: 200, body: fixture('google/autocomplete-high-st.json') };
  if (route === 'details') {
    return pathname === `/v1/places/${highStPlaceId}`
      ? { status: 200, body: fixture('google/place-details-high-st.json') }
      : { status: 404, body: fixture('google/error-not-found.json') };
  }
  if (route === 'avm' && (query.get('address') ?? '').startsWith('3526 High St')) return { status: 200, body: fixture('rentcast/avm-value-high-st.json') };
  return { status: 404, body: fixture('rentcast/error-not-found.json') };
}

export function startProviderReplay(): Promise<ProviderReplay<ProviderRoute>> {
  return ProviderReplay.start<ProviderRoute>({ routeOf, answer });
}
