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

/** The node_modules paths (e.g. "antd/es/modal/index.js") the source maps of every script the page loaded name. */
async function scriptModules(page: Page, scripts: string[]): Promise<string[]> {
  const modules: string[] = [];
  for (const url of scripts) {
    const map = await page.request.get(`${url}.map`);
    expect(map.status(), `${url}.map`).toBe(200);
    for (const source of ((await map.json()) as { sources: string[] }).sources) {
      const module = /node_modules\/(.+)$/.exec(source)?.[1];
      if (module) modules.push(module);
    }
  }
  return modules;
}

/** Code a signed-in page's first view has no use for: validation (the forms') and antd's modal, message and App. */
const notForFirstViews = /^(zod\/|antd\/es\/(modal|message|app)\/index\.js$)/;

test("a saved home's step 2 and the dashboard load neither zod nor antd's modal, message or App code, and step 2 no Tabs", async ({ page, user, baseURL }) => {
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
  const stepTwo = await scriptModules(page, scripts);
  expect(stepTwo.some((module) => module.startsWith('antd/es/card/'))).toBe(true);
  expect(stepTwo.filter((module) => notForFirstViews.test(module))).toEqual([]);
  // Nor Tabs, which antd's Card imports for a tabList the product never gives it (the dashboard shows Tabs).
  expect(stepTwo.includes('antd/es/tabs/index.js'), 'step 2 loaded antd/es/tabs').toBe(false);

  scripts.length = 0;
  await page.goto('/dashboard');
  await expect(page.getByText('Welcome back')).toBeVisible();
  await expect(page.getByText(sacramento.branchSt.street)).toBeVisible();
  const dashboard = await scriptModules(page, scripts);
  expect(dashboard.some((module) => module.startsWith('antd/es/tabs/'))).toBe(true);
  expect(dashboard.filter((module) => notForFirstViews.test(module))).toEqual([]);
});
