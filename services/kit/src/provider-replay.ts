import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A paid provider (Google, RentCast, ...) on loopback for tests: it answers in the provider's documented wire
 * format (recorded fixtures), so the real client code runs, records every request, and can be scripted per
 * route with a sequence of answers (a 429, 500s, no answer at all, a malformed body) before it falls back to
 * its normal behaviour.
 */

export type ReplayStep = { status: number; body?: string | object; headers?: Record<string, string> } | 'hang' | 'default';

export interface ReplayRequest<Route extends string> {
  route: Route | 'unknown';
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface ReplayAnswer {
  status: number;
  body: string | object;
  headers?: Record<string, string>;
}

export interface ReplayRoutes<Route extends string> {
  /** Which route a request is (unknown ones answer 404). */
  routeOf(method: string, pathname: string): Route | 'unknown';
  /** The provider's normal answer. */
  answer(request: ReplayRequest<Route>): ReplayAnswer;
}

export class ProviderReplay<Route extends string> {
  readonly requests: ReplayRequest<Route>[] = [];
  private readonly scripts = new Map<Route, ReplayStep[]>();
  private readonly hanging = new Set<http.ServerResponse>();

  private constructor(
    private readonly server: http.Server,
    readonly url: string,
    private readonly routes: ReplayRoutes<Route>,
  ) {}

  static async start<Route extends string>(routes: ReplayRoutes<Route>): Promise<ProviderReplay<Route>> {
    let replay: ProviderReplay<Route> | undefined;
    const server = http.createServer((req, res) => void replay!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    replay = new ProviderReplay(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, routes);
    return replay;
  }

  /** The next answers of a route, in order (then its normal behaviour again). */
  script(route: Route, steps: ReplayStep[]): void {
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
    const url = new URL(req.url ?? '/', 'http://replay');
    const route = this.routes.routeOf(req.method ?? 'GET', url.pathname);
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const request: ReplayRequest<Route> = { route, method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body };
    this.requests.push(request);
    if (route === 'unknown') return send(res, { status: 404, body: { error: { code: 404, message: 'unknown path', status: 'NOT_FOUND' } } });

    const step = this.scripts.get(route)?.shift() ?? 'default';
    if (step === 'hang') {
      this.hanging.add(res);
      return;
    }
    if (step !== 'default') return send(res, { status: step.status, body: step.body ?? '', ...(step.headers ? { headers: step.headers } : {}) });
    send(res, this.routes.answer(request));
  }
}

function send(res: http.ServerResponse, answer: ReplayAnswer): void {
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', ...answer.headers });
  res.end(text);
}
