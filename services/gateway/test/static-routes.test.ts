import { mkdtemp, mkdir, rm, symlink } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from '../../../frontends/server/test/support/fixture-build';
import { staticRoutes } from '../src/http/static-routes';

/**
 * The gateway's local hosting (npm start) runs on @hsa/web-server's modules: the same caching, encodings and SPA
 * fallback as the web images. WEB_ROOT here holds a built shell and one built remote (the web server's fixture).
 */
describe('static hosting of the embedded default', () => {
  let webRoot: string;
  let dist: string;
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    dist = await buildFixture();
    webRoot = await mkdtemp(path.join(os.tmpdir(), 'hsa-gw-web-'));
    for (const name of ['shell', 'wizard']) {
      await mkdir(path.join(webRoot, name));
      await symlink(dist, path.join(webRoot, name, 'dist'));
    }
    const app = express();
    app.use(staticRoutes({ webRoot }));
    app.use((_req, res) => void res.status(404).json({ message: 'Not found' }));
    server = http.createServer(app).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await rm(webRoot, { recursive: true, force: true });
    await rm(dist, { recursive: true, force: true });
  });

  it('lists only the built remotes in /remotes.json', async () => {
    const res = await fetch(`${url}/remotes.json`);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual({ wizard: '/remotes/wizard/mf-manifest.json' });
  });

  it('serves a remote under /remotes/<name>/ with revalidated manifest and immutable, precompressed assets', async () => {
    const manifest = await fetch(`${url}/remotes/wizard/mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const { metaData } = (await manifest.json()) as { metaData: { remoteEntry: { name: string } } };
    const entry = await fetch(`${url}/remotes/wizard/${metaData.remoteEntry.name}`, { headers: { 'accept-encoding': 'br' } });
    expect(entry.status).toBe(200);
    expect(entry.headers.get('content-encoding')).toBe('br');
    expect(entry.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(entry.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("answers app routes with the shell's index.html, 404 for others, and leaves /api and unbuilt remotes alone", async () => {
    expect((await fetch(`${url}/dashboard`)).status).toBe(200);
    const unknown = await fetch(`${url}/no-such-page`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^text\/html/);
    for (const passed of ['/api/anything', '/remotes/dashboard/mf-manifest.json']) {
      const res = await fetch(`${url}${passed}`);
      expect(res.status, passed).toBe(404);
      expect(await res.json(), passed).toEqual({ message: 'Not found' });
    }
  });
});
