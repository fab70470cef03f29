/**
 * A tiny cookie-keeping HTTP client for driving the provider like a browser would, with every redirect
 * visible (redirect: 'manual'), so tests can assert each hop.
 */
export class Browser {
  private readonly cookies = new Map<string, string>();

  async request(url: string | URL, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(url, { method: init.method ?? (init.form ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) this.store(line);
    return res;
  }

  /** Follows redirects with GET while they stay on `origin`; returns the hops and the final response or foreign location. */
  async follow(first: Response, base: string): Promise<{ hops: Response[]; final: Response; leftTo?: URL }> {
    const origin = new URL(base).origin;
    const hops: Response[] = [];
    let res = first;
    while (res.status >= 300 && res.status < 400) {
      hops.push(res);
      const location = new URL(res.headers.get('location') ?? '', base);
      if (location.origin !== origin) return { hops, final: res, leftTo: location };
      await res.arrayBuffer();
      res = await this.request(location);
    }
    return { hops, final: res };
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  private store(line: string): void {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((attr) => {
      const [key = '', val = ''] = attr.split('=').map((s) => s.trim());
      return (key.toLowerCase() === 'max-age' && Number(val) <= 0) || (key.toLowerCase() === 'expires' && Date.parse(val) <= Date.now());
    });
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

/** The form of an HTML page: its action and its inputs (name -> value). */
export function parseForm(html: string, base: string): { action: URL; method: string; inputs: Record<string, string> } {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error(`no form in page:\n${html}`);
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(tag)?.[1];
  const inputs: Record<string, string> = {};
  for (const [input] of form[2]!.matchAll(/<input\b[^>]*>/gi)) {
    const name = attr(input, 'name');
    if (name) inputs[name] = decodeEntities(attr(input, 'value') ?? '');
  }
  return {
    action: new URL(decodeEntities(attr(form[1]!, 'action') ?? ''), base),
    method: (attr(form[1]!, 'method') ?? 'get').toLowerCase(),
    inputs,
  };
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The payload of a JWT (no verification). */
export function jwtPayload(jwt: string): Record<string, unknown> {
  const [, payload = ''] = jwt.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
