import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '@hsa/service-kit';
import { createIdentityServer, loadIdentityConfig, productionRefusal, serverOptionsFrom, type IdentityServer } from '../src';
import { Browser, jwtPayload, parseForm } from './support/browser';

const silent = createLogger('identity-test', 'silent');

describe('production refusal', () => {
  it('refuses NODE_ENV=production unless IDENTITY_ALLOW_PRODUCTION is true', () => {
    expect(productionRefusal({ NODE_ENV: 'production' })).toMatch(/refuses to start with NODE_ENV=production/);
    expect(productionRefusal({ NODE_ENV: 'production', IDENTITY_ALLOW_PRODUCTION: 'false' })).toMatch(/IDENTITY_ALLOW_PRODUCTION=true/);
    expect(productionRefusal({ NODE_ENV: 'production', IDENTITY_ALLOW_PRODUCTION: 'true' })).toBeUndefined();
    expect(productionRefusal({ NODE_ENV: 'development' })).toBeUndefined();
    expect(productionRefusal({})).toBeUndefined();
    expect(() => loadIdentityConfig({ NODE_ENV: 'production' })).toThrow(/refuses to start/);
    expect(loadIdentityConfig({ NODE_ENV: 'production', IDENTITY_ALLOW_PRODUCTION: '1' }).NODE_ENV).toBe('production');
  });
});

describe('configuration', () => {
  it('defaults to the system contract', () => {
    const options = serverOptionsFrom(loadIdentityConfig({}));
    expect(options).toMatchObject({
      port: 8081,
      issuer: undefined,
      clients: [
        {
          clientId: 'hsa-web',
          clientSecret: 'hsa-dev-secret',
          redirectUris: ['http://localhost:8080/api/callback'],
          postLogoutRedirectUris: ['http://localhost:8080/'],
        },
      ],
      dataDir: undefined,
      cookieKeys: undefined,
      jwks: undefined,
    });
  });

  it('reads comma-separated URI lists and keys', () => {
    const config = loadIdentityConfig({
      IDENTITY_ISSUER: 'https://id.example.com',
      IDENTITY_REDIRECT_URIS: 'http://localhost:8080/api/callback, https://app.example.com/api/callback',
      IDENTITY_POST_LOGOUT_REDIRECT_URIS: 'http://localhost:8080/,https://app.example.com/',
      IDENTITY_COOKIE_KEYS: 'one,two',
      IDENTITY_JWKS: '{"keys":[{"kty":"RSA","n":"x","e":"AQAB","d":"y"}]}',
    });
    const options = serverOptionsFrom(config);
    expect(options.issuer).toBe('https://id.example.com');
    expect(options.clients[0]!.redirectUris).toEqual(['http://localhost:8080/api/callback', 'https://app.example.com/api/callback']);
    expect(options.clients[0]!.postLogoutRedirectUris).toEqual(['http://localhost:8080/', 'https://app.example.com/']);
    expect(options.cookieKeys).toEqual(['one', 'two']);
    expect(options.jwks?.keys).toHaveLength(1);
  });

  it.each([
    ['IDENTITY_ISSUER', 'http://localhost:8081/', /IDENTITY_ISSUER: must be an origin/],
    ['IDENTITY_ISSUER', 'http://localhost:8081/oidc', /IDENTITY_ISSUER: must be an origin/],
    ['IDENTITY_REDIRECT_URIS', 'not a url', /IDENTITY_REDIRECT_URIS/],
    ['IDENTITY_JWKS', '{"keys":[]}', /IDENTITY_JWKS: must be a JSON Web Key Set/],
  ])('rejects %s=%j', (name, value, message) => {
    expect(() => loadIdentityConfig({ [name]: value })).toThrow(message);
  });
});

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Signs in through the form and returns the ID token's claims. */
async function signInAs(identity: IdentityServer, email: string, name: string) {
  const browser = new Browser();
  const auth = new URL('/auth', identity.url);
  auth.search = new URLSearchParams({
    client_id: 'hsa-web',
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: 'http://localhost:8080/api/callback',
    state: 'state',
    nonce: 'nonce',
  }).toString();
  const { final } = await browser.follow(await browser.request(auth), identity.url);
  const form = parseForm(await final.text(), final.url);
  const { leftTo } = await browser.follow(await browser.request(form.action, { form: { email, name } }), identity.url);
  const code = leftTo?.searchParams.get('code');
  expect(code).toBeTruthy();
  const res = await fetch(new URL('/token', identity.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: 'http://localhost:8080/api/callback',
      client_id: 'hsa-web',
      client_secret: 'hsa-dev-secret',
    }),
  });
  expect(res.status).toBe(200);
  return jwtPayload(((await res.json()) as { id_token: string }).id_token);
}

describe('started from the environment', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('serves the configured client under exactly IDENTITY_ISSUER', async () => {
    const port = await freePort();
    const config = loadIdentityConfig({ IDENTITY_PORT: String(port), IDENTITY_HOST: '127.0.0.1', IDENTITY_ISSUER: `http://127.0.0.1:${port}` });
    const identity = await createIdentityServer({ ...serverOptionsFrom(config), logger: silent });
    cleanups.push(() => identity.close());
    expect(identity.port).toBe(port);

    const meta = (await (await fetch(`http://127.0.0.1:${port}/.well-known/openid-configuration`)).json()) as { issuer: string };
    expect(meta.issuer).toBe(`http://127.0.0.1:${port}`);
    const claims = await signInAs(identity, 'env@example.com', 'Env Person');
    expect(claims).toMatchObject({ iss: `http://127.0.0.1:${port}`, aud: 'hsa-web', given_name: 'Env', family_name: 'Person' });
  });

  it('listens on loopback only unless IDENTITY_HOST says otherwise (anyone reaching it signs in as anyone)', async () => {
    const identity = await createIdentityServer({ ...serverOptionsFrom(loadIdentityConfig({})), port: 0, logger: silent });
    cleanups.push(() => identity.close());
    expect((identity.server.address() as { address: string }).address).toBe('127.0.0.1');
    expect(identity.issuer).toBe(`http://localhost:${identity.port}`);
  });

  it('keeps accounts and keys in IDENTITY_DATA_DIR across restarts', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hsa-identity-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const options = { ...serverOptionsFrom(loadIdentityConfig({ IDENTITY_DATA_DIR: dataDir })), port: 0, host: '127.0.0.1', logger: silent };

    const first = await createIdentityServer(options);
    const before = await signInAs(first, 'kept@example.com', 'Kept Name');
    const firstJwks = await (await fetch(new URL('/jwks', first.url))).json();
    await first.close();

    const saved = JSON.parse(await readFile(path.join(dataDir, 'accounts.json'), 'utf8')) as { email: string; name: string }[];
    expect(saved).toEqual([expect.objectContaining({ email: 'kept@example.com', name: 'Kept Name' })]);

    const second = await createIdentityServer(options);
    cleanups.push(() => second.close());
    expect(await (await fetch(new URL('/jwks', second.url))).json()).toEqual(firstJwks);
    // Signing in again without a name still yields the name given before the restart.
    const after = await signInAs(second, 'kept@example.com', '');
    expect(after).toMatchObject({ sub: before.sub, name: 'Kept Name' });
  });
});
