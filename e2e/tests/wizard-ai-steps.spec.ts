import type { Page } from '@playwright/test';
import type { Listing, Recommendation } from '@hsa/contracts';
import { control, expect, startSession, test } from '../support/fixtures';
import { expectAccessible, sacramento, saveLookedUpProperty, screens, scrollToNeighborhood, toast } from '../support/wizard';

/**
 * The wizard's AI steps on a saved property with coordinates: step 2's neighborhood card, recommendations generated
 * from step 2 (then step 3), step 4's selector with the value calculator and the listing card; the photos of step 1.5.
 */

const money = (n: number) => `${n < 0 ? '-' : ''}$${Math.abs(Math.round(n)).toLocaleString('en-US')}`;

test('step 2 neighborhood card, recommendations generated into step 3, then the selector and the listing at step 4', async ({
  page,
  user,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await startSession(page, user);
  const property = await saveLookedUpProperty(page, baseURL!, sacramento.highSt.full);

  // Step 2: the neighborhood card with its four tabs and n/10 scores (or the honest "No data").
  await page.goto(`/?propertyId=${property.id}&step=2`);
  await expect(page.getByRole('heading', { level: 1, name: sacramento.highSt.street })).toBeVisible();
  const neighborhood = await scrollToNeighborhood(page);
  await expect(neighborhood.getByRole('heading', { level: 2, name: 'Neighborhood insights' })).toBeVisible();
  for (const tab of ['Overview', 'Family Life', 'Lifestyle', 'Market']) {
    await expect(neighborhood.getByRole('tab', { name: tab })).toBeVisible();
  }
  const scores = neighborhood.getByTestId('score');
  await expect(scores.first()).toBeVisible();
  for (const text of await scores.allTextContents()) expect(text).toMatch(/(\d+(\.\d)?\/10|No data)/);
  await neighborhood.getByRole('tab', { name: 'Market' }).click();
  await expect(neighborhood.getByRole('tabpanel')).toContainText(/Recorded sales|No market data available/);
  await neighborhood.getByRole('tab', { name: 'Overview' }).click();

  // The quick navigation leads to the wizard's own steps 3 and 4.
  const quickNav = page.getByRole('navigation', { name: 'Property sections' });
  await expect(quickNav.getByRole('link', { name: 'Recommendations' })).toHaveAttribute('href', `/?propertyId=${property.id}&step=3`);
  await expect(quickNav.getByRole('link', { name: 'Listing' })).toHaveAttribute('href', `/?propertyId=${property.id}&step=4`);
  await page.waitForLoadState('networkidle');
  await screens(page, 'wizard-neighborhood');

  // Generate from step 2: the wizard's messages while it works, 'Analysis Complete', then step 3 with the cards.
  await control(page, 'Get Recommendations').click();
  await expect(toast(page, 'Analysis Complete')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/\\?propertyId=${property.id}&step=3$`));
  await expect(page.getByText('Step 3 · AI recommendations')).toBeVisible();
  const stored = (await (await page.request.get(`/api/properties/${property.id}/recommendations`)).json()) as Recommendation[];
  expect(stored.length).toBeGreaterThanOrEqual(3);
  const cards = page.getByTestId('recommendation-card');
  await expect(cards).toHaveCount(stored.length);
  await expect(cards.first()).toContainText(stored[0]!.title);
  await expect(page.getByTestId('potential-value-increase')).toHaveText(money(stored.reduce((s, r) => s + r.estimatedValueIncrease, 0)));
  await expect(quickNav.getByRole('link', { name: 'Recommendations' })).toHaveAttribute('aria-current', 'page');
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
  await screens(page, 'wizard-step-3');

  // Step 4: the selector with the value calculator, and the listing card.
  await control(page, 'Continue to Listing').click();
  await expect(page).toHaveURL(new RegExp(`/\\?propertyId=${property.id}&step=4$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Choose your improvements' })).toBeVisible();
  const selectorCards = page.getByTestId('recommendation-card');
  await expect(selectorCards).toHaveCount(stored.length);
  await selectorCards.nth(0).getByRole('checkbox').check();
  await expect(page.getByTestId('selected-count')).toHaveText('1');
  await expect(page.getByTestId('total-investment')).toHaveText(money(stored[0]!.estimatedCost));
  await expect(page.getByTestId('projected-value')).toHaveText(money(property.estimatedValue! + stored[0]!.estimatedValueIncrease));

  await expect(page.getByTestId('listing-prompt')).toBeVisible();
  await control(page, 'Generate Listing').click();
  await expect(toast(page, 'Listing Description Complete')).toBeVisible();
  const listing = (await (await page.request.get(`/api/properties/${property.id}/listing`)).json()) as Listing;
  const description = page.getByTestId('listing-description');
  await expect(description).toContainText(listing.description.split('\n')[0]!.slice(0, 40));
  await expect(page.getByTestId('stat-rating')).toHaveText('A+');
  await expect(quickNav.getByRole('link', { name: 'Listing' })).toHaveAttribute('aria-current', 'page');
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
  await screens(page, 'wizard-step-4');

  // Back at step 2, the recommendations exist: the button opens step 3 instead of generating again.
  await page.goto(`/?propertyId=${property.id}&step=2`);
  await control(page, 'View Recommendations').click();
  await expect(page).toHaveURL(new RegExp(`/\\?propertyId=${property.id}&step=3$`));
  await expect(page.getByTestId('recommendation-card')).toHaveCount(stored.length);
  await control(page, 'Continue to Listing').click();
  await control(page, 'Go to My Properties').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('step 1.5 of a saved property shows its photos with Add Photos', async ({ page, user, baseURL }) => {
  await startSession(page, user);
  const property = await saveLookedUpProperty(page, baseURL!, sacramento.highSt.full);
  await page.goto(`/?propertyId=${property.id}&step=1.5`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tell us about your home' })).toBeVisible();
  const photos = page.getByRole('region', { name: 'Photos' });
  await expect(photos.getByText('No photos yet: add some to show each room.')).toBeVisible();
  await expectAccessible(page);
  await screens(page, 'wizard-details-photos');
  await photos.getByRole('button', { name: /Add Photos$/ }).click();
  const modal = page.getByRole('dialog', { name: 'Add Photos' });
  await expect(modal.locator('.uppy-Dashboard-inner')).toBeVisible();
});
