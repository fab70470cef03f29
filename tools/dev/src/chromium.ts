import { existsSync } from 'node:fs';

/**
 * Debian's Chromium (Playwright never downloads a browser here), started headless, without a sandbox (root) and
 * with nothing in the background: this machine's closed network refuses Chromium's own connections.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Stops at once, naming what is missing and how to get it, when Debian's Chromium is not installed. */
export function requireChromium(): void {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium is missing at ${chromiumPath}: install it (Debian: apt-get install chromium; .ci/run does this).`);
  }
}
