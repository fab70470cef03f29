import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * Google Places (New) and RentCast on loopback, answering with the fixtures (documented wire formats) so
 * the real provider clients run. Each route can be scripted with a sequence of answers (e.g. 429 then the
 * fixture, 500s, no answer at all, a malformed body) before falling back to its normal behaviour.
 */

export const googleKey = 'test-google-key';
export const rentCastKey = 'test-rentcast-key';
export const highStPlaceId = 'ChIJ5ThHighStSacramento95838';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');

export type Route = 'autocomplete' | 'details' | 'properties' | 'avm';

export type Step =
  | { status: number; body?: string | object; headers?: Record<string, string> }
  | 'hang'
  | 'default';

export interface RecordedRequest {
  route: Route | 'unknown';
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export class FakeProviders {
  readonly requests: RecordedRequest[] = [];
  private readonly scripts = new Map<Route, Step[]>();
  private readonly hanging = new Set<http.ServerResponse>();

  private constructor(
    private readonly server: http.Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeProviders> {
    let fake: FakeProviders | undefined;
    const server = http.createServer((req, res) => void fake!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake = new FakeProviders(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return fake;
  }

  /** The next answers of a route, in order (then its normal behaviour again). */
  script(route: Route, steps: Step[]): void {
    this.scripts.set(route, [...steps]);
  }

  count(route: Route): number {
    return this.requests.filter((r) => r.route === route).length;
  }

  reset(): void {
    this.requests.length = 0;
    this.scripts.clear();
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const route = routeOf(req.method ?? 'GET', url.pathname);
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    this.requests.push({ route, method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body });
    if (route === 'unknown') return send(res, 404, { error: { code: 404, message: 'unknown path', status: 'NOT_FOUND' } });

    const step = this.scripts.get(route)?.shift() ?? 'default';
    if (step === 'hang') {
      this.hanging.add(res);
      return;
    }
    if (step !== 'default') return send(res, step.status, step.body ?? '', step.headers);

    if (route === 'autocomplete' || route === 'details') {
      if (req.headers['x-goog-api-key'] !== googleKey) {
        return send(res, 403, { error: { code: 403, message: 'The provided API key is invalid.', status: 'PERMISSION_DENIED' } });
      }
      if (route === 'autocomplete') {
        const input = String((body as { input?: string } | undefined)?.input ?? '').toLowerCase();
        return input.includes('high') ? send(res, 200, fixture('google/autocomplete-high-st.json')) : send(res, 200, {});
      }
      return url.pathname === `/v1/places/${highStPlaceId}`
        ? send(res, 200, fixture('google/place-details-high-st.json'))
        : send(res, 404, fixture('google/error-not-found.json'));
    }

    if (req.headers['x-api-key'] !== rentCastKey) {
      return send(res, 401, { status: 401, error: 'auth/api-key-invalid', message: 'Invalid API key' });
    }
    const address = url.searchParams.get('address') ?? '';
    const nearHighSt = Math.abs(Number(url.searchParams.get('latitude')) - 38.6319) < 0.01;
    if (route === 'properties') {
      return address.includes('3526 High St')
        ? send(res, 200, fixture('rentcast/properties-high-st.json'))
        : send(res, 404, fixture('rentcast/error-not-found.json'));
    }
    return address.includes('3526 High St') || nearHighSt
      ? send(res, 200, fixture('rentcast/avm-value-high-st.json'))
      : send(res, 404, fixture('rentcast/error-not-found.json'));
  }
}

function routeOf(method: string, pathname: string): Route | 'unknown' {
  if (method === 'POST' && pathname === '/v1/places:autocomplete') return 'autocomplete';
  if (method === 'GET' && pathname.startsWith('/v1/places/')) return 'details';
  if (method === 'GET' && pathname === '/v1/properties') return 'properties';
  if (method === 'GET' && pathname === '/v1/avm/value') return 'avm';
  return 'unknown';
}

function send(res: http.ServerResponse, status: number, body: string | object, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(text);
}
