import { existsSync } from 'node:fs';

/** A browser of Debian's Chromium packages (Playwright never downloads one here). */
export interface DebianBrowser {
  name: string;
  path: string;
  debianPackage: string;
}

/** Chromium as users run it: the bench measures pages (timings, Lighthouse) in it. */
export const fullChromium: DebianBrowser = {
  name: 'Chromium',
  path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  debianPackage: 'chromium',
};

/**
 * The same Chromium engine without a browser window around the page (the headless build Playwright itself runs by
 * default): the end-to-end tests drive it. Full Chromium builds a window with its toolbar and omnibox for every new
 * browser context and renders them unseen, which cost three times the CPU per test context on a two-core machine.
 */
export const headlessShell: DebianBrowser = {
  name: "Chromium's headless shell",
  path: process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
  debianPackage: 'chromium-headless-shell',
};

/** Started without a sandbox (root) and with nothing in the background: this machine's closed network refuses Chromium's own connections. */
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

/** Stops at once, naming what is missing and how to get it, when `browser` is not installed. */
export function requireBrowser(browser: DebianBrowser): void {
  if (!existsSync(browser.path)) {
    throw new Error(
      `${browser.name} is missing at ${browser.path}: install it (Debian: apt-get install ${browser.debianPackage}).`,
    );
  }
}
