import { control, createProperty, expect, field, signIn, startSession, test } from '../support/fixtures';
import {
  addressBox,
  chooseSuggestion,
  expectAccessible,
  sacramento,
  savedPropertyId,
  screens,
  toast,
  unknownAddress,
} from '../support/wizard';

test('signed in: a lookup failure, manual entry, Analyze Property, then the analysis', async ({ page, user }) => {
  await signIn(page, user);
  await control(page, 'Add New Property').click();
  await expect(page).toHaveURL(/\/add-property$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Which property are you selling?' })).toBeVisible();
  await expectAccessible(page);
  await screens(page, 'address-step');

  await addressBox(page).fill(unknownAddress);
  await control(page, 'Find My Property').click();
  await expect(toast(page, 'Property Details Needed')).toContainText('Please enter your property details manually.');
  await expect(page).toHaveURL(/\/add-property\?step=1\.5$/);

  // Step 1.5, empty for manual entry: the address read-only, the spec's defaults 4 / 2.5 / 2450.
  await expect(page.getByRole('heading', { level: 1, name: 'Tell us about your home' })).toBeVisible();
  await expect(field(page, 'Street address')).toHaveValue(unknownAddress);
  await expect(field(page, 'Street address')).toHaveAttribute('readonly', '');
  await expect(field(page, 'City')).toHaveValue('');
  await expect(field(page, 'Square footage')).toHaveValue('2450');
  const form = page.locator('form').filter({ has: field(page, 'Street address') });
  await expect(form.getByTitle('4', { exact: true })).toBeVisible();
  await expect(form.getByTitle('2.5', { exact: true })).toBeVisible();
  await expect(control(page, 'Back to Address')).toBeVisible();
  await expectAccessible(page);
  await screens(page, 'details-step-manual');

  await field(page, 'City').fill('Springfield');
  await field(page, 'State').fill('IL');
  await field(page, 'ZIP code').fill('62704');
  await field(page, 'Year built').fill('1989');
  await control(page, 'Analyze Property').click();

  const id = await savedPropertyId(page);
  // Saved, but outside the sales data: the toast and step 2 say so and why (never "its analysis is ready").
  await expect(toast(page, 'Property Saved Successfully')).toContainText('no estimate');
  await expect(page.getByRole('heading', { level: 1, name: '742 Evergreen Terrace' })).toBeVisible();
  await expect(page.getByText('No estimate yet')).toBeVisible();
  await expect(page.getByTestId('no-estimate-notice')).toContainText('No sales data near this address');
  const facts = page.locator('dl.wz-facts');
  await expect(facts).toContainText('Bedrooms4');
  await expect(facts).toContainText('Bathrooms2.5');
  await expect(facts).toContainText('Square feet2,450');
  await expect(facts).toContainText('Year built1989');
  const saved = await (await page.request.get(`/api/properties/${id}`)).json();
  expect(saved).toMatchObject({ address: unknownAddress, city: 'Springfield', state: 'IL', zipCode: '62704', bedrooms: 4, bathrooms: 2.5, squareFootage: 2450, yearBuilt: 1989 });
});

test('signed in: an address that is found, its details, and the full analysis with the map', async ({ page, user }) => {
  await startSession(page, user);
  await page.goto('/add-property');
  await chooseSuggestion(page, sacramento.janetteWay.typed, sacramento.janetteWay.street);
  await expect(toast(page, 'Property Found')).toBeVisible();
  await expect(page).toHaveURL(/\/add-property\?step=1\.5$/);
  await expect(field(page, 'Street address')).toHaveValue(sacramento.janetteWay.full);
  await expect(field(page, 'City')).toHaveValue('Sacramento');
  await expect(field(page, 'ZIP code')).toHaveValue(sacramento.janetteWay.zip);
  await screens(page, 'details-step-found');

  // Back to Address shows the loaded property: estimate, facts, the first 3 comparables and a map.
  await control(page, 'Back to Address').click();
  await expect(page).toHaveURL(/\/add-property$/);
  await expect(page.getByRole('heading', { name: sacramento.janetteWay.full })).toBeVisible();
  await expect(page.getByTestId('estimated-value')).toBeVisible();
  await expect(page.locator('.wz-comp-list__item')).toHaveCount(3);
  await expect(page.getByRole('button', { name: /^Your property: / })).toBeVisible();
  await expectAccessible(page);
  await screens(page, 'address-step-loaded');
  await control(page, 'Continue to Details').click();

  await control(page, 'Analyze Property').click();
  const id = await savedPropertyId(page);
  await expect(toast(page, 'Analysis Complete')).toBeVisible();

  // Step 2: value with range, facts with price per square foot, comparables and their map.
  await expect(page.getByRole('heading', { level: 1, name: sacramento.janetteWay.street })).toBeVisible();
  const property = await (await page.request.get(`/api/properties/${id}`)).json();
  const value = page.getByTestId('estimated-value');
  await expect(value).toHaveText(`$${property.estimatedValue.toLocaleString('en-US')}`);
  await expect(page.getByRole('img', { name: /^Likely range \$[\d,]+ to \$[\d,]+$/ })).toBeVisible();
  await expect(page.locator('dl.wz-facts')).toContainText(`Price per sq ft$${Math.round(property.estimatedValue / property.squareFootage).toLocaleString('en-US')}`);
  const table = page.getByRole('table', { name: 'Comparable sales, numbered as on the map' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const rows = await table.locator('tbody tr').count();
  expect(rows).toBeGreaterThanOrEqual(3);
  const map = page.getByRole('group', { name: /^Map of your property and \d+ comparable sales/ });
  await expect(map.getByRole('button', { name: `Your property: ${sacramento.janetteWay.full}` })).toBeVisible();
  await expect(map.getByRole('button', { name: /^Comparable sale 1: / })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Map legend' })).toContainText('Your property');
  await expect(map).toContainText('Sample market data: Sacramento, CA sales, May 2008');
  await expect(map.getByRole('img', { name: /^Scale: [\d.,]+ (mi|ft)$/ })).toBeVisible();

  // Info popups open from a marker and close with Escape, back on the marker.
  const firstSale = map.getByRole('button', { name: /^Comparable sale 1: / });
  await firstSale.click();
  const popup = map.getByRole('dialog');
  await expect(popup).toContainText('Comparable sale 1');
  await expect(popup).toContainText('Sold for');
  await popup.getByRole('button', { name: 'Close details' }).focus();
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  await expect(firstSale).toBeFocused();

  // Zoom buttons change the map's scale.
  const scale = map.getByRole('img', { name: /^Scale: / });
  const before = await scale.getAttribute('aria-label');
  await map.getByRole('button', { name: 'Zoom out' }).click();
  await expect(scale).not.toHaveAttribute('aria-label', before!);

  await expect(page.getByRole('navigation', { name: 'Property sections' }).getByRole('link', { name: 'Recommendations' })).toHaveAttribute(
    'href',
    `/?propertyId=${id}&step=3`,
  );
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
  await screens(page, 'analysis-step');

  await control(page, 'Refresh Valuation').click();
  await expect(toast(page, 'Valuation Updated')).toBeVisible();
});

test('every validation message of the address and property forms', async ({ page, user }) => {
  await startSession(page, user);
  await page.goto('/add-property');
  await control(page, 'Find My Property').click();
  await expect(page.getByText('Address is required')).toBeVisible();
  await addressBox(page).fill('Main');
  await control(page, 'Find My Property').click();
  await expect(toast(page, 'Please Select Complete Address')).toContainText('Please select a full address from the suggestions dropdown for best results.');

  // A failing lookup (not just an unknown address): 'Lookup Failed', then manual entry.
  await page.route('**/api/properties/lookup', (route) => route.fulfill({ status: 502, contentType: 'application/json', body: '{"message":"Bad gateway"}' }));
  await addressBox(page).fill('12 Unreachable Rd, Nowhere');
  await control(page, 'Find My Property').click();
  await expect(toast(page, 'Lookup Failed')).toContainText('Please enter your property details manually.');
  await expect(page).toHaveURL(/\/add-property\?step=1\.5$/);
  await page.unroute('**/api/properties/lookup');

  const form = page.locator('form').filter({ has: field(page, 'Street address') });
  await field(page, 'Square footage').fill('');
  for (const label of ['Bedrooms', 'Bathrooms']) {
    await form.locator('.ant-form-item').filter({ has: page.getByLabel(label) }).hover();
    await form.locator('.ant-form-item').filter({ has: page.getByLabel(label) }).locator('.ant-select-clear').click();
  }
  await control(page, 'Analyze Property').click();
  for (const message of [
    'City is required',
    'State is required',
    'ZIP code is required',
    'Must have at least 1 bedroom',
    'Must have at least 0.5 bathrooms',
    'Square footage is required',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page).toHaveURL(/\/add-property\?step=1\.5$/);
  await expectAccessible(page);
  await screens(page, 'details-step-validation');

  // Bedrooms 1 to 6+, bathrooms 1 to 4+ in halves (4+ without a half).
  await form.getByLabel('Bathrooms').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveText(['1', '1.5', '2', '2.5', '3', '3.5', '4+']);
  await page.keyboard.press('Escape');
  await form.getByLabel('Bedrooms').click();
  await expect(options).toHaveText(['1', '2', '3', '4', '5', '6+']);
  await page.keyboard.press('Escape');
});

test('a deep link /?propertyId=…&step=2 opens the saved analysis; details can be changed', async ({ page, baseURL, user }) => {
  await startSession(page, user);
  const created = await createProperty(page, baseURL!, {
    address: sacramento.omahaCt.full,
    city: 'Sacramento',
    state: 'CA',
    zipCode: sacramento.omahaCt.zip,
    bedrooms: 3,
    bathrooms: 1,
    squareFootage: 1167,
    estimatedValue: 250_000,
    coordinates: { latitude: 38.478902, longitude: -121.431028 },
  });

  await page.goto(`/?propertyId=${created.id}&step=2`);
  await expect(page.getByRole('heading', { level: 1, name: sacramento.omahaCt.street })).toBeVisible();
  await expect(page.getByTestId('estimated-value')).toHaveText('$250,000');
  // No low/high saved: the range falls back to 85% and 115% of the estimate.
  await expect(page.getByRole('img', { name: 'Likely range $212,500 to $287,500' })).toBeVisible();
  await expect(page.locator('dl.wz-facts')).toContainText('Price per sq ft$214');
  await expect(page.getByRole('button', { name: /^Comparable sale 1: / })).toBeVisible();

  // Without step, propertyId opens step 2 too.
  await page.goto(`/?propertyId=${created.id}`);
  await expect(page.getByRole('heading', { level: 1, name: sacramento.omahaCt.street })).toBeVisible();

  await page.getByRole('navigation', { name: 'Property sections' }).getByRole('link', { name: 'Property Details' }).click();
  await expect(page).toHaveURL(new RegExp(`propertyId=${created.id}&step=1\\.5$`));
  await expect(field(page, 'Street address')).toHaveAttribute('readonly', '');
  await field(page, 'Year built').fill('1972');
  await control(page, 'Save Changes').click();
  await expect(toast(page, 'Property Updated')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`propertyId=${created.id}&step=2$`));
  await expect(page.locator('dl.wz-facts')).toContainText('Year built1972');
  expect((await (await page.request.get(`/api/properties/${created.id}`)).json()).yearBuilt).toBe(1972);
});

test("an unknown property id says 'Failed to load property' with Go Home", async ({ page, user }) => {
  await startSession(page, user);
  await page.goto('/?propertyId=00000000-0000-4000-8000-000000000000&step=2');
  await expect(page.getByRole('heading', { name: 'Failed to load property' })).toBeVisible();
  await expectAccessible(page);
  await control(page, 'Go Home').click();
  await expect(page.getByText(`Welcome back, ${user.firstName}`)).toBeVisible();
});
