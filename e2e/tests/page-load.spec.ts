import type { Page } from '@playwright/test';
import { expect, startSession, test } from '../support/fixtures';
import { sacramento, saveLookedUpProperty } from '../support/wizard';

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

/** The npm packages named by the source maps of every script the page loaded. */
async function scriptPackages(page: Page, scripts: string[]): Promise<Set<string>> {
  const packages = new Set<string>();
  for (const url of scripts) {
    const map = await page.request.get(`${url}.map`);
    expect(map.status(), `${url}.map`).toBe(200);
    for (const source of ((await map.json()) as { sources: string[] }).sources) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
      if (name) packages.add(name);
    }
  }
  return packages;
}

test("a saved home's step 2 and the dashboard load no validation library (zod): it is only for the forms", async ({ page, user, baseURL }) => {
  await startSession(page, user);
  const property = await saveLookedUpProperty(page, baseURL!, sacramento.branchSt.full);
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });

  await page.goto(`/?propertyId=${property.id}&step=2`);
  const valueCard = page.locator('.wz-value');
  await expect(valueCard.getByTestId('estimated-value')).toBeVisible();
  await expect(valueCard).toContainText('Sample market data: Sacramento, CA sales, May 2008');
  const stepTwo = await scriptPackages(page, scripts);
  expect(stepTwo).toContain('antd');
  expect(stepTwo).not.toContain('zod');

  scripts.length = 0;
  await page.goto('/dashboard');
  await expect(page.getByText('Welcome back')).toBeVisible();
  await expect(page.getByText(sacramento.branchSt.street)).toBeVisible();
  const dashboard = await scriptPackages(page, scripts);
  expect(dashboard).toContain('react-dom');
  expect(dashboard).not.toContain('zod');
});
