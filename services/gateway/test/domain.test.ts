import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ComparableSale, DomainEvent } from '@hsa/contracts';
import { testInternalAuthEnv } from '@hsa/service-kit/testing';
import { loadGatewayConfig } from '../src/config';
import { promptComparables } from '../src/http/ai-routes';
import { withContractNames } from '../src/http/spec-aliases';
import { EventHub } from '../src/domain/event-hub';
import { isAllowedOrigin, isOwnNavigation } from '../src/domain/origin';
import { defaultRateLimits, describeWait, parseRateLimitOverrides } from '../src/domain/rate-limit-policies';
import { safeReturnTo } from '../src/domain/return-to';
import { parseTrustedProxies } from '../src/domain/trusted-proxies';
import { OPEN_REDIRECT_VECTORS } from './support/attack-vectors';
import { userFromClaims } from '../src/domain/user';

const PUBLIC = 'http://localhost:8080';

describe('safeReturnTo', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeReturnTo('/dashboard', PUBLIC)).toBe('/dashboard');
    expect(safeReturnTo('http://localhost:8080/?address=1%20Main%20St', PUBLIC)).toBe('/?address=1%20Main%20St');
  });
  it('refuses other origins, protocol-relative URLs, API paths and junk', () => {
    expect(safeReturnTo('https://evil.example/phish', PUBLIC)).toBe('/');
    expect(safeReturnTo('//evil.example/x', PUBLIC)).toBe('/');
    expect(safeReturnTo('/api/logout', PUBLIC)).toBe('/');
    expect(safeReturnTo(undefined, PUBLIC)).toBe('/');
    expect(safeReturnTo(['a'], PUBLIC)).toBe('/');
    expect(safeReturnTo('x'.repeat(3000), PUBLIC)).toBe('/');
  });
  it('refuses every path a browser could read as a network-path reference', () => {
    // Each one resolves to a same-origin URL whose path starts with `//` or `/\\` (or hides one).
    for (const vector of OPEN_REDIRECT_VECTORS) expect(`${vector} -> ${safeReturnTo(vector, PUBLIC)}`).toBe(`${vector} -> /`);
  });
});


describe('isAllowedOrigin', () => {
  const allowed = new Set([PUBLIC]);
  it('lets safe methods through without an Origin', () => {
    expect(isAllowedOrigin('GET', {}, allowed)).toBe(true);
  });
  it('requires our own Origin (or Referer) on state-changing methods', () => {
    expect(isAllowedOrigin('POST', { origin: PUBLIC }, allowed)).toBe(true);
    expect(isAllowedOrigin('PATCH', { referer: `${PUBLIC}/dashboard` }, allowed)).toBe(true);
    expect(isAllowedOrigin('POST', { origin: 'http://evil.example' }, allowed)).toBe(false);
    expect(isAllowedOrigin('DELETE', {}, allowed)).toBe(false);
    expect(isAllowedOrigin('POST', { origin: 'null' }, allowed)).toBe(false);
  });
});

describe('isOwnNavigation (cross-site logout)', () => {
  const allowed = new Set([PUBLIC, 'https://app.example']);
  it('accepts the product itself and a typed address', () => {
    expect(isOwnNavigation({ secFetchSite: 'same-origin' }, allowed)).toBe(true);
    expect(isOwnNavigation({ secFetchSite: 'none' }, allowed)).toBe(true);
  });
  it('refuses another site, whatever it claims', () => {
    expect(isOwnNavigation({ secFetchSite: 'cross-site', referer: 'https://evil.example/' }, allowed)).toBe(false);
    expect(isOwnNavigation({ secFetchSite: 'cross-site' }, allowed)).toBe(false);
    expect(isOwnNavigation({ secFetchSite: 'same-site', referer: 'http://localhost:3000/' }, allowed)).toBe(false);
  });
  it('accepts a listed origin of ours that is another site', () => {
    expect(isOwnNavigation({ secFetchSite: 'same-site', referer: 'https://app.example/dashboard' }, allowed)).toBe(true);
  });
  it('judges browsers without Sec-Fetch-Site by their Referer', () => {
    expect(isOwnNavigation({}, allowed)).toBe(true);
    expect(isOwnNavigation({ referer: `${PUBLIC}/dashboard` }, allowed)).toBe(true);
    expect(isOwnNavigation({ referer: 'https://evil.example/' }, allowed)).toBe(false);
  });
});

