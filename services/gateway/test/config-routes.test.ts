import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { configRoutes } from '../src/http/config-routes';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function serve(options: Parameters<typeof configRoutes>[0]): Promise<string> {
  const app = express();
  app.use(configRoutes(options));
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('GET /api/config', () => {
  it('answers {} without a Google Maps browser key (the embedded default draws its own map)', async () => {
    const response = await fetch(`${await serve({})}/api/config`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({});
    expect(await (await fetch(`${await serve({ googleMapsApiKey: '   ' })}/api/config`)).json()).toEqual({});
  });

  it('gives browsers the configured key', async () => {
    const response = await fetch(`${await serve({ googleMapsApiKey: ' browser-key-123 ' })}/api/config`);
    expect(await response.json()).toEqual({ googleMapsApiKey: 'browser-key-123' });
  });
});
