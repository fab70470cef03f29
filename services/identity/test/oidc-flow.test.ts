import { createPublicKey, createVerify, randomUUID, type JsonWebKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@hsa/service-kit';
import { createIdentityServer, type IdentityServer } from '../src';
import { subjectForEmail } from '../src/domain';
import { Browser, jwtPayload, parseForm } from './support/browser';

const CLIENT_ID = 'test-web';
const CLIENT_SECRET = 'test-secret';
// Never contacted: the flow stops as soon as the provider redirects there.
const REDIRECT_URI = 'http://127.0.0.1:9/api/callback';
const POST_LOGOUT_URI = 'http://127.0.0.1:9/';

let identity: IdentityServer;

beforeAll(async () => {
  identity = await createIdentityServer({
    port: 0,
    host: '127.0.0.1',
    clients: [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [REDIRECT_URI], postLogoutRedirectUris: [POST_LOGOUT_URI] }],
    logger: createLogger('identity-test', 'silent'),
  });
});

afterAll(async () => {
  await identity?.close();
});

function authorizationUrl(state: string, nonce: string): URL {
  const url = new URL('/auth', identity.url);
  url.search = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: REDIRECT_URI,
    state,
    nonce,
  }).toString();
  return url;
}

/** GET /auth and follow the redirects to the sign-in page. */
async function openSignInPage(browser: Browser, state = randomUUID(), nonce = randomUUID()) {
  const { final } = await browser.follow(await browser.request(authorizationUrl(state, nonce)), identity.url);
  expect(final.status).toBe(200);
  const url = final.url;
  const html = await final.text();
  return { html, url, state, nonce };
}

/** Submits the sign-in form and follows redirects until the provider sends the browser back to the client. */
async function submitSignIn(browser: Browser, page: { html: string; url: string }, fields: { email: string; name: string }) {
  const form = parseForm(page.html, page.url);
  const res = await browser.request(form.action, { form: { ...form.inputs, ...fields } });
  return browser.follow(res, identity.url);
}

