import { expect, startSession, test } from '../support/fixtures';
import path from 'node:path';
import { expectAccessible, isBlurredAway, sacramento, saveLookedUpProperty, screens, screensDir, scrollToNeighborhood, startDemo } from '../support/wizard';

/**
 * The neighborhood card and the map's real places on step 2 for a saved home of the sales data; and the demo's
 * locked preview, which shows shapes only.
 */

test('the neighborhood card: four tabs with real places and n/10 scores, how they are scored, and the credits', async ({ page, user, baseURL }) => {
  test.setTimeout(90_000);
  await startSession(page, user);
  const property = await saveLookedUpProperty(page, baseURL!, sacramento.branchSt.full);
  await page.goto(`/?propertyId=${property.id}&step=2`);
  const card = await scrollToNeighborhood(page);
  await expect(card.getByRole('tab', { name: 'Overview' })).toBeVisible({ timeout: 30_000 });

  // Overview: the area, family-life and walkability scores out of 10, and dining plainly without a score.
  await expect(card.getByTestId('neighborhood-area')).toContainText('Neighborhood: South Hagginwood (City of Sacramento neighborhoods (2013))');
  await expect(card.getByLabel(/^Family friendly: \d+(\.\d)? out of 10$/)).toHaveText(/^\d+(\.\d)?\/10$/);
  await expect(card.getByLabel(/^Walkability: \d+(\.\d)? out of 10$/)).toHaveText(/^\d+(\.\d)?\/10$/);
  const dining = card.getByTestId('score').filter({ hasText: 'Dining' });
  await expect(dining).toContainText('No data');
  await expect(dining).toContainText('Not scored: No restaurant, café or bar data exists for this area');

  // How is this scored? The method, the formula, and this home's places and points.
  const explanation = card.getByTestId('scoring-explanation');
  await explanation.getByText('How is this scored?').click();
  await expect(explanation).toContainText('score = 10 × Σ (weight × decay(distance)) ÷ Σ weight');
  await expect(explanation).toContainText(/Walkability: \d+(\.\d)?\/10 = 10 × [\d.]+ ÷ 7/);
  await expect(explanation.getByRole('row', { name: /^Grocery stores \(3\)/ })).toContainText(/ mi, 3 × /);
  await expect(explanation.getByRole('row', { name: /^Restaurants/ })).toContainText('Left out: No restaurant');

  // The credits of the data, on every tab.
  const credits = card.getByRole('region', { name: 'Data sources' });
  for (const credit of ['California Department of Education', 'GreenInfo Network', 'WIC vendor list', 'Sacramento Regional Transit', 'US Census Bureau', 'City of Sacramento']) {
    await expect(credits).toContainText(credit);
  }
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);

  // Family Life: real schools and parks with distances and their source.
  await card.getByRole('tab', { name: 'Family Life' }).click();
  const schools = card.getByRole('list', { name: 'Nearby schools' }).getByTestId('nearby-place');
  await expect(schools.first()).toContainText(/\d\.\d+ mi/);
  await expect(schools.first()).toContainText('open in May 2008 · Source: California Department of Education school directory (2018)');
  await expect(card.getByRole('list', { name: 'Parks' }).getByTestId('nearby-place').first()).toContainText('Source: California Protected Areas Database (about 2015)');

  // Lifestyle: amenities with distances; dining says there is no data.
  await card.getByRole('tab', { name: 'Lifestyle' }).click();
  await expect(card.getByRole('list', { name: 'Nearby amenities' })).toContainText('Source: SacRT GTFS feed (2021)');
  await expect(card.getByRole('tabpanel')).toContainText('No restaurant data available.');

  // Market: the recorded sales, and the tract's 2000 census median brought to today, labelled as such.
  await card.getByRole('tab', { name: 'Market' }).click();
  await expect(card.getByRole('tabpanel')).toContainText('Tract median house value, 2000 census$74,600');
  await expect(card.getByRole('tabpanel')).toContainText(/Same, at \d{4}-\d\d-\d\d prices \(price index\)\$[\d,]+/);
  await expect(card.getByRole('tabpanel')).toContainText('In the 2000 census the median house value in Census tract 66, Sacramento County was $74,600');
  await expectAccessible(page);
  await screens(page, 'neighborhood-card');
  await card.getByRole('tab', { name: 'Overview' }).click();
  await card.screenshot({ path: path.join(screensDir, 'neighborhood-card-element.png'), animations: 'disabled' });
});