describe('parseTrustedProxies', () => {
  it('trusts nobody by default', () => {
    for (const off of ['', 'false', '0', 'off']) expect(parseTrustedProxies(off)).toBe(false);
  });
  it('reads addresses, subnets, proxy-addr names and hop counts', () => {
    expect(parseTrustedProxies('loopback, 10.0.0.0/8,fd00::/8')).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8']);
    expect(parseTrustedProxies('2')).toBe(2);
  });
  it('refuses "true" and unreadable entries', () => {
    expect(() => parseTrustedProxies('true')).toThrow(/any client choose its own address/);
    expect(() => parseTrustedProxies('proxy.internal')).toThrow(/invalid IP address/);
  });
});

describe('gateway configuration', () => {
  const env = { DATABASE_URL: 'postgres://u@127.0.0.1:5432/postgres', ...testInternalAuthEnv() };
  it('reads TRUST_PROXY and RATE_LIMITS, and names what is wrong with them', () => {
    const config = loadGatewayConfig({ ...env, TRUST_PROXY: 'loopback,10.0.0.0/8', RATE_LIMITS: 'generation.user=10/1h' });
    expect(config.TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8']);
    expect(config.RATE_LIMITS).toEqual({ 'generation.user': { points: 10, windowSeconds: 3600 } });
    expect(loadGatewayConfig(env)).toMatchObject({ TRUST_PROXY: false, RATE_LIMITS: {} });
    expect(() => loadGatewayConfig({ ...env, TRUST_PROXY: 'true' })).toThrow(/Invalid configuration:\n  TRUST_PROXY: must name the proxies/);
    expect(() => loadGatewayConfig({ ...env, RATE_LIMITS: 'nope' })).toThrow(/RATE_LIMITS: "nope" is not <class>/);
  });
  it('reads a PEM signing key (as Helm generates it) and names it "gateway" unless INTERNAL_AUTH_KEY_ID says otherwise', () => {
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'sec1', format: 'pem' }) as string;
    expect(loadGatewayConfig({ ...env, INTERNAL_AUTH_PRIVATE_KEY: pem }).INTERNAL_AUTH_PRIVATE_KEY).toMatchObject({ kty: 'EC', kid: 'gateway' });
    expect(loadGatewayConfig({ ...env, INTERNAL_AUTH_PRIVATE_KEY: pem, INTERNAL_AUTH_KEY_ID: 'gateway.2' }).INTERNAL_AUTH_PRIVATE_KEY.kid).toBe('gateway.2');
    expect(() => loadGatewayConfig({ ...env, INTERNAL_AUTH_PRIVATE_KEY: pem, INTERNAL_AUTH_KEY_ID: 'media' })).toThrow(/INTERNAL_AUTH_KEY_ID: must be "gateway"/);
  });
});

describe('rate limit policies', () => {
  it('reads overrides and keeps the other defaults', () => {
    expect(parseRateLimitOverrides('generation.user=10/1h, search.client=600/1m,write.user=5/30s')).toEqual({
      'generation.user': { points: 10, windowSeconds: 3600 },
      'search.client': { points: 600, windowSeconds: 60 },
      'write.user': { points: 5, windowSeconds: 30 },
    });
    expect(parseRateLimitOverrides('')).toEqual({});
    expect(Object.keys(defaultRateLimits)).toHaveLength(12);
  });
  it('refuses unknown classes and unreadable windows', () => {
    expect(() => parseRateLimitOverrides('everything.user=1/1m')).toThrow(/class among write, search/);
    expect(() => parseRateLimitOverrides('write.user=10')).toThrow(/<calls>\/<window>/);
    expect(() => parseRateLimitOverrides('write.anyone=10/1m')).toThrow();
    expect(() => parseRateLimitOverrides('write.user=0/1m')).toThrow(/at least 1/);
  });
  it('names the wait in words', () => {
    expect(describeWait(0.2)).toBe('1 second');
    expect(describeWait(45)).toBe('45 seconds');
    expect(describeWait(600)).toBe('10 minutes');
    expect(describeWait(3600)).toBe('60 minutes');
    expect(describeWait(7200)).toBe('2 hours');
  });
});

