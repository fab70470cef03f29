/**
 * The gateway's security suite, driven by its own route table (read from Express), so a route added later is
 * covered without anyone remembering to: 401 on every auth-only route, 403 on every state-changing route from a
 * foreign origin, the cross-user matrix on every property- and upload-scoped route, a bad-input sweep on every
 * route (never a 5xx), 429 with Retry-After on every limited route, shared by replicas and keyed on the real client
 * address; plus the response headers of every page, Secure cookies behind a TLS proxy and the cross-site logout.
 * Figures are printed at the end ([security] lines).
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateUploadResponse, Photo, Property } from '@hsa/contracts';
import { createLogger } from '@hsa/service-kit';
import { rateLimitClasses, parseRateLimitOverrides, defaultRateLimits, type RateLimitClass } from '../src/domain/rate-limit-policies';
import { parseTrustedProxies } from '../src/domain/trusted-proxies';
import { startGateway, type GatewayHandle } from '../src/gateway';
import { TestBrowser } from './support/browser';
import { png } from './support/images';
import { apiRoutes, describeRoute, fillPath, isStateChanging, type ApiRoute } from './support/route-table';
import { startTestStack, type TestStack } from './support/stack';

const EVIL = 'https://evil.example';
const TLS_PUBLIC_URL = 'https://app.test';
const GENEROUS = rateLimitClasses.flatMap((c) => [`${c}.user=100000/1m`, `${c}.client=100000/1m`]).join(',');
/** Small limits for the 429 tests: each class 3 per user, 6 per client; `write` 5 and 10. */
const SMALL = [...rateLimitClasses.filter((c) => c !== 'write').flatMap((c) => [`${c}.user=3/1m`, `${c}.client=6/1m`]), 'write.user=5/1m', 'write.client=10/1m'].join(',');
const small = parseRateLimitOverrides(SMALL);

/** Routes that answer anonymous callers (the rest must answer 401). */
const PUBLIC_ROUTES = new Set([
  'GET /api/login',
  'GET /api/callback',
  'GET /api/logout',
  'GET /api/config',
  'GET /api/address-autocomplete',
  'POST /api/properties/lookup',
  'GET /api/properties/demo-property/comparables',
  // The self-drawn map of public open data, shown in the anonymous demo too.
  'GET /api/map/layers',
  'GET /api/map/tiles/:z/:x/:y',
]);
/** Routes run anonymously by the sweep (signing out or in mid-sweep would change what the rest test). */
const SIGN_IN_ROUTES = new Set(['GET /api/login', 'GET /api/callback', 'GET /api/logout']);

const home = {
  address: '3526 HIGH ST, SACRAMENTO, CA 95838',
  city: 'Sacramento',
  state: 'CA',
  zipCode: '95838',
  bedrooms: 2,
  bathrooms: 1,
  squareFootage: 836,
  yearBuilt: 1955,
  propertyType: 'single_family',
  additionalInfo: 'Corner lot',
  lotSize: 5000,
  coordinates: { latitude: 38.631913, longitude: -121.434879 },
  placeId: 'place-1',
};

interface Fixtures {
  propertyId: string;
  photoId: string;
  uploadId: string;
  key: string;
}

let stack: TestStack;
let routes: ApiRoute[];
let clientCounter = 0;
const figures = new Map<string, { attempted: number; refused: number; note: string }>();
const count = (name: string, refused: boolean, note: string) => {
  const entry = figures.get(name) ?? { attempted: 0, refused: 0, note };
  entry.attempted += 1;
  if (refused) entry.refused += 1;
  figures.set(name, entry);
};

/** A browser acting as its own client address (the stack trusts loopback proxies, so X-Forwarded-For names it). */
function newBrowser(origin = stack.publicUrl, aliases: Record<string, string> = {}): TestBrowser {
  clientCounter += 1;
  return new TestBrowser(origin, { 'x-forwarded-for': `198.51.${Math.floor(clientCounter / 250)}.${clientCounter % 250}` }, aliases);
}

/** A browser on the product's public address that is served by another gateway replica (same database). */
const browserOn = (gateway: GatewayHandle, headers: Record<string, string> = {}) =>
  headers['x-forwarded-for'] ? new TestBrowser(stack.publicUrl, headers, { [stack.publicUrl]: gateway.url }) : newBrowser(stack.publicUrl, { [stack.publicUrl]: gateway.url });

