/**
 * A minimal cookie-keeping HTTP client that walks redirects like a browser, so tests can sign in
 * through the real OpenID Connect flow (gateway -> identity's form -> gateway callback).
 */
export class TestBrowser {
  private readonly jar = new Map<string, Map<string, string>>();
  /** The last Set-Cookie line received for each cookie name, attributes included. */
  readonly setCookieLines = new Map<string, string>();

  /**
   * @param origin the gateway's address
   * @param defaultHeaders sent with every request (e.g. an X-Forwarded-For naming this client behind a trusted proxy)
   */
  constructor(
    readonly origin: string,
    readonly defaultHeaders: Record<string, string> = {},
    /** Public origins served at another address (a gateway behind a TLS proxy): public origin -> where to send. */
    readonly aliases: Record<string, string> = {},
  ) {}

  /** Where a URL is actually fetched (its alias, if any). */
  private target(url: string): string {
    const parsed = new URL(url);
    const alias = this.aliases[parsed.origin];
    return alias ? `${alias}${parsed.pathname}${parsed.search}` : url;
  }

  cookieHeader(url: string): string {
    const cookies = this.jar.get(new URL(url).host);
    return cookies ? [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  }

  cookie(url: string, name: string): string | undefined {
    return this.jar.get(new URL(url).host)?.get(name);
  }

  setCookie(url: string, name: string, value: string): void {
    const host = new URL(url).host;
    if (!this.jar.has(host)) this.jar.set(host, new Map());
    this.jar.get(host)!.set(name, value);
  }

  private store(url: string, res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      this.setCookieLines.set(name, line);
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line);
      const host = new URL(url).host;
      if (!this.jar.has(host)) this.jar.set(host, new Map());
      if (expired || value === '') this.jar.get(host)!.delete(name);
      else this.jar.get(host)!.set(name, value);
    }
  }

  /** One request, no redirect following; state-changing requests carry our Origin by default. */
  async request(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const url = new URL(path, this.origin).toString();
    const headers = new Headers({ ...this.defaultHeaders, ...Object.fromEntries(new Headers(init.headers)) });
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set('cookie', cookie);
    const method = (init.method ?? 'GET').toUpperCase();
    if (!['GET', 'HEAD'].includes(method) && !headers.has('origin')) headers.set('origin', new URL(this.origin).origin);
    if (headers.get('origin') === '') headers.delete('origin'); // an empty origin asks for none at all
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const res = await fetch(this.target(url), { ...init, method, headers, body, redirect: 'manual' });
    this.store(url, res);
    return res;
  }

  /** Follows redirects (GET) until a non-redirect answer; returns it with its final URL. */
  async navigate(path: string, init: RequestInit & { json?: unknown } = {}): Promise<{ res: Response; url: string }> {
    let url = new URL(path, this.origin).toString();
    let res = await this.requestAbsolute(url, init);
    for (let hops = 0; hops < 20 && res.status >= 300 && res.status < 400; hops++) {
      url = new URL(res.headers.get('location')!, url).toString();
      res = await this.requestAbsolute(url, {});
    }
    return { res, url };
  }

  private async requestAbsolute(url: string, init: RequestInit & { json?: unknown }): Promise<Response> {
    const ours = new URL(url).origin === new URL(this.origin).origin;
    const headers = new Headers({ ...(ours ? this.defaultHeaders : {}), ...Object.fromEntries(new Headers(init.headers)) });
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(this.target(url), { ...init, headers, redirect: 'manual' });
    this.store(url, res);
    return res;
  }

  /** Submits the first POST form of a page (hidden inputs included) and follows the redirects. */
  async submitForm(
    html: string,
    pageUrl: string,
    fields: Record<string, string> = {},
    /** Whether to follow a redirect to this location (default: always); the first refused one is answered as it is. */
    follow: (location: URL) => boolean = () => true,
  ): Promise<{ res: Response; url: string }> {
    const form = /<form[^>]*method="post"[^>]*>/i.exec(html)?.[0];
    if (!form) throw new Error(`no form at ${pageUrl}`);
    const action = /action="([^"]*)"/i.exec(form)?.[1] ?? pageUrl;
    const target = new URL(action.replace(/&amp;/g, '&'), pageUrl).toString();
    const body = new URLSearchParams();
    for (const input of html.matchAll(/<input[^>]*type="hidden"[^>]*>/gi)) {
      const n = /name="([^"]*)"/.exec(input[0])?.[1];
      if (n) body.set(n, /value="([^"]*)"/.exec(input[0])?.[1] ?? '');
    }
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    let res = await this.requestAbsolute(target, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(target).origin },
    });
    let url = target;
    for (let hops = 0; hops < 20 && res.status >= 300 && res.status < 400; hops++) {
      const next = new URL(res.headers.get('location')!, url);
      url = next.toString();
      if (!follow(next)) break;
      res = await this.requestAbsolute(url, {});
    }
    return { res, url };
  }

  /** Signs in through /api/login and the identity provider's form (inputs `email` and `name`); returns the landing URL. */
  async signIn(email: string, name: string, returnTo = '/dashboard'): Promise<string> {
    const { res, url } = await this.navigate(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
    const html = await res.text();
    if (!html.includes('name="email"')) throw new Error(`no sign-in form at ${url} (status ${res.status})`);
    return (await this.submitForm(html, url, { email, name })).url;
  }

  /** Signs out through /api/logout, submitting the provider's self-posting logout page; returns the landing URL. */
  async signOut(): Promise<string> {
    const { res, url } = await this.navigate('/api/logout');
    const html = await res.text();
    if (!/<form[^>]*method="post"/i.test(html)) return url;
    return (await this.submitForm(html, url)).url;
  }
}
