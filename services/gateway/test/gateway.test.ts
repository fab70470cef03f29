import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valueHistoryResponseSchema, type AuthUser, type Property, type RecordedSale } from '@hsa/contracts';
import { createLogger, databaseUrlFor } from '@hsa/service-kit';
import { startCuttableRelay, testNatsUrl } from '@hsa/service-kit/testing';
import pg from 'pg';
import { OPEN_REDIRECT_VECTORS } from './support/attack-vectors';
import { TestBrowser } from './support/browser';
import { startTestStack, waitFor, type TestStack } from './support/stack';
import { startGateway } from '../src/gateway';

const validProperty = {
  address: '4112 Palm Ave, Sacramento, CA 95842',
  city: 'Sacramento',
  state: 'CA',
  zipCode: '95842',
  bedrooms: 3,
  bathrooms: 2.5,
  squareFootage: 1650,
  yearBuilt: 1978,
  propertyType: 'single_family',
  additionalInfo: 'Corner lot',
  estimatedValue: 412000,
  estimatedValueLow: 380000,
  estimatedValueHigh: 440000,
  lotSize: 6500,
  coordinates: { latitude: 38.68, longitude: -121.34 },
  placeId: 'place-123',
};

describe('gateway against real identity, property service, PostgreSQL and NATS', () => {
  let stack: TestStack;
  let alice: TestBrowser;
  let bob: TestBrowser;

  beforeAll(async () => {
    stack = await startTestStack();
    alice = new TestBrowser(stack.publicUrl);
    bob = new TestBrowser(stack.publicUrl);
    await bob.signIn('bob@example.com', 'Bob Builder');
  });

  afterAll(async () => {
    await stack?.close();
  });

  const sessionCount = async () => {
    const client = new pg.Client({ connectionString: databaseUrlFor(stack.config.DATABASE_URL, stack.config.GATEWAY_DATABASE_NAME) });
    await client.connect();
    try {
      return Number((await client.query('select count(*) from session')).rows[0].count);
    } finally {
      await client.end();
    }
  };

  it('answers 401 for the current user when signed out', async () => {
    const res = await new TestBrowser(stack.publicUrl).request('/api/auth/user');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('signs in with PKCE (S256), a state and a nonce, keeping nothing in the session store before sign-in', async () => {
    const sessionsBefore = await sessionCount();
    const login = await alice.request('/api/login?returnTo=%2Fdashboard%3Ftab%3Dactive');
    expect(login.status).toBe(302);
    const authorize = new URL(login.headers.get('location')!);
    expect(authorize.pathname).toContain('/auth');
    expect(authorize.searchParams.get('scope')).toBe('openid profile email');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    // The pending sign-in is an encrypted cookie for the callback only, gone in 10 minutes; no session yet.
    expect(alice.cookie(stack.publicUrl, 'hsa.sid')).toBeUndefined();
    const pending = alice.setCookieLines.get('hsa.signin')!;
    expect(pending).toMatch(/HttpOnly/i);
    expect(pending).toMatch(/SameSite=Lax/i);
    expect(pending).toMatch(/Path=\/api\/callback/i);
    expect(pending).toMatch(/Max-Age=600/i);
    expect(pending).not.toContain(authorize.searchParams.get('state'));
    for (let i = 0; i < 10; i++) await new TestBrowser(stack.publicUrl).request('/api/login');
    expect(await sessionCount()).toBe(sessionsBefore);

    const landed = await alice.signIn('Ada.Lovelace@Example.com', 'Ada King Lovelace', '/dashboard?tab=active');
    expect(landed).toBe(`${stack.publicUrl}/dashboard?tab=active`);
    expect(alice.cookie(stack.publicUrl, 'hsa.sid')).toBeDefined();
    expect(alice.cookie(stack.publicUrl, 'hsa.signin')).toBeUndefined();
    expect(await sessionCount()).toBe(sessionsBefore + 1);

    const res = await alice.request('/api/auth/user');
    expect(res.status).toBe(200);
    const user = (await res.json()) as AuthUser;
    expect(user).toEqual({
      id: expect.any(String),
      email: 'ada.lovelace@example.com',
      firstName: 'Ada',
      lastName: 'King Lovelace',
      profileImageUrl: expect.stringMatching(/^http/),
    });
    expect(Object.keys(user).sort()).toEqual(['email', 'firstName', 'id', 'lastName', 'profileImageUrl']);
  });

  it('sets the session cookie httpOnly and SameSite=Lax (not Secure over plain http)', async () => {
    const b = new TestBrowser(stack.publicUrl);
    await b.signIn('frank@example.com', 'Frank');
    const cookie = b.setCookieLines.get('hsa.sid')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('writes a signed-in session at most once a minute, not on every request', async () => {
    const b = new TestBrowser(stack.publicUrl);
    await b.signIn('grace@example.com', 'Grace');
    const client = new pg.Client({ connectionString: databaseUrlFor(stack.config.DATABASE_URL, stack.config.GATEWAY_DATABASE_NAME) });
    await client.connect();
    try {
      const stored = async () => (await client.query('select sess::text, expire from session')).rows as { sess: string; expire: Date }[];
      const before = await stored();
      for (let i = 0; i < 10; i++) {
        const res = await b.request(i % 2 ? '/api/auth/user' : '/api/user/properties/active');
        expect(res.status).toBe(200);
        // No session cookie is sent again either: the browser's copy keeps its lifetime until the next renewal.
        expect(res.headers.getSetCookie().filter((line) => line.startsWith('hsa.sid='))).toEqual([]);
      }
      // Every session row (this one and the other tests') is exactly as it was: neither saved nor touched.
      expect(await stored()).toEqual(before);
    } finally {
      await client.end();
    }
  });

  it('refuses a callback that does not match the sign-in this browser started', async () => {
    const mallory = new TestBrowser(stack.publicUrl);
    const { res, url } = await mallory.navigate('/api/login?returnTo=%2Fdashboard');
    const form = await res.text();
    // The victim's browser arrives at the callback with the attacker's code but without the attacker's cookie.
    const victim = new TestBrowser(stack.publicUrl);
    let callback: URL | undefined;
    const submitted = await mallory.submitForm(form, url, { email: 'mallory@example.com', name: 'Mallory' }, (location) => {
      if (location.pathname === '/api/callback') callback = location;
      return location.pathname !== '/api/callback';
    });
    expect(submitted.url).toContain('/api/callback');
    const landed = await victim.navigate(callback!.pathname + callback!.search);
    expect(landed.url).toBe(`${stack.publicUrl}/`);
    expect((await victim.request('/api/auth/user')).status).toBe(401);
  });

  it('refuses open redirects after sign-in, for every vector', async () => {
    const b = new TestBrowser(stack.publicUrl);
    expect(await b.signIn('eve@example.com', 'Eve', 'https://evil.example/x')).toBe(`${stack.publicUrl}/`);
    for (const vector of OPEN_REDIRECT_VECTORS) {
      // The return path travels in the encrypted pending sign-in cookie; the callback redirects to it.
      const landed = await new TestBrowser(stack.publicUrl).signIn('eve@example.com', 'Eve', vector);
      expect(`${vector} -> ${landed}`).toBe(`${vector} -> ${stack.publicUrl}/`);
    }
  });

  it('answers 401 to every property call when signed out', async () => {
    const anon = new TestBrowser(stack.publicUrl);
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: [string, string][] = [
      ['POST', '/api/properties'],
      ['GET', `/api/properties/${id}`],
      ['PATCH', `/api/properties/${id}`],
      ['PATCH', `/api/properties/${id}/archive`],
      ['PATCH', `/api/properties/${id}/unarchive`],
      ['GET', '/api/user/properties'],
      ['GET', '/api/user/properties/active'],
      ['GET', '/api/user/properties/archived'],
      ['GET', '/api/events'],
    ];
    for (const [method, path] of calls) {
      const res = await anon.request(path, { method, json: method === 'GET' ? undefined : validProperty });
      expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} 401`);
    }
  });

  it('creates, reads, updates, lists, archives and restores a property with the spec field names', async () => {
    const created = await alice.request('/api/properties', { method: 'POST', json: validProperty });
    expect(created.status).toBe(201);
    const property = (await created.json()) as Property;
    expect(property).toMatchObject({ ...validProperty, archived: false, archivedAt: null });
    expect(property.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(property.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const got = await alice.request(`/api/properties/${property.id}`);
    expect(await got.json()).toEqual(property);

    const patched = await alice.request(`/api/properties/${property.id}`, {
      method: 'PATCH',
      json: { bedrooms: 4, bathrooms: 3, squareFootage: 1800, yearBuilt: null, propertyType: 'townhouse', additionalInfo: 'New roof' },
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ bedrooms: 4, bathrooms: 3, squareFootage: 1800, yearBuilt: null, propertyType: 'townhouse', additionalInfo: 'New roof', city: 'Sacramento' });

    const list = async (path: string) => ((await (await alice.request(path)).json()) as Property[]).map((p) => p.id);
    expect(await list('/api/user/properties/active')).toContain(property.id);
    expect(await list('/api/user/properties/archived')).not.toContain(property.id);

    const archived = await alice.request(`/api/properties/${property.id}/archive`, { method: 'PATCH' });
    expect(archived.status).toBe(200);
    expect(await archived.json()).toMatchObject({ archived: true, archivedAt: expect.any(String) });
    expect(await list('/api/user/properties/active')).not.toContain(property.id);
    expect(await list('/api/user/properties/archived')).toContain(property.id);
    expect(await list('/api/user/properties')).toContain(property.id);

    const restored = await alice.request(`/api/properties/${property.id}/unarchive`, { method: 'PATCH' });
    expect(await restored.json()).toMatchObject({ archived: false, archivedAt: null });
    expect(await list('/api/user/properties/active')).toContain(property.id);
  });

  it("answers 404 for another user's property, unknown ids and malformed ids, and hides it from lists", async () => {
    const created = (await (await alice.request('/api/properties', { method: 'POST', json: validProperty })).json()) as Property;
    for (const [method, path] of [
      ['GET', `/api/properties/${created.id}`],
      ['PATCH', `/api/properties/${created.id}`],
      ['PATCH', `/api/properties/${created.id}/archive`],
      ['PATCH', `/api/properties/${created.id}/unarchive`],
    ] as const) {
      const res = await bob.request(path, { method, json: method === 'PATCH' ? { bedrooms: 2 } : undefined });
      expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} 404`);
    }
    const bobs = (await (await bob.request('/api/user/properties')).json()) as Property[];
    expect(bobs.map((p) => p.id)).not.toContain(created.id);
    expect((await alice.request('/api/properties/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await alice.request('/api/properties/not-a-uuid')).status).toBe(404);
    expect((await alice.request(`/api/properties/${created.id}`)).status).toBe(200);
  });

  it('answers 400 with the spec validation message and loses nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...validProperty, bedrooms: 0 }, 'Must have at least 1 bedroom'],
      [{ ...validProperty, bathrooms: 0 }, 'Must have at least 0.5 bathrooms'],
      [{ ...validProperty, squareFootage: 0 }, 'Square footage is required'],
      [{ ...validProperty, address: '  ' }, 'Address is required'],
      [{ ...validProperty, city: '' }, 'City is required'],
      [{ ...validProperty, state: undefined }, 'State is required'],
      [{ ...validProperty, zipCode: '' }, 'ZIP code is required'],
      // Values no home has are refused in words, never clamped into range.
      [{ ...validProperty, squareFootage: 1 }, 'Square footage must be between 100 and 100,000 sq ft'],
      [{ ...validProperty, squareFootage: 1650.5 }, 'Square footage must be a whole number'],
      [{ ...validProperty, squareFootage: '1650' }, 'Square footage must be a number'],
      [{ ...validProperty, bedrooms: 99 }, 'Bedrooms must be at most 30'],
      [{ ...validProperty, bathrooms: 2.25 }, 'Bathrooms must be in steps of 0.5'],
      [{ ...validProperty, yearBuilt: new Date().getUTCFullYear() + 2 }, 'Year built cannot be in the future'],
      [{ ...validProperty, yearBuilt: 1066 }, 'Year built must be 1600 or later'],
      [{ ...validProperty, lotSize: 5e9 }, 'Lot size must be between 0 and 100,000,000 sq ft'],
      [{ ...validProperty, estimatedValue: -100 }, 'Estimated value cannot be negative'],
    ];
    for (const [body, message] of cases) {
      const res = await alice.request('/api/properties', { method: 'POST', json: body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    const malformed = await alice.request('/api/properties', {
      method: 'POST',
      body: '{"address": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: 'Malformed JSON body' });

    const created = (await (await alice.request('/api/properties', { method: 'POST', json: validProperty })).json()) as Property;
    const badPatch = await alice.request(`/api/properties/${created.id}`, { method: 'PATCH', json: { bedrooms: 0 } });
    expect(badPatch.status).toBe(400);
    expect(await badPatch.text()).toContain('Must have at least 1 bedroom');
    expect(await (await alice.request(`/api/properties/${created.id}`)).json()).toMatchObject({ bedrooms: validProperty.bedrooms });
    const tinyPatch = await alice.request(`/api/properties/${created.id}`, { method: 'PATCH', json: { squareFootage: 0 } });
    expect(tinyPatch.status).toBe(400);
    expect(((await tinyPatch.json()) as { message: string }).message).toBe('Square footage is required');
    const futurePatch = await alice.request(`/api/properties/${created.id}`, { method: 'PATCH', json: { yearBuilt: 3000 } });
    expect(futurePatch.status).toBe(400);
    expect(((await futurePatch.json()) as { message: string }).message).toBe('Year built cannot be in the future');
    expect(await (await alice.request(`/api/properties/${created.id}`)).json()).toMatchObject({ squareFootage: validProperty.squareFootage, yearBuilt: validProperty.yearBuilt });
  });

  it('refuses state-changing calls from another origin (or none) with 403', async () => {
    const evil = await alice.request('/api/properties', { method: 'POST', json: validProperty, headers: { origin: 'http://evil.example' } });
    expect(evil.status).toBe(403);
    const url = `${stack.publicUrl}/api/properties`;
    const noOrigin = await fetch(url, {
      method: 'POST',
      headers: { cookie: alice.cookieHeader(url), 'content-type': 'application/json' },
      body: JSON.stringify(validProperty),
    });
    expect(noOrigin.status).toBe(403);
  });

  it("streams the user's own events over SSE, and no one else's", async () => {
    const open = async (b: TestBrowser) => {
      const controller = new AbortController();
      const url = `${stack.publicUrl}/api/events`;
      const res = await fetch(url, { headers: { cookie: b.cookieHeader(url) }, signal: controller.signal });
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      const received: string[] = [];
      const reader = res.body!.getReader();
      void (async () => {
        const decoder = new TextDecoder();
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            received.push(decoder.decode(value));
          }
        } catch {
          // aborted
        }
      })();
      return { received, close: () => controller.abort() };
    };
    const aliceStream = await open(alice);
    const bobStream = await open(bob);
    await new Promise((r) => setTimeout(r, 300));
    const created = (await (await alice.request('/api/properties', { method: 'POST', json: validProperty })).json()) as Property;
    await waitFor(() => aliceStream.received.join('').includes(created.id), 10_000, 'SSE event');
    const text = aliceStream.received.join('');
    expect(text).toContain('event: property.created');
    const data = JSON.parse(/data: (.*)\n/.exec(text.slice(text.indexOf('event: property.created')))![1]!);
    expect(data).toEqual({ id: expect.any(String), type: 'property.created', propertyId: created.id, occurredAt: expect.any(String) });
    await new Promise((r) => setTimeout(r, 500));
    expect(bobStream.received.join('')).not.toContain(created.id);
    aliceStream.close();
    bobStream.close();
  });

  it('looks up an address anonymously and refreshes a saved property\'s valuation, with its event', async () => {
    const anon = new TestBrowser(stack.publicUrl);
    const lookup = await anon.request('/api/properties/lookup', { method: 'POST', json: { address: '3526 HIGH ST, SACRAMENTO, CA 95838' } });
    expect(lookup.status).toBe(200);
    const found = (await lookup.json()) as { success: boolean; property: Property; saleHistory: RecordedSale[]; estimateWithheld?: boolean };
    expect(found.success).toBe(true);
    expect(found.property).toMatchObject({ city: expect.stringMatching(/sacramento/i), state: 'CA', zipCode: '95838', bedrooms: 2 });
    // The estimate is for signed-in users: an anonymous caller learns that there is one, not what it is.
    expect(found.property).toMatchObject({ estimatedValue: null, estimatedValueLow: null, estimatedValueHigh: null });
    expect(found.estimateWithheld).toBe(true);
    // Nor its sale history brought to today's prices, which says nearly as much.
    expect(found.saleHistory).toEqual([]);
    const signedIn = (await (await alice.request('/api/properties/lookup', { method: 'POST', json: { address: '3526 HIGH ST, SACRAMENTO, CA 95838' } })).json()) as {
      property: Property;
      saleHistory: RecordedSale[];
    };
    expect(signedIn.property.estimatedValueLow!).toBeLessThan(signedIn.property.estimatedValue!);
    expect(signedIn.property.estimatedValueHigh!).toBeGreaterThan(signedIn.property.estimatedValue!);

    const { estimatedValue: _e, estimatedValueLow: _l, estimatedValueHigh: _h, ...facts } = found.property;
    const created = (await (await alice.request('/api/properties', { method: 'POST', json: facts })).json()) as Property;
    expect(created.estimatedValue).toBeNull();
    const refreshed = await alice.request(`/api/properties/${created.id}/refresh-valuation`, { method: 'POST' });
    expect(refreshed.status).toBe(200);
    const values = (await refreshed.json()) as { estimatedValue: number; estimatedValueLow: number; estimatedValueHigh: number };
    expect(values.estimatedValue).toBeGreaterThan(0);
    expect(await (await alice.request(`/api/properties/${created.id}`)).json()).toMatchObject(values);
    expect((await bob.request(`/api/properties/${created.id}/refresh-valuation`, { method: 'POST' })).status).toBe(404);
    expect((await anon.request(`/api/properties/${created.id}/refresh-valuation`, { method: 'POST' })).status).toBe(401);

    // The value over time carries the saved estimate along the metro index, with the home's recorded sale.
    const history = await alice.request(`/api/properties/${created.id}/value-history`);
    expect(history.status).toBe(200);
    const body = valueHistoryResponseSchema.parse(await history.json());
    if (!body.found) throw new Error(`no value history: ${body.message}`);
    expect(body).toMatchObject({ estimate: values.estimatedValue, low: values.estimatedValueLow, high: values.estimatedValueHigh });
    expect(body.points.at(-1)!.value).toBe(values.estimatedValue);
    expect(body.index).toMatchObject({ level: 'metro', lastPeriod: '2024 Q3' });
    expect(body.sales).toEqual([{ date: '2008-05-21', price: 59222, timeAdjustedPrice: expect.any(Number) }]);
    // The same sale history, at the same price level, as the (signed-in) lookup's valuation answered.
    expect(body.sales).toEqual(signedIn.saleHistory);
    expect((await bob.request(`/api/properties/${created.id}/value-history`)).status).toBe(404);
    expect((await anon.request(`/api/properties/${created.id}/value-history`)).status).toBe(401);
  });

  it('keeps sessions across a gateway restart (stored in PostgreSQL)', async () => {
    await stack.restartGateway();
    const res = await alice.request('/api/auth/user');
    expect(res.status).toBe(200);
    expect(((await res.json()) as AuthUser).firstName).toBe('Ada');
  });

  it('serves health endpoints and JSON 404s for unknown API paths', async () => {
    expect((await fetch(`${stack.publicUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${stack.publicUrl}/readyz`);
    expect(ready.status).toBe(200);
    // This stack runs no AI, neighborhood or media service: those features are down, so the gateway is degraded.
    expect(await ready.json()).toEqual({
      status: 'degraded',
      checks: {
        database: true,
        propertyService: true,
        signIn: true,
        liveEvents: true,
        valuationService: true,
        aiService: false,
        neighborhoodService: false,
        mediaService: false,
      },
      optional: ['signIn', 'liveEvents', 'valuationService', 'aiService', 'neighborhoodService', 'mediaService'],
    });
    const unknown = await alice.request('/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/json');
  });

  it('reports NATS and the identity provider being down as degraded, without failing readiness', async () => {
    const nats = new URL(testNatsUrl());
    const relay = await startCuttableRelay({ host: nats.hostname, port: Number(nats.port || 4222) });
    // A second gateway on the same services: live events through a relay to NATS, sign-in at an issuer nobody answers.
    const second = await startGateway(
      { ...stack.config, PORT: 0, NATS_URL: `nats://127.0.0.1:${relay.port}`, OIDC_ISSUER_URL: 'http://127.0.0.1:1' },
      createLogger('gateway-test', 'silent'),
    );
    const readyz = async () => {
      const res = await fetch(`${second.url}/readyz`);
      const text = await res.text();
      expect(text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|nats:/i); // names and booleans only
      return { code: res.status, ...(JSON.parse(text) as { status: string; checks: Record<string, boolean> }) };
    };
    try {
      await waitFor(async () => (await readyz()).checks.liveEvents === true, 15_000, 'live events through the relay');
      expect(await readyz()).toMatchObject({
        code: 200,
        status: 'degraded',
        checks: { database: true, propertyService: true, signIn: false, liveEvents: true },
      });

      relay.cut();
      await waitFor(async () => (await readyz()).checks.liveEvents === false, 10_000, 'live events reported down');
      expect(await readyz()).toMatchObject({
        code: 200,
        status: 'degraded',
        checks: { database: true, propertyService: true, signIn: false, liveEvents: false },
      });

      relay.restore();
      await waitFor(async () => (await readyz()).checks.liveEvents === true, 15_000, 'live events back');
    } finally {
      await second.close();
      await relay.close();
    }
  });

  it('ends sessions after the absolute timeout even when active', async () => {
    await stack.restartGateway({ SESSION_ABSOLUTE_TIMEOUT_MINUTES: 0.02 });
    const carol = new TestBrowser(stack.publicUrl);
    await carol.signIn('carol@example.com', 'Carol');
    expect((await carol.request('/api/auth/user')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await carol.request('/api/auth/user')).status).toBe(401);
    await stack.restartGateway();
  });

  it('logs out of the product and the provider, back to /', async () => {
    const dave = new TestBrowser(stack.publicUrl);
    await dave.signIn('dave@example.com', 'Dave');
    expect((await dave.request('/api/auth/user')).status).toBe(200);
    expect(await dave.signOut()).toBe(`${stack.publicUrl}/`);
    expect((await dave.request('/api/auth/user')).status).toBe(401);
    // The provider session ended too: signing in again shows the form.
    const { res } = await dave.navigate('/api/login');
    expect(await res.text()).toContain('name="email"');
  });
});
