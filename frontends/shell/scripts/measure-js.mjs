#!/usr/bin/env node
/**
 * Loads pages in headless Chromium and reports the JavaScript each one downloads (raw and gzip
 * bytes, gzip computed here at level 6 so the figure does not depend on the server), plus any
 * console errors. Exits 1 when a page logs an error.
 *
 *   node frontends/shell/scripts/measure-js.mjs --base http://127.0.0.1:4173 / /dashboard
 *     [--sign-in]           visit /api/login first (the preview server's fake sign-in)
 *     [--cookie name=value] send a session cookie (e.g. one copied from a signed-in browser)
 *     [--screenshots dir]   save a full-page PNG per path
 *     [--wait-for text]     wait until this text is visible before measuring
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const take = (name) => {
  const index = args.indexOf(name);
  if (index < 0) return undefined;
  const [, value] = args.splice(index, 2);
  return value;
};
const flag = (name) => {
  const index = args.indexOf(name);
  if (index >= 0) args.splice(index, 1);
  return index >= 0;
};
const base = take('--base') ?? 'http://127.0.0.1:4173';
const cookie = take('--cookie');
const screenshots = take('--screenshots');
const waitFor = take('--wait-for');
const signIn = flag('--sign-in');
const paths = args.length ? args : ['/', '/dashboard'];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
if (cookie) {
  const [name, ...value] = cookie.split('=');
  await context.addCookies([{ name, value: value.join('='), url: base }]);
}
if (signIn) {
  const page = await context.newPage();
  await page.goto(new URL('/api/login', base).href);
  await page.close();
}

let failed = false;
for (const pagePath of paths) {
  const page = await context.newPage();
  const scripts = [];
  const errors = [];
  page.on('console', (message) => {
    // The browser logs the anonymous visitor's 401 from GET /api/auth/user: that is the contract.
    const expected = /status of 401/.test(message.text()) && message.location().url.endsWith('/api/auth/user');
    if (message.type() === 'error' && !expected) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!/javascript/.test(type) && !/\.m?js(\?|$)/.test(response.url())) return;
    const body = await response.body().catch(() => null);
    if (body) scripts.push({ url: response.url(), raw: body.length, gzip: gzipSync(body, { level: 6 }).length });
  });
  await page.goto(new URL(pagePath, base).href, { waitUntil: 'networkidle' });
  if (waitFor) await page.getByText(waitFor).first().waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  if (screenshots) {
    mkdirSync(screenshots, { recursive: true });
    const name = pagePath.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
    await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
  }
  const total = scripts.reduce((sum, script) => ({ raw: sum.raw + script.raw, gzip: sum.gzip + script.gzip }), { raw: 0, gzip: 0 });
  console.log(`\n${pagePath} -> ${page.url()}  title: "${await page.title()}"`);
  for (const script of scripts.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${String(script.gzip).padStart(8)} B gzip  ${String(script.raw).padStart(9)} B  ${new URL(script.url).pathname}`);
  }
  console.log(`  JavaScript loaded: ${scripts.length} files, ${total.gzip} bytes gzip (${(total.gzip / 1024).toFixed(1)} KiB), ${total.raw} bytes raw`);
  if (errors.length) {
    failed = true;
    console.log(`  console errors:\n    ${errors.join('\n    ')}`);
  }
  await page.close();
}
await browser.close();
process.exit(failed ? 1 : 0);