describe('userFromClaims', () => {
  it('prefers given/family names and falls back to splitting name', () => {
    expect(userFromClaims({ sub: 's1', email: 'a@b.c', given_name: 'Ada', family_name: 'King Lovelace', picture: 'p' })).toEqual({
      id: 's1',
      email: 'a@b.c',
      firstName: 'Ada',
      lastName: 'King Lovelace',
      profileImageUrl: 'p',
    });
    expect(userFromClaims({ sub: 's2', name: 'Grace  Brewster Hopper' })).toMatchObject({
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
      email: '',
      profileImageUrl: null,
    });
  });
});

describe('EventHub', () => {
  const event = (userId: string): DomainEvent => ({
    id: '00000000-0000-4000-8000-000000000001',
    type: 'property.created',
    propertyId: 'p1',
    userId,
    occurredAt: new Date().toISOString(),
  });

  it('delivers only to the owner, without the user id, and forgets closed sinks', () => {
    const hub = new EventHub();
    const a: unknown[] = [];
    const b: unknown[] = [];
    const removeA = hub.add('alice', { send: (e) => a.push(e) });
    hub.add('bob', { send: (e) => b.push(e) });
    expect(hub.publish(event('alice'))).toBe(1);
    expect(a).toHaveLength(1);
    expect(a[0]).not.toHaveProperty('userId');
    expect(b).toHaveLength(0);
    removeA();
    expect(hub.publish(event('alice'))).toBe(0);
    expect(hub.connectionCount).toBe(1);
  });
});

describe("the AI prompt's comparables", () => {
  const comparable = (priceKind: ComparableSale['priceKind'], saleAmount: number): ComparableSale => ({
    id: `${priceKind}-${saleAmount}`,
    address: 'x',
    bedrooms: 2,
    bathrooms: 1,
    squareFootage: 800,
    saleAmount,
    saleDate: '2024-06-02',
    pricePerSqft: Math.round(saleAmount / 800),
    marketVariance: null,
    coordinates: null,
    distanceMiles: 0.4,
    timeAdjustedPrice: saleAmount,
    adjustedValue: saleAmount,
    adjustments: [],
    weight: 0.5,
    propertyType: 'single_family',
    yearBuilt: null,
    lotSize: null,
    priceKind,
    dataSource: 'x',
  });

  it('summarises recorded sales only: listings are list prices, not sales', () => {
    expect(promptComparables([comparable('sale', 200_000), comparable('listing', 900_000), comparable('sale', 300_000)])).toMatchObject({
      count: 2,
      medianSalePrice: 250_000,
    });
    expect(promptComparables([comparable('listing', 259_000)])).toBeUndefined();
    expect(promptComparables([])).toBeUndefined();
  });
});

describe("the spec's alternative names at the browser boundary", () => {
  it('reads coordinates sent as {lat, lng} as {latitude, longitude}; the contract names win and the rest is untouched', () => {
    expect(withContractNames({ address: 'x', coordinates: { lat: 38.6, lng: -121.4 } })).toEqual({ address: 'x', coordinates: { latitude: 38.6, longitude: -121.4 } });
    expect(withContractNames({ coordinates: { lat: 1, lon: 2 } })).toEqual({ coordinates: { latitude: 1, longitude: 2 } });
    expect(withContractNames({ coordinates: { latitude: 38.6, longitude: -121.4, lat: 0, lng: 0 } })).toEqual({ coordinates: { latitude: 38.6, longitude: -121.4 } });
    for (const body of [{ coordinates: null }, { address: 'x' }, null, 'text', [1]]) expect(withContractNames(body)).toEqual(body);
  });
});
