import type { Page, Response } from '@playwright/test';
import { isValuedComparable, type PropertyLookupResponse, type ShownComparableSale } from '@hsa/contracts';
import { control, expect, startSession, test } from '../support/fixtures';
import { chooseSuggestion, sacramento, saveLookedUpProperty, startDemo, toast } from '../support/wizard';

/**
 * The comparables are the evidence of the estimate: one valuation run per lookup, the comparables shown are the ones
 * that run used, the home is never its own comparable (its recorded sale is its sale history), and adjustments are
 * named in words. 3526 High St has a recorded sale in the sample data (May 21, 2008, $59,222).
 */

const highSt = sacramento.highSt;
const ownSale = { date: '2008-05-21', price: 59_222, shown: 'May 21, 2008', money: '$59,222' };
const money = (value: number) => `$${value.toLocaleString('en-US')}`;
const street = (address: string) => address.split(',')[0]!;

/** Every call of the page that runs the valuation: lookups, comparables, estimates. */
function valuationCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/api/properties/lookup' || /\/comparables$|\/refresh-valuation$/.test(path)) calls.push(`${request.method()} ${path}`);
  });
  return calls;
}

type FoundLookup = Extract<PropertyLookupResponse, { success: true }>;

/** The body of the lookup the page makes while `act` runs (act waits for what the lookup leads to). */
async function lookupAnswer(page: Page, act: () => Promise<void>): Promise<FoundLookup> {
  let answer: Promise<unknown> | undefined;
  const listener = (response: Response) => {
    if (new URL(response.url()).pathname === '/api/properties/lookup') answer ??= response.json();
  };
  page.on('response', listener);
  await act();
  page.off('response', listener);
  expect(answer, 'the page made no lookup').toBeDefined();
  const body = (await answer) as PropertyLookupResponse;
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body as FoundLookup;
}

function expectNotTheHome(comparables: ShownComparableSale[], home: FoundLookup['property']): void {
  expect(comparables.length).toBeGreaterThanOrEqual(3);
  for (const c of comparables) {
    expect(c.address).not.toBe(home.address);
    expect(c.distanceMiles).toBeGreaterThan(0);
  }
}

test('signed in: a lookup runs the valuation once, and step 1 shows the first 3 of its comparables, never the home itself', async ({ page, user }) => {
  await startSession(page, user);
  await page.goto('/add-property');
  const calls = valuationCalls(page);
  const lookup = await lookupAnswer(page, async () => {
    await chooseSuggestion(page, highSt.typed, highSt.street);
    await expect(toast(page, 'Property Found')).toBeVisible();
  });

  // The answer carries the estimate's comparables and the home's own sale as its sale history, brought to today.
  expectNotTheHome(lookup.comparables, lookup.property);
  expect(lookup.saleHistory).toEqual([{ date: ownSale.date, price: ownSale.price, timeAdjustedPrice: expect.any(Number) }]);
  expect(lookup.saleHistory[0]!.timeAdjustedPrice!).toBeGreaterThan(ownSale.price);
  expect(lookup.comparables.reduce((sum, c) => sum + (isValuedComparable(c) ? c.weight : 0), 0)).toBeCloseTo(1, 2);

  await control(page, 'Back to Address').click();
  const shortList = page.locator('.wz-comp-list__address');
  await expect(shortList).toHaveCount(3);
  expect(await shortList.allTextContents()).toEqual(lookup.comparables.slice(0, 3).map((c) => street(c.address)));
  expect(calls).toEqual(['POST /api/properties/lookup']);
});