test('the map draws real places under the home and its sales, with switchable layers and the data credits', async ({ page, user, baseURL }) => {
  test.setTimeout(90_000);
  await startSession(page, user);
  const property = await saveLookedUpProperty(page, baseURL!, sacramento.highSt.full);
  await page.goto(`/?propertyId=${property.id}&step=2`);
  await expect(page.getByRole('button', { name: /^Comparable sale 1: / })).toBeVisible({ timeout: 30_000 });
  const layers = page.getByTestId('map-layers');
  await expect(layers).toHaveAttribute('data-areas', /^(neighborhoods|tracts)$/);
  await expect(layers.locator('.wz-layer--areas path').first()).toBeAttached();
  await expect(layers.locator('[data-layer="transit_lines"] path').first()).toBeAttached();
  await expect(layers.locator('.wz-layer__labels text').first()).toBeAttached();

  await page.waitForLoadState('networkidle');
  await screens(page, 'map-layers');
  await page.locator('.wz-comps__map').screenshot({ path: path.join(screensDir, 'map-layers-element.png'), animations: 'disabled' });
  const switches = page.getByRole('group', { name: 'Map layers' });
  for (const name of ['Neighborhoods and census tracts', 'SacRT routes and stops', 'Parks', 'Public schools']) {
    await expect(switches.getByRole('checkbox', { name })).toBeChecked();
  }
  await switches.getByRole('checkbox', { name: 'SacRT routes and stops' }).uncheck();
  await expect(layers.locator('[data-layer="transit_lines"]')).toHaveCount(0);
  await switches.getByRole('checkbox', { name: 'Neighborhoods and census tracts' }).uncheck();
  await expect(layers.locator('.wz-layer--areas')).toHaveCount(0);
  await switches.getByRole('checkbox', { name: 'SacRT routes and stops' }).check();
  await expect(layers.locator('[data-layer="transit_lines"] path').first()).toBeAttached();

  // The popups, the legend and the scale stay; zoomed in, parks, schools and stops appear.
  await page.getByRole('button', { name: /^Your property: / }).click();
  await expect(page.getByRole('dialog')).toContainText('Your property');
  await page.getByRole('button', { name: 'Close details' }).click();
  await expect(page.getByRole('list', { name: 'Map legend' })).toBeVisible();
  const scale = await page.getByRole('img', { name: /^Scale: / }).getAttribute('aria-label');
  // The map asks only for the tiles of its view (a few per zoom level), never the whole data.
  const tileRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/map/tiles/')) tileRequests.push(r.url());
  });
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByRole('img', { name: /^Scale: / })).not.toHaveAttribute('aria-label', scale!);
  await expect(layers.locator('[data-layer="parks"] circle, [data-layer="schools"] rect').first()).toBeAttached();

  const credits = page.getByTestId('map-credits');
  await expect(credits).toContainText('Streets are not drawn in the offline map');
  for (const credit of ['City of Sacramento', 'US Census Bureau', 'Sacramento Regional Transit', 'GreenInfo Network', 'California Department of Education']) {
    await expect(credits).toContainText(credit);
  }
  await expect.poll(() => tileRequests.length).toBeGreaterThan(0);
  expect(tileRequests.length).toBeLessThanOrEqual(18);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
});

test('the demo shows the neighborhood card locked as shapes only: no score, fact or figure, real or made up', async ({ page }) => {
  await startDemo(page, sacramento.highSt);
  const card = page.locator('.wz-neighborhood');
  await expect(card.getByRole('button', { name: 'Login to View Neighborhood Analysis' })).toBeVisible();
  const preview = card.getByTestId('neighborhood-preview');
  await expect(preview).toHaveText('');
  expect(await isBlurredAway(preview)).toBe(true);
  const text = (await card.innerText()).replace(/\s+/g, ' ').trim();
  expect(text).toBe('Neighborhood insights Family life, walkability, dining and the local market, for signed-in owners. Login to View Neighborhood Analysis');
  await expect(card).not.toContainText('/10');
  await expectAccessible(page);
});