async function exchangeCode(code: string) {
  const res = await fetch(new URL('/token', identity.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, client_secret: CLIENT_SECRET }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { id_token: string; access_token: string; token_type: string; scope: string };
}

/** The whole authorization-code login of one person, in a fresh browser. */
async function login(email: string, name: string, browser = new Browser()) {
  const page = await openSignInPage(browser);
  const { hops, leftTo } = await submitSignIn(browser, page, { email, name });
  expect(leftTo, 'the provider should send the browser back to the client').toBeDefined();
  expect(`${leftTo!.origin}${leftTo!.pathname}`).toBe(REDIRECT_URI);
  expect(leftTo!.searchParams.get('state')).toBe(page.state);
  const code = leftTo!.searchParams.get('code');
  expect(code).toBeTruthy();
  const tokens = await exchangeCode(code!);
  return { browser, page, hops, leftTo: leftTo!, tokens, idToken: jwtPayload(tokens.id_token) };
}

async function userinfo(accessToken: string) {
  const res = await fetch(new URL('/me', identity.url), { headers: { authorization: `Bearer ${accessToken}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

describe('discovery and health', () => {
  it('publishes the issuer exactly and the endpoints passport-openidconnect uses', async () => {
    const res = await fetch(new URL('/.well-known/openid-configuration', identity.url));
    expect(res.status).toBe(200);
    const meta = (await res.json()) as Record<string, unknown>;
    expect(meta.issuer).toBe(identity.issuer);
    expect(identity.issuer).toBe(`http://127.0.0.1:${identity.port}`);
    expect(meta.authorization_endpoint).toBe(`${identity.issuer}/auth`);
    expect(meta.token_endpoint).toBe(`${identity.issuer}/token`);
    expect(meta.userinfo_endpoint).toBe(`${identity.issuer}/me`);
    expect(meta.end_session_endpoint).toBe(`${identity.issuer}/session/end`);
    expect(meta.token_endpoint_auth_methods_supported).toContain('client_secret_post');
    expect(meta.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
  });

  it('answers /healthz and /readyz', async () => {
    expect((await fetch(new URL('/healthz', identity.url))).status).toBe(200);
    const ready = await fetch(new URL('/readyz', identity.url));
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready' });
  });
});

describe('sign-in page', () => {
  it('is an accessible post form with email and name inputs, a heading, a Sign in button and the development note', async () => {
    const browser = new Browser();
    const res = await browser.request(authorizationUrl('s', 'n'));
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!, identity.url).pathname).toMatch(/^\/interaction\/[\w-]+$/);
    const { final } = await browser.follow(res, identity.url);
    expect(final.headers.get('content-type')).toMatch(/^text\/html/);
    expect(final.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await final.text();

    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<h1>Sign in<\/h1>/);
    expect(html).toMatch(/<form method="post" action="\/interaction\/[\w-]+" novalidate>/);
    expect(html).toMatch(/<label for="email">Email address<\/label>/);
    expect(html).toMatch(/<input id="email" name="email" type="email"/);
    expect(html).toMatch(/<label for="name">Full name<\/label>/);
    expect(html).toMatch(/<input id="name" name="name" type="text"/);
    expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(html).toContain('Development sign-in');
    // No external assets: no stylesheet links, scripts or remote URLs.
    expect(html).not.toMatch(/<link\b|<script\b|https?:\/\//);
    expect(parseForm(html, final.url).inputs).toEqual({ email: '', name: '' });
  });

  it('re-renders the form with an error for an invalid email, then accepts a corrected one', async () => {
    const browser = new Browser();
    const page = await openSignInPage(browser);
    const form = parseForm(page.html, page.url);
    const rejected = await browser.request(form.action, { form: { email: 'jane.example.com', name: 'Jane <Doe>' } });
    expect(rejected.status).toBe(400);
    const html = await rejected.text();
    expect(html).toContain('<p class="error" id="email-error" role="alert">Enter a valid email address, like name@example.com.</p>');
    expect(html).toMatch(/<input id="email" name="email"[^>]*value="jane.example.com"[^>]*aria-describedby="email-error" aria-invalid="true">/);
    expect(html).toContain('value="Jane &#60;Doe&#62;"');
    expect(html).not.toContain('<Doe>');

    const { leftTo } = await submitSignIn(browser, { html, url: page.url }, { email: 'jane@example.com', name: 'Jane Doe' });
    expect(leftTo?.searchParams.get('code')).toBeTruthy();
  });

  it('shows an error page, not a stack trace, when the interaction has expired or is unknown', async () => {
    const res = await new Browser().request(new URL('/interaction/unknown-uid', identity.url));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('This sign-in page has expired or was opened in another browser.');
  });
});

describe('authorization code flow', () => {
  it('signs in through the form without a consent page and issues tokens with every claim', async () => {
    const { hops, tokens, idToken, page } = await login('  Jane.Doe@Example.com ', 'Jane  van Dyke');
    // Form post -> provider -> (automatic consent) -> provider -> client: redirects only, no page in between.
    expect(hops.length).toBeGreaterThanOrEqual(2);
    for (const hop of hops) expect(hop.status).toBe(303);

    const sub = subjectForEmail('jane.doe@example.com');
    const picture = `${identity.issuer}/avatars/${sub}.svg`;
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.scope.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(idToken).toMatchObject({
      iss: identity.issuer,
      aud: CLIENT_ID,
      nonce: page.nonce,
      sub,
      email: 'jane.doe@example.com',
      email_verified: true,
      name: 'Jane van Dyke',
      given_name: 'Jane',
      family_name: 'van Dyke',
      picture,
    });

    expect(await userinfo(tokens.access_token)).toEqual({
      sub,
      email: 'jane.doe@example.com',
      email_verified: true,
      name: 'Jane van Dyke',
      given_name: 'Jane',
      family_name: 'van Dyke',
      picture,
    });

    const avatar = await fetch(picture);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await avatar.text()).toContain('>JD</text>');
  });

  it('signs the ID token with a key from the published JWKS', async () => {
    const { tokens } = await login('signed@example.com', 'Signed Token');
    const [header, payload, signature] = tokens.id_token.split('.') as [string, string, string];
    const { kid, alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string; alg: string };
    expect(alg).toBe('RS256');
    const { keys } = (await (await fetch(new URL('/jwks', identity.url))).json()) as { keys: (JsonWebKey & { kid: string })[] };
    const jwk = keys.find((k) => k.kid === kid);
    expect(jwk).toBeDefined();
    expect(jwk).not.toHaveProperty('d');
    const verifier = createVerify('RSA-SHA256').update(`${header}.${payload}`);
    expect(verifier.verify(createPublicKey({ key: jwk!, format: 'jwk' }), Buffer.from(signature, 'base64url'))).toBe(true);
  });

  it('gives the same email the same subject and another email another one; keeps the last name given', async () => {
    const first = await login('same.person@example.com', 'Same Person');
    const again = await login('SAME.PERSON@example.com ', '');
    const other = await login('other.person@example.com', 'Other Person');
    expect(again.idToken.sub).toBe(first.idToken.sub);
    expect(other.idToken.sub).not.toBe(first.idToken.sub);
    // An empty name keeps the one given before.
    expect(again.idToken.name).toBe('Same Person');
    expect(await userinfo(first.tokens.access_token)).toMatchObject({ name: 'Same Person', given_name: 'Same', family_name: 'Person' });
  });

  it('derives the name from the email when none is given', async () => {
    const { tokens } = await login('mary.ann.smith@example.com', '');
    expect(await userinfo(tokens.access_token)).toMatchObject({ name: 'Mary Ann Smith', given_name: 'Mary', family_name: 'Ann Smith' });
  });

  it('rejects a wrong client secret and a reused code', async () => {
    const browser = new Browser();
    const page = await openSignInPage(browser);
    const { leftTo } = await submitSignIn(browser, page, { email: 'secret@example.com', name: 'S' });
    const code = leftTo!.searchParams.get('code')!;
    const wrong = await fetch(new URL('/token', identity.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, client_secret: 'nope' }),
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });

    await exchangeCode(code);
    const reused = await fetch(new URL('/token', identity.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, client_secret: CLIENT_SECRET }),
    });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a redirect_uri that is not registered, on its own error page', async () => {
    const url = authorizationUrl('s', 'n');
    url.searchParams.set('redirect_uri', 'http://evil.test/callback');
    const res = await new Browser().request(url);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Sign-in problem');
    expect(html).toContain('redirect_uri');
    expect(html).not.toMatch(/https?:\/\/fonts/);
  });

  it('signs a signed-in browser in again without showing the form', async () => {
    const { browser } = await login('sso@example.com', 'Single Sign');
    const { leftTo } = await browser.follow(await browser.request(authorizationUrl('again', 'n2')), identity.url);
    expect(leftTo?.searchParams.get('code')).toBeTruthy();
    expect(leftTo?.searchParams.get('state')).toBe('again');
  });
});