async function signedIn(name: string, browser = newBrowser()): Promise<TestBrowser> {
  await browser.signIn(`${name}-${clientCounter}@example.com`, name);
  return browser;
}

/** The route's URL with the given ids, plus the upload key where the route reads one. */
function urlFor(route: ApiRoute, f: Fixtures, query: Record<string, string> = {}): string {
  const path = fillPath(route, { id: f.propertyId, photoId: f.photoId, uploadId: f.uploadId, partNumber: '1' });
  const params = new URLSearchParams(route.path.startsWith('/api/uploads/s3/multipart/') ? { key: f.key, ...query } : query);
  return params.size ? `${path}?${params}` : path;
}

/** A request whose body is read to the end (or dropped, for the event stream): its status. */
async function statusOf(browser: TestBrowser, route: ApiRoute, url: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const controller = new AbortController();
  const res = await browser.request(url, { method: route.method, signal: controller.signal, ...init });
  if (res.headers.get('content-type')?.includes('text/event-stream')) controller.abort();
  else await res.arrayBuffer().catch(() => undefined);
  return res;
}

/** A property with a photo and a multipart upload in progress, owned by `browser`'s user. */
async function ownedFixtures(browser: TestBrowser): Promise<Fixtures> {
  const created = await browser.request('/api/properties', { method: 'POST', json: home });
  expect(created.status).toBe(201);
  const property = (await created.json()) as Property;
  const body = png();
  const upload = (await (await browser.request('/api/objects/upload', {
    method: 'POST',
    json: { propertyId: property.id, contentType: 'image/png', size: body.length },
  })).json()) as CreateUploadResponse;
  expect((await fetch(upload.uploadURL, { method: 'PUT', body, headers: upload.headers })).status).toBe(200);
  const attached = await browser.request(`/api/properties/${property.id}/photos`, { method: 'POST', json: { originalPath: upload.key, roomType: 'kitchen' } });
  expect(attached.status).toBe(201);
  const photo = (await attached.json()) as Photo;
  const multipart = await browser.request('/api/uploads/s3/multipart', {
    method: 'POST',
    json: { filename: 'big.png', type: 'image/png', metadata: { propertyId: property.id, size: 200_000_000 } },
  });
  expect(multipart.status).toBe(200);
  const { uploadId, key } = (await multipart.json()) as { uploadId: string; key: string };
  return { propertyId: property.id, photoId: photo.id, uploadId, key };
}

/** A plausible body for each route that reads one (routes missing here still get the whole-body variants). */
function sampleBody(route: ApiRoute, f: Fixtures): Record<string, unknown> | undefined {
  const samples: Record<string, Record<string, unknown>> = {
    'POST /api/properties': home,
    'PATCH /api/properties/:id': { bedrooms: 3, bathrooms: 1.5, additionalInfo: 'New roof', placeId: 'p2', coordinates: home.coordinates },
    'POST /api/properties/lookup': { address: home.address, placeId: 'place-1' },
    'PATCH /api/properties/:id/listing': { description: 'A bright home.\nNew kitchen.' },
    'POST /api/properties/:id/photos': { originalPath: f.key, roomType: 'kitchen' },
    'PATCH /api/properties/:id/photos/:photoId': { roomType: 'bedroom' },
    'POST /api/objects/upload': { propertyId: f.propertyId, contentType: 'image/png', size: 100 },
    'POST /api/uploads/s3/multipart': { filename: 'a.png', type: 'image/png', metadata: { propertyId: f.propertyId, size: 200_000_000 } },
    'POST /api/uploads/s3/multipart/:uploadId/complete': { parts: [{ PartNumber: 1, ETag: '"abc"' }] },
  };
  return samples[describeRoute(route)];
}

/** Query parameters each route reads (every route also gets stray ones). */
function sampleQuery(route: ApiRoute, f: Fixtures): Record<string, string> {
  const samples: Record<string, Record<string, string>> = {
    'GET /api/address-autocomplete': { input: '3526 high' },
    'GET /api/properties/demo-property/comparables': { address: home.address },
    'GET /api/uploads/s3/params': { filename: 'a.png', type: 'image/png', 'metadata[propertyId]': f.propertyId },
    'GET /api/login': { returnTo: '/dashboard' },
    'GET /api/callback': { code: 'abc', state: 'def', iss: 'x' },
  };
  return samples[describeRoute(route)] ?? {};
}

