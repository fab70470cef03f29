import type { Page } from '@playwright/test';
import type { Property } from '@hsa/contracts';
import { createProperty, expect, newProperty, startSession, test } from '../support/fixtures';
import { expectAccessible, isBlurredAway, sacramento, screens, startDemo } from '../support/wizard';

/** Saves a property through the API, values it (refresh valuation) and opens its analysis (step 2). */
async function openAnalysis(page: Page, baseURL: string, body: Parameters<typeof createProperty>[2]): Promise<Property> {
  const created = await createProperty(page, baseURL, body);
  const refreshed = await page.request.post(`/api/properties/${created.id}/refresh-valuation`, { headers: { Origin: new URL(baseURL).origin } });
  expect(refreshed.status(), await refreshed.text()).toBe(200);
  const property = (await (await page.request.get(`/api/properties/${created.id}`)).json()) as Property;
  await page.goto(`/?propertyId=${property.id}&step=2`);
  await expect(page.getByRole('heading', { level: 1, name: property.address.split(',')[0]! })).toBeVisible();
  return property;
}

const money = (value: number) => `$${value.toLocaleString('en-US')}`;

test('the value over time of a home with a recorded sale: chart, tooltip, keyboard and table', async ({ page, user, baseURL }) => {
  await startSession(page, user);
  const property = await openAnalysis(page, baseURL!, {
    address: sacramento.highSt.full,
    city: 'Sacramento',
    state: 'CA',
    zipCode: sacramento.highSt.zip,
    bedrooms: 2,
    bathrooms: 1,
    squareFootage: 836,
    coordinates: { latitude: 38.631913, longitude: -121.434879 },
  });

  const section = page.locator('.wz-vh');
  await expect(section.getByRole('heading', { level: 2, name: 'Value over time' })).toBeVisible();
  await expect(section).toContainText('Along the FHFA All-Transactions HPI, Sacramento-Roseville-Folsom, CA (metro), through 2024 Q3');
  // The chart loads as it nears the viewport, as a reader scrolls to it.
  await section.scrollIntoViewIfNeeded();
  const chart = section.getByRole('group', { name: /^Estimated value over time/ });
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(section.getByRole('list', { name: 'Chart legend' })).toContainText('Recorded sale of this home');

  // The pointer shows a tooltip; the arrow keys walk the dates and read them out.
  await chart.scrollIntoViewIfNeeded();
  const box = (await chart.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.4);
  await expect(section.getByTestId('value-history-tooltip')).toContainText('Estimated value $');
  await chart.focus();
  await page.keyboard.press('Home');
  await expect(section.getByTestId('value-history-tooltip')).toContainText('2007 Q2');
  await page.keyboard.press('End');
  await expect(section.getByTestId('value-history-tooltip')).toContainText(`Estimated value ${money(property.estimatedValue!)}`);
  await expect(section.locator('[aria-live="polite"]')).toContainText("today's estimate");

  // The table fallback holds the same figures: the recorded 2008 sale, and today's estimate last.
  await section.getByText('Show the figures as a table').click();
  const table = section.getByRole('table', { name: 'Estimated value over time and recorded sales' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row', { name: /May 21, 2008/ }).filter({ hasText: '$59,222' })).toHaveCount(1);
  await expect(table.locator('tbody tr').last()).toContainText(money(property.estimatedValue!));
  await expect(table.locator('tbody tr').last()).toContainText(money(property.estimatedValueLow!));

  // The comparables table shows where the estimate sits among their adjusted values.
  await expect(page.getByRole('img', { name: /^The estimate, \$[\d,]+, is above \d+ and below \d+ of the \d+ comparable sales' adjusted values/ })).toBeVisible();

  await expectAccessible(page);
  await screens(page, 'analysis-value-history');
});

test('the value over time of a home with no recorded sale', async ({ page, user, baseURL }) => {
  await startSession(page, user);
  const property = await openAnalysis(page, baseURL!, newProperty({ coordinates: { latitude: 38.6045, longitude: -121.4412 }, zipCode: '95815' }));

  const section = page.locator('.wz-vh');
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('group', { name: /^Estimated value over time/ }).locator('canvas')).toBeVisible();
  await expect(section.getByRole('list', { name: 'Chart legend' })).toContainText('No recorded sale of this home in the data');
  await expect(section.locator('p.visually-hidden').first()).toContainText('No sale of this home is recorded in the data.');

  await section.getByText('Show the figures as a table').click();
  const table = section.getByRole('table', { name: 'Estimated value over time and recorded sales' });
  // Ten years of quarter ends, then today's estimate; no sale rows.
  await expect(table.locator('tbody tr')).toHaveCount(41);
  await expect(table.locator('tbody tr.wz-vh__sale-row')).toHaveCount(0);
  await expect(table.locator('tbody tr').last()).toContainText(money(property.estimatedValue!));
  await expectAccessible(page);
});

test('demo mode: the value over time is locked, and nothing is fetched for it', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/value-history')) calls.push(request.url());
  });
  await startDemo(page);
  await expect(page.getByText("Sign in to see how this home's value moved over the years")).toBeVisible();
  expect(await isBlurredAway(page.locator('.wz-vh-empty'))).toBe(true);
  await expect(page.getByTestId('value-history-chart')).toHaveCount(0);
  expect(calls).toEqual([]);
});