test("the analysis lists exactly the estimate's comparables, the home's earlier sale as its sale history, adjustments in words", async ({ page, user, baseURL }) => {
  await startSession(page, user);
  const headers = { Origin: new URL(baseURL!).origin };
  const lookup = (await (await page.request.post('/api/properties/lookup', { data: { address: highSt.full }, headers })).json()) as FoundLookup;
  expect(lookup.success).toBe(true);
  const saved = await saveLookedUpProperty(page, baseURL!, highSt.full);
  await page.goto(`/?propertyId=${saved.id}&step=2`);
  await expect(page.getByRole('heading', { level: 1, name: highSt.street })).toBeVisible();
  await expect(page.getByTestId('estimated-value')).toHaveText(money(lookup.property.estimatedValue!));

  // The table lists exactly the comparables the estimate used, in order; the home is not among them.
  const table = page.getByRole('table', { name: 'Comparable sales, numbered as on the map' });
  const addresses = table.locator('tbody th[scope="row"]');
  await expect(addresses).toHaveCount(lookup.comparables.length);
  expect(await addresses.allTextContents()).toEqual(lookup.comparables.map((c) => street(c.address)));
  await expect(table).not.toContainText(highSt.street);

  // Its recorded sale is its sale history: date, price paid and that price at today's level.
  const row = page.getByRole('table', { name: 'Sale history of this home' }).locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(ownSale.shown);
  await expect(row).toContainText(ownSale.money);
  await expect(row).toContainText(money(lookup.saleHistory[0]!.timeAdjustedPrice!));

  // Adjustments are named in words; "vs. market" has one precision.
  await expect(table).toContainText(/Living area [+-]\$[\d,]+/);
  expect(await table.textContent()).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
  const variance = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[7]?.textContent ?? ''));
  expect(variance).toHaveLength(lookup.comparables.length);
  for (const cell of variance) expect(cell).toMatch(/^(—|[+-]?\d+\.\d%)$/);
});

test('demo: the lookup is the only valuation call, and the comparables kept for the demo are that run\'s', async ({ page }) => {
  const calls = valuationCalls(page);
  const lookup = await lookupAnswer(page, () => startDemo(page));
  expectNotTheHome(lookup.comparables, lookup.property);
  // Anonymous: the same run's comparables, each without what it says the home is worth (the estimate is withheld).
  expect(lookup.estimateWithheld).toBe(true);
  expect(lookup.saleHistory).toEqual([]);
  for (const c of lookup.comparables) expect(isValuedComparable(c), JSON.stringify(c)).toBe(false);
  await expect(page.getByText('Sign in to see the comparable sales and the map')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: highSt.street })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual(['POST /api/properties/lookup']);
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('hsa.demoProperty') ?? 'null'));
  expect(stored.property.comparables.map((c: ShownComparableSale) => c.id)).toEqual(lookup.comparables.map((c) => c.id));
});

test('the demo comparables call finds the home by its place id, not by its text, and answers the lookup\'s comparables', async ({ page, baseURL }) => {
  const headers = { Origin: new URL(baseURL!).origin };
  const found = await page.request.post('/api/properties/lookup', { data: { address: highSt.full }, headers });
  const lookup = (await found.json()) as FoundLookup;
  expect(lookup.success).toBe(true);
  expectNotTheHome(lookup.comparables, lookup.property);
  // Text naming another home: the place id decides which home it is.
  const query = new URLSearchParams({ address: sacramento.omahaCt.full, placeId: lookup.property.placeId });
  const response = await page.request.get(`/api/properties/demo-property/comparables?${query}`);
  expect(response.status(), await response.text()).toBe(200);
  const comparables = (await response.json()) as ShownComparableSale[];
  expect(comparables.map((c) => c.id)).toEqual(lookup.comparables.map((c) => c.id));
  // An anonymous caller: the sales as recorded, not what each says the home is worth.
  for (const c of comparables) expect(isValuedComparable(c)).toBe(false);
});

test('adjustments are labelled in words a seller reads', async ({ page, user, baseURL }) => {
  await startSession(page, user);
  const headers = { Origin: new URL(baseURL!).origin };
  const lookup = (await (await page.request.post('/api/properties/lookup', { data: { address: highSt.full }, headers })).json()) as FoundLookup;
  expect(lookup.success).toBe(true);
  const adjustments = lookup.comparables.flatMap((c) => (isValuedComparable(c) ? c.adjustments : []));
  expect(adjustments.length).toBeGreaterThan(0);
  for (const a of adjustments) expect(a.label).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
});