describe('RP-initiated logout', () => {
  it('ends the session and returns to the post-logout URI without a confirmation step', async () => {
    const { browser, tokens } = await login('logout@example.com', 'Log Out');
    const endSession = new URL('/session/end', identity.url);
    endSession.search = new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: POST_LOGOUT_URI, state: 'bye' }).toString();

    const page = await browser.request(endSession);
    expect(page.status).toBe(200);
    const html = await page.text();
    // Not a question: a form the page submits itself (the CSP allows exactly that one inline script).
    expect(html).not.toMatch(/stay signed in|Yes, sign me out/i);
    expect(html).toContain("document.forms[0].submit()");
    const hash = /'sha256-([^']+)'/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(hash).toBe((await import('node:crypto')).createHash('sha256').update(script).digest('base64'));
    const form = parseForm(html, endSession.href);
    expect(form.method).toBe('post');
    expect(form.inputs.logout).toBe('yes');

    // What the page's script does: post the form.
    const confirmed = await browser.request(form.action, { form: form.inputs });
    expect(confirmed.status).toBe(303);
    const location = new URL(confirmed.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(POST_LOGOUT_URI);
    expect(location.searchParams.get('state')).toBe('bye');

    // The provider session is gone: a new authorization asks for the sign-in form again.
    const { final, leftTo } = await browser.follow(await browser.request(authorizationUrl('s2', 'n2')), identity.url);
    expect(leftTo).toBeUndefined();
    expect(await final.text()).toContain('<h1>Sign in</h1>');
  });

  it('shows a signed-out page when no post-logout URI is given', async () => {
    const { browser } = await login('plain-logout@example.com', 'Plain');
    const page = await browser.request(new URL('/session/end', identity.url));
    const form = parseForm(await page.text(), identity.url);
    const confirmed = await browser.request(form.action, { form: form.inputs });
    const { final } = await browser.follow(confirmed, identity.url);
    expect(final.status).toBe(200);
    expect(await final.text()).toContain('<h1>Signed out</h1>');
  });
});
