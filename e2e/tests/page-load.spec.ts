import type { Page } from '@playwright/test';
import { expect, startSession, test } from '../support/fixtures';

/** Every request the page makes to these paths, with what started it (DevTools' initiator type). */
async function recordRequests(page: Page, paths: string[]): Promise<Map<string, string[]>> {
  const seen = new Map(paths.map((path) => [path, [] as string[]]));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (event) => {
    const path = new URL(event.request.url).pathname;
    seen.get(path)?.push(event.initiator.type);
  });
  return seen;
}

const firstCalls = ['/api/auth/user', '/remotes.json'];

test('a first visit asks who is signed in and where the remotes are once each, from the HTML', async ({ page }) => {
  const seen = await recordRequests(page, firstCalls);
  await page.goto('/');
  await expect(page.getByRole('combobox', { name: 'Property address' })).toBeVisible();
  // 'parser': the preload links of index.html started them, and the shell's own calls used those responses.
  expect(Object.fromEntries(seen)).toEqual({ '/api/auth/user': ['parser'], '/remotes.json': ['parser'] });
});

test('a signed-in page load does the same, and shows the signed-in page', async ({ page, user }) => {
  await startSession(page, user);
  const seen = await recordRequests(page, firstCalls);
  await page.goto('/dashboard');
  await expect(page.getByText('Welcome back')).toBeVisible();
  expect(Object.fromEntries(seen)).toEqual({ '/api/auth/user': ['parser'], '/remotes.json': ['parser'] });
});
