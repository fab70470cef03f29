#!/usr/bin/env node
/**
 * The landing page's budget, measured in headless Chromium on localhost: the gzip JavaScript loaded before
 * the page is usable (the address box rendered and enabled), and its Largest Contentful Paint (the last
 * 'largest-contentful-paint' PerformanceObserver entry). Each run is a cold load in a fresh browser context;
 * the medians are printed.
 *
 *   node frontends/wizard/scripts/landing-bench.mjs [--base http://localhost:8080] [--runs 5]
 *
 * Without --base it serves the built front ends itself the way the gateway does (shell at /, remotes at
 * /remotes/<name>/, /remotes.json, and an anonymous GET /api/auth/user -> 401), so it needs only
 * `npm run build`. Gzip sizes are computed here (level 6), so they do not depend on the server.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const frontends = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const runs = Math.max(1, Number(option('--runs', '5')));
const targets = { jsKiB: 250, lcpMs: 1000 };

const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };

/** A static server laid out like the gateway's embedded default (no API but the anonymous current user). */
async function serveBuiltFrontends() {
  const shellDist = path.join(frontends, 'shell', 'dist');
  if (!existsSync(path.join(shellDist, 'index.html'))) throw new Error('The front ends are not built: run `npm run build` first.');
  const remotes = ['dashboard', 'wizard', 'listing'].filter((name) => existsSync(path.join(frontends, name, 'dist', 'mf-manifest.json')));
  const send = (res, file) => {
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
    createReadStream(file).pipe(res);
  };
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://bench');
    if (pathname === '/api/auth/user') return res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"message":"Unauthorized"}');
    if (pathname.startsWith('/api/')) return res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"message":"Not found"}');
    if (pathname === '/remotes.json') {
      const manifest = Object.fromEntries(remotes.map((name) => [name, `/remotes/${name}/mf-manifest.json`]));
      return res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(manifest));
    }
    const remote = /^\/remotes\/([^/]+)\/(.*)$/.exec(pathname);
    const root = remote ? path.join(frontends, remote[1], 'dist') : shellDist;
    const file = path.join(root, path.normalize(remote ? remote[2] : pathname).replace(/^(\.\.[/\\])+/, ''));
    if (file.startsWith(root) && existsSync(file) && statSync(file).isFile()) return send(res, file);
    if (remote) return res.writeHead(404).end();
    send(res, path.join(shellDist, 'index.html'));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://localhost:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Records LCP candidates from the very start of the page. */
function observeLcp() {
  window.__lcp = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const element = entry.element;
      const name = element ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''}` : '(gone)';
      window.__lcp.push({ time: entry.startTime, size: entry.size, element: name });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

async function measureOnce(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await page.addInitScript(observeLcp);
  const scripts = [];
  let usable = false;
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!/javascript/.test(type) && !/\.m?js(\?|$)/.test(response.url())) return;
    const loadedBeforeUsable = !usable;
    const body = await response.body().catch(() => null);
    if (body) scripts.push({ url: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 6 }).length, beforeUsable: loadedBeforeUsable });
  });
  const started = Date.now();
  await page.goto(new URL('/', base).href);
  const addressBox = page.getByRole('combobox', { name: 'Property address' });
  await addressBox.waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForFunction(() => {
    const input = document.querySelector('input[role="combobox"]');
    return input instanceof HTMLInputElement && !input.disabled;
  });
  usable = true;
  const usableMs = Date.now() - started;
  await page.waitForLoadState('networkidle');
  // LCP is final once the page has settled (no input happened); read its last candidate.
  await page.waitForTimeout(300);
  const lcp = await page.evaluate(() => window.__lcp.at(-1) ?? null);
  await context.close();
  const before = scripts.filter((s) => s.beforeUsable);
  return {
    usableMs,
    lcp,
    jsBeforeUsable: before.reduce((sum, s) => sum + s.gzip, 0),
    jsAfterIdle: scripts.reduce((sum, s) => sum + s.gzip, 0),
    scripts: before.sort((a, b) => b.gzip - a.gzip),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

const given = option('--base', undefined);
const server = given ? null : await serveBuiltFrontends();
const base = given ?? server.url;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await measureOnce(browser, base));
  const js = median(results.map((r) => r.jsBeforeUsable));
  const lcpMs = median(results.map((r) => r.lcp?.time ?? Number.NaN));
  const last = results.at(-1);
  console.log(`\nLanding page ${base}/ (${given ? 'given server' : 'built front ends, static server'}), ${runs} cold loads, headless Chromium:`);
  console.log(`  gzip JavaScript before usable: ${js} bytes (${kib(js)}), target ${targets.jsKiB} KiB${js / 1024 > targets.jsKiB ? '  ABOVE TARGET' : ''}`);
  console.log(`  LCP: ${Math.round(lcpMs)} ms median (runs: ${results.map((r) => Math.round(r.lcp?.time ?? Number.NaN)).join(', ')}), element ${last.lcp?.element ?? 'none'}, target ${targets.lcpMs} ms${lcpMs > targets.lcpMs ? '  ABOVE TARGET' : ''}`);
  console.log(`  usable after: ${median(results.map((r) => r.usableMs))} ms median; JavaScript after the page went idle: ${kib(median(results.map((r) => r.jsAfterIdle)))}`);
  console.log('  scripts before usable (gzip):');
  for (const script of last.scripts) console.log(`    ${String(script.gzip).padStart(8)} B  ${script.url}`);
} finally {
  await browser.close();
  await server?.close();
}
