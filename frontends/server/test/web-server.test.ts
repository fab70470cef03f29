import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor, readWebServerConfig, startWebServer, type WebServerHandle } from '../src';
import { buildFixture } from './support/fixture-build';

let dist: string;
const servers: WebServerHandle[] = [];

async function serve(env: Record<string, string>): Promise<WebServerHandle> {
  const server = await startWebServer(readWebServerConfig({ PORT: '0', HOST: '127.0.0.1', WEB_ROOT: dist, ...env }));
  servers.push(server);
  return server;
}

/** Reads a response without the automatic decompression of fetch, to see exactly what was sent. */
async function raw(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : (value ?? ''));
const manifestOf = () => JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as { metaData: { remoteEntry: { name: string; path: string } } };
/** The entry chunk (main.<hash>.js): large enough to have been precompressed. */
const hashedScript = () => readdirSync(path.join(dist, 'static', 'js')).find((f) => /^main\.[0-9a-f]{8}\.js$/.test(f))!;

beforeAll(async () => {
  dist = await buildFixture();
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('the build writes precompressed siblings', () => {
  it('has .br and .gz next to scripts, and none next to source maps or files under 1 KiB', () => {
    const files = readdirSync(dist, { recursive: true }).map(String);
    const { remoteEntry } = manifestOf().metaData;
    for (const name of [`static/js/${hashedScript()}`, remoteEntry.name]) {
      expect(files, name).toContain(`${name}.br`);
      expect(files, name).toContain(`${name}.gz`);
      const original = readFileSync(path.join(dist, name));
      expect(brotliDecompressSync(readFileSync(path.join(dist, `${name}.br`)))).toEqual(original);
      expect(gunzipSync(readFileSync(path.join(dist, `${name}.gz`)))).toEqual(original);
    }
    expect(files.filter((f) => f.endsWith('.map')).length).toBeGreaterThan(0);
    expect(files.filter((f) => /\.map\.(br|gz)$/.test(f))).toEqual([]);
    // index.html and mf-manifest.json of this small build are under 1 KiB.
    expect(files.filter((f) => /^(index\.html|mf-manifest\.json)\.(br|gz)$/.test(f))).toEqual([]);
  });
});

describe('a remote behind the ingress (WEB_BASE_PATH=/remotes/fixture/, CORS for one origin)', () => {
  let remote: WebServerHandle;
  const base = () => `${remote.url}/remotes/fixture`;
  const shop = 'https://shop.example.com';

  beforeAll(async () => {
    remote = await serve({ WEB_APP: 'remote', WEB_BASE_PATH: '/remotes/fixture/', CORS_ORIGINS: `${shop}, http://localhost:3000` });
  });

  it('serves mf-manifest.json revalidated, with CORS for the shell origin only', async () => {
    const ok = await raw(`${base()}/mf-manifest.json`, { origin: shop });
    expect(ok.status).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-cache');
    expect(ok.headers['content-type']).toMatch(/^application\/json/);
    expect(ok.headers['access-control-allow-origin']).toBe(shop);
    expect(header(ok.headers.vary)).toMatch(/Origin/);
    expect(ok.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(JSON.parse(ok.body.toString('utf8'))).toEqual(manifestOf());

    const other = await raw(`${base()}/mf-manifest.json`, { origin: 'https://evil.example' });
    expect(other.status).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a CORS preflight from the shell origin and not from others', async () => {
    const preflight = await raw(`${base()}/mf-manifest.json`, { origin: shop, 'access-control-request-method': 'GET' }, 'OPTIONS');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(shop);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD');
    const refused = await raw(`${base()}/mf-manifest.json`, { origin: 'https://evil.example', 'access-control-request-method': 'GET' }, 'OPTIONS');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves hashed files immutable, precompressed by Accept-Encoding, with Vary', async () => {
    const file = `static/js/${hashedScript()}`;
    const original = readFileSync(path.join(dist, file));

    const br = await raw(`${base()}/${file}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(header(br.headers.vary)).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.body)).toEqual(original);

    const gz = await raw(`${base()}/${file}`, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body)).toEqual(original);

    const identity = await raw(`${base()}/${file}`);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers['content-type']).toMatch(/javascript/);
    expect(header(identity.headers.vary)).toMatch(/Accept-Encoding/);
    expect(identity.body).toEqual(original);
  });

  it('serves the hashed remoteEntry named by the manifest as immutable (the manifest is what revalidates)', async () => {
    const { remoteEntry } = manifestOf().metaData;
    const entry = await raw(`${base()}/${path.posix.join(remoteEntry.path, remoteEntry.name)}`, { origin: shop });
    expect(remoteEntry.name).toMatch(/^static\/js\/remoteEntry\.[0-9a-f]{8}\.js$/);
    expect(entry.status).toBe(200);
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(entry.headers['access-control-allow-origin']).toBe(shop);
  });

  it('answers 404 for missing files and for paths outside its base path, without the SPA fallback', async () => {
    for (const url of [`${base()}/static/js/missing.0123abcd.js`, `${base()}/dashboard`, `${remote.url}/`, `${remote.url}/mf-manifest.json`]) {
      const res = await raw(url);
      expect(res.status, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/plain/);
    }
    expect((await raw(`${remote.url}/remotes.json`)).status).toBe(404);
  });

  it('answers its probes at the root', async () => {
    expect((await raw(`${remote.url}/healthz`)).status).toBe(200);
    const ready = await raw(`${remote.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body.toString('utf8'))).toMatchObject({ status: 'ready', checks: { built: true } });
  });
});

describe('the shell (WEB_BASE_PATH=/)', () => {
  let shell: WebServerHandle;
  const env = {
    WEB_APP: 'shell',
    PUBLIC_URL: 'https://homes.example.com',
    OIDC_ISSUER_URL: 'https://sso.example.com/realms/hsa',
    S3_PUBLIC_ENDPOINT: 'https://media.example.com',
  };

  beforeAll(async () => {
    shell = await serve(env);
  });

  it('answers app routes with index.html (200) and other paths with it too, as 404', async () => {
    const index = readFileSync(path.join(dist, 'index.html'));
    for (const [url, status] of [['/', 200], ['/dashboard', 200], ['/listing/', 200], ['/no-such-page', 404], ['/dashboard/x', 404], ['/static/js/gone.0123abcd.js', 404]] as const) {
      const res = await raw(`${shell.url}${url}`);
      expect(res.status, url).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toEqual(index);
    }
  });

  it("sends the gateway's security headers, built from the same settings", async () => {
    const res = await raw(`${shell.url}/dashboard`);
    const csp = header(res.headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('img-src')).toContain('https://media.example.com');
    expect(directive('img-src')).toContain('https://sso.example.com');
    expect(directive('connect-src')).toContain('https://media.example.com');
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(csp).toContain('upgrade-insecure-requests');
    expect(csp).not.toMatch(/google/);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(res.headers['permissions-policy']).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('serves /remotes.json: every known remote under /remotes/<name>/ by default, revalidated', async () => {
    const res = await raw(`${shell.url}/remotes.json`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(res.body.toString('utf8'))).toEqual({
      dashboard: '/remotes/dashboard/mf-manifest.json',
      wizard: '/remotes/wizard/mf-manifest.json',
      listing: '/remotes/listing/mf-manifest.json',
    });
  });

  it('serves REMOTES_MANIFEST when given, and lets its origins through the Content-Security-Policy', async () => {
    const manifest = { wizard: 'https://wizard.cdn.example/mf-manifest.json', dashboard: '/remotes/dashboard/mf-manifest.json' };
    const custom = await serve({ ...env, REMOTES_MANIFEST: JSON.stringify(manifest) });
    const res = await raw(`${custom.url}/remotes.json`);
    expect(JSON.parse(res.body.toString('utf8'))).toEqual(manifest);
    const csp = header((await raw(`${custom.url}/`)).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://wizard.cdn.example");
  });

  it('serves hashed assets of the shell with the same caching and encodings as a remote', async () => {
    const file = `static/js/${hashedScript()}`;
    const res = await raw(`${shell.url}/${file}`, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body)).toEqual(readFileSync(path.join(dist, file)));
  });

  it("sends a script without the document's headers, and a page, JSON and the manifest with them", async () => {
    const script = await raw(`${shell.url}/static/js/${hashedScript()}`, { 'accept-encoding': 'br' });
    expect(script.status).toBe(200);
    for (const name of ['content-security-policy', 'permissions-policy', 'x-frame-options', 'cross-origin-opener-policy']) {
      expect(script.headers[name], name).toBeUndefined();
    }
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(script.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    for (const url of ['/dashboard', '/remotes.json', '/mf-manifest.json', '/static/js/missing.0123abcd.js']) {
      const res = await raw(`${shell.url}${url}`);
      expect(header(res.headers['content-security-policy']), url).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('stops taking requests on close, reporting not ready no more', async () => {
    const stopping = await startWebServer(readWebServerConfig({ PORT: '0', HOST: '127.0.0.1', WEB_ROOT: dist }));
    // An idle keep-alive connection must not hold the stop.
    const { Agent } = await import('node:http');
    const agent = new Agent({ keepAlive: true });
    const { request } = await import('node:http');
    await new Promise<void>((resolve) => request(`${stopping.url}/healthz`, { agent }, (res) => res.resume().on('end', resolve)).end());
    const began = Date.now();
    await stopping.close();
    expect(Date.now() - began).toBeLessThan(2000);
    await expect(fetch(`${stopping.url}/healthz`)).rejects.toThrow();
    agent.destroy();
  });
});

describe('configuration', () => {
  it('names every wrong variable at once', () => {
    expect(() =>
      readWebServerConfig({ PORT: 'eighty', WEB_ROOT: '/no/such/folder', CORS_ORIGINS: 'https://ok.example, https://bad.example/path', REMOTES_MANIFEST: '[1]', WEB_APP: 'both' }),
    ).toThrow(/PORT: must be a port[\s\S]*WEB_ROOT: \/no\/such\/folder is not a folder[\s\S]*WEB_APP: must be "shell" or "remote"[\s\S]*CORS_ORIGINS: "https:\/\/bad.example\/path" is not an origin[\s\S]*REMOTES_MANIFEST: must be a JSON object/);
    expect(() => readWebServerConfig({})).toThrow(/WEB_ROOT: is required/);
  });

  it('guesses the kind of app from the build and normalizes the base path', () => {
    const config = readWebServerConfig({ WEB_ROOT: dist, WEB_BASE_PATH: 'remotes//fixture' });
    expect(config.app).toBe('remote');
    expect(config.basePath).toBe('/remotes/fixture/');
    expect(config.port).toBe(8080);
    expect(config.security.crossOriginResourcePolicy).toBe('same-origin');
  });
});

describe('cache policy', () => {
  it('keeps hashed files for a year and revalidates entry points and unhashed files', () => {
    expect(cacheControlFor('/d/static/js/main.02a7b9c3.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/d/static/js/main.02a7b9c3.js.br')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/d/static/css/main.0badf00d.css.gz')).toBe('public, max-age=31536000, immutable');
    for (const file of ['/d/index.html', '/d/index.html.br', '/d/mf-manifest.json', '/d/mf-manifest.json.gz', '/d/remoteEntry.js', '/d/favicon.svg']) {
      expect(cacheControlFor(file), file).toBe('no-cache');
    }
  });
});
