import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { configRoutes, missingMapIdWarning } from '../src/http/config-routes';

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

  it('gives browsers the configured key and map ID, warning when the map ID is missing', async () => {
    const warnings: unknown[][] = [];
    const logger = { warn: (...args: unknown[]) => void warnings.push(args) };
    const response = await fetch(`${await serve({ googleMapsApiKey: ' browser-key-123 ', logger })}/api/config`);
    expect(await response.json()).toEqual({ googleMapsApiKey: 'browser-key-123' });
    expect(warnings).toEqual([[{ setting: 'GOOGLE_MAPS_MAP_ID' }, missingMapIdWarning]]);

    const withMapId = await fetch(`${await serve({ googleMapsApiKey: 'browser-key-123', googleMapsMapId: ' 8e0a97af9386fef ', logger })}/api/config`);
    expect(await withMapId.json()).toEqual({ googleMapsApiKey: 'browser-key-123', googleMapsMapId: '8e0a97af9386fef' });
    // A map ID alone is nothing to send (no key, no Google map); no warning either.
    expect(await (await fetch(`${await serve({ googleMapsMapId: 'x', logger })}/api/config`)).json()).toEqual({});
    expect(warnings).toHaveLength(1);
  });
});
