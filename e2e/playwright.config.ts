import { defineConfig } from '@playwright/test';
import { chromiumFlags, headlessShell } from '../tools/dev/src/chromium';

/**
 * End-to-end tests in Debian's Chromium headless shell (/usr/bin/chromium-headless-shell, see tools/dev/src/chromium.ts;
 * Playwright never downloads a browser here).
 * global-setup.ts starts PostgreSQL + NATS when needed and the whole product on free ports with throwaway
 * databases, and passes its address to the workers in HSA_E2E_BASE_URL.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // One browser at a time: the whole product (seven services) shares this machine's two cores with it, and a
  // second browser made page timings (toasts, animations) depend on load. HSA_E2E_WORKERS raises it.
  workers: Number(process.env.HSA_E2E_WORKERS ?? 1),
  // CI retries a failed test once and reports it as flaky (listed in the summary), so a timing race on a loaded
  // two-core machine shows up without hiding a real failure, which fails twice.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: process.env.HSA_E2E_BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: headlessShell.path,
      args: chromiumFlags,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
