import { control, expect, test } from '../support/fixtures';
import {
  addressBox,
  chooseSuggestion,
  expectAccessible,
  headerButton,
  isBlurredAway,
  sacramento,
  screens,
  startDemo,
  toast,
  unknownAddress,
} from '../support/wizard';

test('the anonymous demo journey from the landing page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'What is your home really worth?' })).toBeVisible();
  await expect(page.getByText('The AI analysis is free and needs no sign-up.')).toBeVisible();
  for (const card of ['Market Analysis', 'AI Recommendations', 'Photo Analysis', 'Professional Listings']) {
    await expect(page.getByRole('heading', { level: 3, name: card })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: /Why home sellers choose/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Start now' })).toBeVisible();
  await expect(headerButton(page, 'Sign In')).toBeVisible();
  await expectAccessible(page);
  await screens(page, 'landing');

  // An empty address is refused with the spec's toast.
  await control(page, 'Get Free Analysis').click();
  await expect(toast(page, 'Address Required')).toContainText('Please enter a property address to analyze.');

  // The autocomplete: at least 3 characters, at most 5 suggestions, lookup after choosing one.
  await addressBox(page).pressSequentially('35', { delay: 20 });
  await page.waitForTimeout(500);
  await expect(page.getByRole('option')).toHaveCount(0);
  await addressBox(page).fill('');
  await addressBox(page).pressSequentially('sacramento', { delay: 10 });
  await expect(page.getByRole('option').first()).toBeVisible();
  expect(await page.getByRole('option').count()).toBeLessThanOrEqual(5);
  await expect(addressBox(page)).toHaveAttribute('aria-expanded', 'true');
  await screens(page, 'landing-suggestions');
  await addressBox(page).press('Escape');
  await expect(addressBox(page)).toHaveAttribute('aria-expanded', 'false');
  await addressBox(page).fill('');

  await chooseSuggestion(page, sacramento.highSt.typed, sacramento.highSt.street);
  await expect(page).toHaveURL(/\/\?demo=true&step=2$/);
  await expect(toast(page, 'Demo Property Analysis Ready')).toBeVisible();

  // Demo mode: the value, the comparables and the map are blurred; the neighborhood is locked; other features too.
  await expect(page.getByRole('heading', { level: 1, name: sacramento.highSt.street })).toBeVisible();
  await expect(page.getByText("Sign in to see this home's estimated value")).toBeVisible();
  // Behind the value's blur: shapes, not the figure (an anonymous visitor never receives it).
  expect(await isBlurredAway(page.getByTestId('estimate-shapes'))).toBe(true);
  await expect(page.getByTestId('estimated-value')).toHaveCount(0);
  expect(await isBlurredAway(page.locator('.wz-map__canvas'))).toBe(true);
  await expect(page.getByRole('button', { name: /^Comparable sale 1: / })).toHaveCount(0);
  await expect(page.getByText('Sign in to see the comparable sales and the map')).toBeVisible();
  await expect(control(page, 'Login to View Neighborhood Analysis')).toBeVisible();
  await expect(page.getByText('Sample market data: Sacramento, CA sales, May 2008').first()).toBeVisible();
  const quickNav = page.getByRole('navigation', { name: 'Property sections' });
  await expect(quickNav.getByRole('link', { name: 'Analysis' })).toHaveAttribute('aria-current', 'page');
  for (const locked of ['Recommendations', 'Listing', 'Property Details']) {
    await expect(quickNav.getByRole('button', { name: locked })).toHaveAttribute('aria-disabled', 'true');
  }
  await expect(page.getByRole('button', { name: 'Get Recommendations' })).toBeDisabled();
  await expect(headerButton(page, 'Sign In to Save')).toBeVisible();
  await expect(headerButton(page, 'My Properties')).toHaveCount(0);

  // The demo property is kept in session storage (id demo-property, user demo, stored-at time, demo flag).
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('hsa.demoProperty') ?? 'null'));
  expect(stored).toMatchObject({ isDemo: true, property: { id: 'demo-property', userId: 'demo', address: sacramento.highSt.full } });
  expect(Date.parse(stored.storedAt)).toBeGreaterThan(Date.now() - 60_000);

  await expect(page.getByText('Sample market data: Sacramento, CA sales, May 2008').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
  await screens(page, 'demo-analysis');

  // A reload keeps the demo (session storage); step 1 shows the address box with the loaded property.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: sacramento.highSt.street })).toBeVisible();
  await page.goto('/?demo=true&step=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Which property are you selling?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: sacramento.highSt.full })).toBeVisible();
  await expect(control(page, 'View Analysis')).toBeVisible();
  await expectAccessible(page);
  await screens(page, 'demo-address-step');
});

test('the landing page says when an address is not found', async ({ page }) => {
  await page.goto('/');
  await addressBox(page).fill(unknownAddress);
  await addressBox(page).press('Enter');
  await expect(toast(page, 'Property Not Found')).toContainText("We couldn't find details for this address");
  await expect(page).toHaveURL(/\/$/);
});

test('demo step 1: address rules, and an unknown address stays at step 1', async ({ page }) => {
  await page.goto('/?demo=true');
  await expect(page.getByRole('heading', { level: 1, name: 'Which property are you selling?' })).toBeVisible();
  await expect(headerButton(page, 'Sign In to Save')).toBeVisible();
  await expectAccessible(page);

  await control(page, 'Find My Property').click();
  await expect(page.getByText('Address is required')).toBeVisible();
  await expect(addressBox(page)).toHaveAttribute('aria-invalid', 'true');

  await addressBox(page).fill('High St');
  await control(page, 'Find My Property').click();
  await expect(toast(page, 'Please Select Complete Address')).toContainText(
    'Please select a full address from the suggestions dropdown for best results.',
  );

  await addressBox(page).fill(unknownAddress);
  await control(page, 'Find My Property').click();
  await expect(toast(page, 'Property Data Unavailable')).toContainText(
    'Unable to find authentic property data for this address. Please try a different address.',
  );
  await expect(page).toHaveURL(/\/\?demo=true$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Which property are you selling?' })).toBeVisible();
});

test('a shared link with an address starts the demo analysis of that address', async ({ page }) => {
  await page.goto(`/?demo=true&address=${encodeURIComponent(sacramento.omahaCt.full)}`);
  await expect(page).toHaveURL(/\/\?demo=true&step=2$/);
  await expect(page.getByRole('heading', { level: 1, name: sacramento.omahaCt.street })).toBeVisible();
});

test('anonymous visitors of /add-property get the demo', async ({ page }) => {
  await page.goto('/add-property');
  await expect(page).toHaveURL(/\/\?demo=true$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Which property are you selling?' })).toBeVisible();
  await startDemo(page, sacramento.branchSt);
});
