/**
 * Page loads in real Chromium through the gateway, as users load the pages: each load in a fresh browser context
 * (nothing cached) with the cache disabled through the DevTools protocol. Bytes on the wire are the DevTools
 * "transferred" figure of every response (headers and encoded body, Network.loadingFinished.encodedDataLength);
 * LCP is the last 'largest-contentful-paint' entry once the page has settled.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

export interface PageSpec {
  name: string;
  path: string;
  /** Resolves once the page shows what its user came for. */
  ready: (page: Page) => Promise<void>;
  storageState?: BrowserContextOptions['storageState'];
}

export interface PageLoad {
  jsBytes: number;
  totalBytes: number;
  requests: number;
  lcpMs: number;
  lcpElement: string;
  readyMs: number;
  /** Every script: path and bytes on the wire, largest first. */
  scripts: { path: string; bytes: number; encoding: string }[];
}

/** Records LCP candidates from the very start of the page (runs in the page before any of its scripts). */
const observeLcp = `
  window.__lcp = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const element = entry.element;
      const name = element ? element.tagName.toLowerCase() + (typeof element.className === 'string' && element.className ? '.' + element.className.split(' ')[0] : '') : '(removed)';
      window.__lcp.push({ time: entry.startTime, element: name });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

/** Waits until no response has arrived for `quietMs` (an open event stream does not count), at most `maxMs`. */
async function settle(lastResponseAt: () => number, quietMs = 1000, maxMs = 20_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline && Date.now() - lastResponseAt() < quietMs) await new Promise((resolve) => setTimeout(resolve, 100));
}

export async function loadPage(browser: Browser, baseUrl: string, spec: PageSpec): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, ...(spec.storageState ? { storageState: spec.storageState } : {}) });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: observeLcp });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const responses = new Map<string, { url: string; type: string; encoding: string }>();
    const finished: { url: string; type: string; encoding: string; bytes: number }[] = [];
    let lastResponseAt = Date.now();
    cdp.on('Network.responseReceived', (event) => {
      const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      responses.set(event.requestId, { url: event.response.url, type: event.type ?? 'Other', encoding: headers['content-encoding'] ?? 'identity' });
      lastResponseAt = Date.now();
    });
    cdp.on('Network.loadingFinished', (event) => {
      const response = responses.get(event.requestId);
      if (response) finished.push({ ...response, bytes: event.encodedDataLength });
      lastResponseAt = Date.now();
    });

    const started = Date.now();
    await page.goto(new URL(spec.path, baseUrl).href);
    await spec.ready(page);
    const readyMs = Date.now() - started;
    await settle(() => lastResponseAt);
    const lcp = (await page.evaluate('window.__lcp.at(-1) ?? null')) as { time: number; element: string } | null;
    const scripts = finished.filter((r) => r.type === 'Script');
    return {
      jsBytes: scripts.reduce((sum, r) => sum + r.bytes, 0),
      totalBytes: finished.reduce((sum, r) => sum + r.bytes, 0),
      requests: finished.length,
      lcpMs: lcp?.time ?? Number.NaN,
      lcpElement: lcp?.element ?? 'none',
      readyMs,
      scripts: scripts.map((r) => ({ path: new URL(r.url).pathname, bytes: r.bytes, encoding: r.encoding })).sort((a, b) => b.bytes - a.bytes),
    };
  } finally {
    await context.close();
  }
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export interface PageFigures {
  name: string;
  path: string;
  loads: PageLoad[];
  jsBytes: number;
  totalBytes: number;
  lcpMs: number;
}

/** `runs` cold loads of a page; medians of each figure. */
export async function measurePage(browser: Browser, baseUrl: string, spec: PageSpec, runs: number): Promise<PageFigures> {
  const loads: PageLoad[] = [];
  for (let i = 0; i < runs; i++) loads.push(await loadPage(browser, baseUrl, spec));
  return {
    name: spec.name,
    path: spec.path,
    loads,
    jsBytes: median(loads.map((l) => l.jsBytes)),
    totalBytes: median(loads.map((l) => l.totalBytes)),
    lcpMs: median(loads.map((l) => l.lcpMs)),
  };
}