const HUGE = 'a'.repeat(100_000);
/** Values put in place of each field of a sample body. */
const FIELD_VARIANTS: unknown[] = ['x\u0000y', 'x\u001by', HUGE, 'x\uD800y', 1e308, null, ['a', 'b'], JSON.parse('{"__proto__": {"polluted": true}}')];
/** Whole bodies sent raw, whatever the route expects. */
const RAW_BODIES = [
  'null',
  '[]',
  '"text"',
  '123',
  '{}',
  '{"a":',
  '{"bedrooms": 1e400}',
  '{"__proto__": {"polluted": true}}',
  '{"constructor": {"prototype": {"polluted": true}}}',
  `{"x": "${'\\u0000'.repeat(10)}"}`,
  '['.repeat(5000) + ']'.repeat(5000),
];

/** Every body variant of a route: its sample with each field replaced in turn, then the raw bodies. */
function bodyVariants(sample: Record<string, unknown> | undefined): { raw: string; label: string }[] {
  const variants: { raw: string; label: string }[] = [];
  const fields = (object: Record<string, unknown>, prefix: string[] = []): string[][] =>
    Object.entries(object).flatMap(([key, value]) =>
      value && typeof value === 'object' && !Array.isArray(value) ? [[...prefix, key], ...fields(value as Record<string, unknown>, [...prefix, key])] : [[...prefix, key]],
    );
  if (sample) {
    for (const path of fields(sample)) {
      for (const value of FIELD_VARIANTS) {
        const copy = structuredClone(sample);
        let target = copy as Record<string, unknown>;
        for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
        target[path.at(-1)!] = value;
        variants.push({ raw: JSON.stringify(copy), label: `${path.join('.')}=${JSON.stringify(value)?.slice(0, 20)}` });
      }
    }
    variants.push({ raw: JSON.stringify(sample).replace(/^\{/, '{"__proto__":{"polluted":true},'), label: '__proto__ key' });
  }
  return [...variants, ...RAW_BODIES.map((raw) => ({ raw, label: `raw ${raw.slice(0, 20)}` }))];
}

/** Raw (already encoded) values put in place of each query parameter: control characters, huge, not UTF-8. */
const BROKEN_QUERY_VALUES = ['x%00y', 'x%1By', 'x%C2%85y', 'a'.repeat(10_000), 'x%ED%A0%80y', 'x%FFy', '%'];

/** Query variants: each sampled parameter broken in turn, repeated, or sent as an object; plus stray parameters. */
function queryVariants(sample: Record<string, string>): { query: string; label: string }[] {
  const encode = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const without = (name: string) => encode(Object.fromEntries(Object.entries(sample).filter(([key]) => key !== name)));
  const join = (...parts: string[]) => parts.filter(Boolean).join('&');
  const variants: { query: string; label: string }[] = [];
  for (const name of Object.keys(sample)) {
    const key = encodeURIComponent(name);
    for (const raw of BROKEN_QUERY_VALUES) variants.push({ query: join(without(name), `${key}=${raw}`), label: `${name}=${raw.slice(0, 12)}` });
    variants.push({ query: join(encode(sample), `${key}=second`), label: `${name} twice` });
    variants.push({ query: join(without(name), `${key}[a]=b&${key}[__proto__][polluted]=1`), label: `${name} as object` });
  }
  for (const stray of ['__proto__[polluted]=1', 'constructor[prototype][polluted]=1', '%00=x', 'x=%ZZ']) {
    variants.push({ query: join(encode(sample), stray), label: stray });
  }
  return variants;
}

/** Runs `work` over `items`, `size` at a time. */
async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

beforeAll(async () => {
  stack = await startTestStack({
    allServices: true,
    env: { TRUST_PROXY: 'loopback', RATE_LIMITS: GENEROUS },
    extraRedirectUris: [`${TLS_PUBLIC_URL}/api/callback`],
  });
  routes = apiRoutes(stack.gateway.app);
}, 120_000);

afterAll(async () => {
  if (figures.size) {
    console.log('[security] probe figures (attempted / refused):');
    for (const [name, { attempted, refused, note }] of figures) console.log(`[security]   ${name}: ${attempted} / ${refused} ${note}`);
  }
  await stack?.close();
});

describe('the route table', () => {
  it('lists every /api route the gateway serves', () => {
    const names = routes.map(describeRoute);
    for (const known of ['POST /api/properties', 'GET /api/properties/:id', 'POST /api/properties/:id/recommendations', 'GET /api/events', 'GET /api/uploads/s3/params']) {
      expect(names).toContain(known);
    }
    expect(routes.length).toBeGreaterThan(30);
  });
});

describe('access control over every route', () => {
  let alice: TestBrowser;
  let bob: TestBrowser;
  let alices: Fixtures;

  beforeAll(async () => {
    alice = await signedIn('Alice');
    bob = await signedIn('Bob');
    alices = await ownedFixtures(alice);
  });

  it('answers 401 on every auth-only route when signed out', async () => {
    const anonymous = newBrowser();
    const authOnly = routes.filter((r) => !PUBLIC_ROUTES.has(describeRoute(r)));
    expect(authOnly.length).toBeGreaterThan(25);
    for (const route of authOnly) {
      const res = await statusOf(anonymous, route, urlFor(route, alices), { json: isStateChanging(route) ? sampleBody(route, alices) ?? {} : undefined });
      count('401 on auth-only routes when signed out', res.status === 401, `(${authOnly.length} routes)`);
      expect(`${describeRoute(route)} -> ${res.status}`).toBe(`${describeRoute(route)} -> 401`);
    }
  });

  it('answers 403 on every state-changing route called from another origin, or with no origin at all', async () => {
    const writes = routes.filter(isStateChanging);
    for (const route of writes) {
      for (const headers of [{ origin: EVIL }, { origin: 'null' }, { origin: '', referer: `${EVIL}/page` }, { origin: '' }]) {
        const res = await statusOf(alice, route, urlFor(route, alices), { json: sampleBody(route, alices) ?? {}, headers: { ...headers } });
        count('403 on state-changing routes from a foreign origin', res.status === 403, `(${writes.length} routes x 4 forms)`);
        expect(`${describeRoute(route)} ${JSON.stringify(headers)} -> ${res.status}`).toBe(`${describeRoute(route)} ${JSON.stringify(headers)} -> 403`);
      }
    }
  });

  it("answers 404 to another user on every property- and upload-scoped route, and changes nothing of the owner's", async () => {
    const scoped = routes.filter((r) => /:id|:uploadId/.test(r.path));
    expect(scoped.length).toBeGreaterThan(15);
    const before = await (await alice.request(`/api/properties/${alices.propertyId}`)).json();
    for (const route of scoped) {
      const res = await statusOf(bob, route, urlFor(route, alices), { json: isStateChanging(route) ? sampleBody(route, alices) ?? {} : undefined });
      count("cross-user calls on another user's property or upload", res.status === 404, `(${scoped.length} routes)`);
      expect(`${describeRoute(route)} -> ${res.status}`).toBe(`${describeRoute(route)} -> 404`);
    }
    expect(await (await alice.request(`/api/properties/${alices.propertyId}`)).json()).toEqual(before);
    const photos = (await (await alice.request(`/api/properties/${alices.propertyId}/photos`)).json()) as Photo[];
    expect(photos.map((p) => [p.id, p.roomType])).toEqual([[alices.photoId, 'kitchen']]);
    expect((await alice.request(`/api/properties/${alices.propertyId}/listing`)).status).toBe(404);
    expect(await (await alice.request(`/api/properties/${alices.propertyId}/recommendations`)).json()).toEqual([]);
  });
});

describe('bad input on every route', () => {
  it('never answers 5xx, pollutes no prototype, and refuses control characters in text fields with a 400 naming the field', { timeout: 120_000 }, async () => {
    const carol = await signedIn('Carol');
    const carols = await ownedFixtures(carol);
    const anonymous = newBrowser();
    await anonymous.request('/api/login'); // a pending sign-in, so the callback runs its checks
    const failures: string[] = [];
    const notImplemented: string[] = [];
    let attempted = 0;
    let refused = 0;
    for (const route of routes) {
      const browser = SIGN_IN_ROUTES.has(describeRoute(route)) ? anonymous : carol;
      const query = sampleQuery(route, carols);
      const attempts: { url: string; init: RequestInit; label: string }[] = queryVariants(query).map((v) => ({
        url: `${urlFor(route, carols)}${urlFor(route, carols).includes('?') ? '&' : '?'}${v.query}`,
        init: {},
        label: `query ${v.label}`,
      }));
      if (isStateChanging(route)) {
        for (const body of bodyVariants(sampleBody(route, carols))) {
          attempts.push({ url: urlFor(route, carols, query), init: { body: body.raw, headers: { 'content-type': 'application/json' } }, label: body.label });
        }
        attempts.push({ url: urlFor(route, carols, query), init: { body: 'a=b', headers: { 'content-type': 'text/plain' } }, label: 'text/plain body' });
      }
      // A route that is deliberately not implemented (501 to a well-formed call) has nothing to sweep.
      const baseline = await statusOf(browser, route, urlFor(route, carols, query), { json: isStateChanging(route) ? sampleBody(route, carols) ?? {} : undefined });
      if (baseline.status === 501) {
        notImplemented.push(describeRoute(route));
        continue;
      }
      await inBatches(attempts, 4, async (attempt) => {
        const res = await statusOf(browser, route, attempt.url, attempt.init);
        attempted += 1;
        if (res.status >= 400) refused += 1;
        if (res.status >= 500) failures.push(`${describeRoute(route)} [${attempt.label}] -> ${res.status}`);
      });
    }
    figures.set('bad-input sweep (every route, body and query variants)', {
      attempted,
      refused,
      note: `refused with 4xx; ${failures.length} answered 5xx; not implemented (501 to any call): ${notImplemented.join(', ') || 'none'}`,
    });
    expect(failures).toEqual([]);
    expect(notImplemented).toEqual(['GET /api/uploads/s3/sts']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');

    // The fields the probe found: each answers 400 with a message naming it.
    const property = `/api/properties/${carols.propertyId}`;
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/api/properties', { ...home, address: 'x\u0000' }, 'Address must not contain control characters'],
      ['POST', '/api/properties', { ...home, city: 'x\u0000' }, 'City must not contain control characters'],
      ['POST', '/api/properties', { ...home, state: 'C\u0000A' }, 'State must not contain control characters'],
      ['POST', '/api/properties', { ...home, additionalInfo: 'x\u0000' }, 'Additional information must not contain control characters'],
      ['POST', '/api/properties', { ...home, placeId: 'x\u0000' }, 'placeId must not contain control characters'],
      ['PATCH', property, { additionalInfo: 'x\u001b[31m' }, 'Additional information must not contain control characters'],
      ['POST', '/api/properties/lookup', { address: '3526 High\u0000 St' }, 'Address must not contain control characters'],
      ['POST', '/api/properties/lookup', { address: home.address, placeId: 'p\u0000' }, 'placeId must not contain control characters'],
      ['PATCH', `${property}/listing`, { description: 'Nice\u0000home' }, 'Description must not contain control characters'],
    ];
    for (const [method, path, json, message] of cases) {
      const res = await carol.request(path, { method, json });
      expect(`${method} ${path} ${res.status} ${((await res.json()) as { message: string }).message}`).toBe(`${method} ${path} 400 ${message}`);
    }
    // A body over the parser's limit is refused before any handler (the same parser serves every route).
    const huge = await carol.request('/api/properties', { method: 'POST', body: JSON.stringify({ ...home, additionalInfo: 'y'.repeat(2 * 1024 * 1024) }), headers: { 'content-type': 'application/json' } });
    expect(huge.status).toBe(413);
  });
});

describe('limits', () => {
  let limited: GatewayHandle;
  let replica: GatewayHandle;
  let proxied: GatewayHandle;
  const logger = createLogger('security-test', 'silent');

  beforeAll(async () => {
    const config = { ...stack.config, PORT: 0, RATE_LIMITS: small };
    // Two replicas of the same gateway (one database), both behind a loopback proxy.
    limited = await startGateway(config, logger);
    replica = await startGateway(config, logger);
    // One trusting only a proxy at 127.0.0.2: a client connecting from 127.0.0.1 cannot name its own address.
    proxied = await startGateway({ ...config, TRUST_PROXY: parseTrustedProxies('127.0.0.2') }, logger);
  });

  afterAll(async () => {
    for (const gateway of [limited, replica, proxied]) await gateway?.close();
  });

  const limitOf = (limitClass: RateLimitClass, scope: 'user' | 'client') => (small[`${limitClass}.${scope}`] ?? defaultRateLimits[`${limitClass}.${scope}`]).points;
  /** Calls a signed-in user may make on a route before 429 (each of its classes, and `write` for a state-changing one). */
  const allowance = (route: ApiRoute, scope: 'user' | 'client') =>
    Math.min(...[...route.limitClasses, ...(isStateChanging(route) ? (['write'] as const) : [])].map((c) => limitOf(c, scope)));

  it('answers 429 with Retry-After on every limited route once a user has used its allowance', async () => {
    const limitedRoutes = routes.filter((r) => r.limitClasses.length || isStateChanging(r)).filter((r) => !SIGN_IN_ROUTES.has(describeRoute(r)));
    expect(limitedRoutes.length).toBeGreaterThan(15);
    for (const route of limitedRoutes) {
      const browser = await signedIn('Lim', browserOn(limited));
      const ids = { propertyId: '00000000-0000-4000-8000-000000000000', photoId: '00000000-0000-4000-8000-000000000001', uploadId: 'u', key: 'k' };
      const allowed = allowance(route, 'user');
      const statuses: number[] = [];
      for (let i = 0; i <= allowed; i++) {
        statuses.push((await statusOf(browser, route, urlFor(route, ids, sampleQuery(route, ids)), { json: sampleBody(route, ids) })).status);
      }
      const last = statuses.at(-1);
      count('429 once a user used the allowance of a limited route', last === 429, `(${limitedRoutes.length} routes)`);
      expect(`${describeRoute(route)}: ${statuses.slice(0, -1).includes(429) ? 'early 429' : 'ok'} then ${last}`).toBe(`${describeRoute(route)}: ok then 429`);
    }
  });

  it('counts per client address across users, tells how long to wait, and shares counts between replicas', async () => {
    const lookup = routes.find((r) => describeRoute(r) === 'POST /api/properties/lookup')!;
    const address = '203.0.113.7';
    const perClient = limitOf('valuation', 'client');
    const statuses: number[] = [];
    for (let i = 0; i <= perClient; i++) {
      // Alternating between the replicas, all from one client address.
      const gateway = i % 2 ? replica : limited;
      const res = await browserOn(gateway, { 'x-forwarded-for': address }).request('/api/properties/lookup', { method: 'POST', json: { address: home.address } });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
        expect(((await res.json()) as { message: string }).message).toMatch(/^Too many requests \(address lookup, .*\): please try again in \d+ seconds?\.$/);
      }
    }
    count('429 per client across users and replicas', statuses.at(-1) === 429, `(${describeRoute(lookup)})`);
    expect(statuses).toEqual([...Array(perClient).fill(200), 429]);
    // Another client address is not affected.
    expect((await browserOn(limited, { 'x-forwarded-for': '203.0.113.8' }).request('/api/properties/lookup', { method: 'POST', json: { address: home.address } })).status).toBe(200);
  });

  it('believes X-Forwarded-For only from the configured proxy hops', async () => {
    const perClient = limitOf('search', 'client');
    const search = (localAddress: string, forwardedFor: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(`${proxied.url}/api/address-autocomplete?input=high`, { localAddress, headers: { 'x-forwarded-for': forwardedFor } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
    // Through the trusted proxy every client has its own allowance.
    const viaProxy: number[] = [];
    for (let i = 0; i <= perClient + 2; i++) viaProxy.push(await search('127.0.0.2', `192.0.2.${i + 1}`));
    expect(viaProxy.every((s) => s === 200)).toBe(true);
    // Straight from 127.0.0.1 a client's own X-Forwarded-For is ignored: a new one per call still hits the limit.
    const direct: number[] = [];
    for (let i = 0; i <= perClient; i++) direct.push(await search('127.0.0.1', `192.0.2.${100 + i}`));
    count('spoofed X-Forwarded-For from an untrusted peer', direct.at(-1) === 429, '(limit still applies)');
    expect(direct).toEqual([...Array(perClient).fill(200), 429]);
  });
});

describe('response headers', () => {
  it('sends a Content-Security-Policy without inline script and a Permissions-Policy on every page', async () => {
    const browser = newBrowser();
    for (const path of ['/', '/dashboard', '/no-such-page', '/remotes.json', '/favicon.svg']) {
      const res = await browser.request(path);
      await res.arrayBuffer();
      const csp = res.headers.get('content-security-policy') ?? '';
      const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
      expect(directive('script-src'), path).toBe("script-src 'self'");
      expect(directive('object-src'), path).toBe("object-src 'none'");
      expect(directive('frame-ancestors'), path).toBe("frame-ancestors 'none'");
      expect(directive('base-uri'), path).toBe("base-uri 'self'");
      expect(directive('img-src'), path).toContain(new URL(stack.s3!.endpoint).origin);
      expect(directive('connect-src'), path).toContain(new URL(stack.s3!.endpoint).origin);
      expect(csp, path).not.toMatch(/google/);
      expect(csp, path).not.toContain('upgrade-insecure-requests');
      expect(res.headers.get('permissions-policy'), path).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it("answers the API with OWASP's headers for REST responses, not the page's policy", async () => {
    const browser = newBrowser();
    for (const path of ['/api/config', '/api/no-such-call', '/api/address-autocomplete?input=12', '/api/auth/user']) {
      const res = await browser.request(path);
      const body = await res.arrayBuffer();
      expect(res.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      for (const pageOnly of ['permissions-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection', 'strict-transport-security']) {
        expect(res.headers.get(pageOnly), `${path} ${pageOnly}`).toBeNull();
      }
      // The whole header block stays small next to the answer it carries.
      const headerBytes = [...res.headers].reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
      expect(headerBytes, `${path} (${body.byteLength} bytes of body)`).toBeLessThan(600);
    }
  });

  it('allows Google Maps only when a browser key is configured', async () => {
    const withMaps = await startGateway({ ...stack.config, PORT: 0, GOOGLE_MAPS_BROWSER_KEY: 'browser-key' }, createLogger('security-test', 'silent'));
    try {
      const csp = (await fetch(`${withMaps.url}/`)).headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self' https://*.googleapis.com https://*.gstatic.com");
      expect(csp).toContain('frame-src *.google.com');
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    } finally {
      await withMaps.close();
    }
  });
});

describe('behind a TLS-terminating proxy (PUBLIC_URL https)', () => {
  it('marks every cookie Secure and sends HSTS, with a plain-http hop to the gateway', async () => {
    const tls = await startGateway({ ...stack.config, PORT: 0, PUBLIC_URL: TLS_PUBLIC_URL, publicUrl: TLS_PUBLIC_URL }, createLogger('security-test', 'silent'));
    try {
      const browser = newBrowser(TLS_PUBLIC_URL, { [TLS_PUBLIC_URL]: tls.url });
      const landed = await browser.signIn('tls@example.com', 'Tls', '/dashboard');
      expect(landed).toBe(`${TLS_PUBLIC_URL}/dashboard`);
      expect(browser.setCookieLines.get('hsa.signin')).toMatch(/;\s*Secure/i);
      expect(browser.setCookieLines.get('hsa.sid')).toMatch(/;\s*Secure/i);
      const res = await browser.request('/api/auth/user');
      expect(res.status).toBe(200);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      const page = await browser.request('/dashboard');
      expect(page.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(page.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    } finally {
      await tls.close();
    }
  });
});

describe('sign-out', () => {
  it('cannot be triggered by another site, but works from the product and from the address bar', async () => {
    const dana = await signedIn('Dana');
    const forged: [string, Record<string, string>][] = [
      ['a link on another site', { 'sec-fetch-site': 'cross-site', referer: `${EVIL}/` }],
      ['another site hiding its referrer', { 'sec-fetch-site': 'cross-site' }],
      ['a sibling site', { 'sec-fetch-site': 'same-site', referer: 'http://127.0.0.2:1/' }],
      ['an old browser on another site', { referer: `${EVIL}/page` }],
    ];
    for (const [what, headers] of forged) {
      const res = await dana.request('/api/logout', { headers });
      count('cross-site sign-out attempts', res.status === 303 && res.headers.get('location') === '/', '');
      expect(`${what}: ${res.status} ${res.headers.get('location')}`).toBe(`${what}: 303 /`);
      expect((await dana.request('/api/auth/user')).status).toBe(200);
    }
    const own = await dana.request('/api/logout', { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(own.status).toBe(302);
    expect((await dana.request('/api/auth/user')).status).toBe(401);

    const erin = await signedIn('Erin');
    await erin.request('/api/logout', { headers: { 'sec-fetch-site': 'none' } });
    expect((await erin.request('/api/auth/user')).status).toBe(401);
  });
});
