import { completeSignInForm, control, expect, startSession, test } from '../support/fixtures';
import { expectAccessible, sacramento, savedPropertyId, screens, startDemo, toast } from '../support/wizard';

test('save-property: a Sign In prompt for anonymous visitors', async ({ page }) => {
  await page.goto('/save-property');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to save your property' })).toBeVisible();
  await expect(control(page.getByRole('main'), 'Sign In')).toBeVisible();
  await expectAccessible(page);
  await screens(page, 'save-property-signed-out');
});

test("save-property: 'No Property Found' without a demo property", async ({ page, user }) => {
  await startSession(page, user);
  await page.goto('/save-property');
  await expect(page.getByRole('heading', { level: 1, name: 'No Property Found' })).toBeVisible();
  await expectAccessible(page);
  await screens(page, 'save-property-none');
  await control(page, 'Search for Property').click();
  await expect(page).toHaveURL(/\/add-property$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Which property are you selling?' })).toBeVisible();
});

test("save-property: the summary, Save to My Properties, 'Property Saved!' and the redirect after 2 s", async ({ page, user }) => {
  await startDemo(page, sacramento.janetteWay);
  // Signing in straight to /save-property (no auto-save on the way).
  await page.goto('/save-property');
  await control(page.getByRole('main'), 'Sign In').click();
  await completeSignInForm(page, user);
  await expect(page).toHaveURL(/\/save-property$/);

  await expect(page.getByRole('heading', { level: 1, name: sacramento.janetteWay.street })).toBeVisible();
  await expect(page.getByText('Sacramento, CA 95815')).toBeVisible();
  await expect(control(page, 'Cancel')).toBeVisible();
  await expectAccessible(page);
  await screens(page, 'save-property-summary');

  await control(page, 'Save to My Properties').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Property Saved!' })).toBeVisible();
  await expect(toast(page, 'Property Saved!')).toBeVisible();
  const savedAt = Date.now();
  await screens(page, 'save-property-saved');
  const id = await savedPropertyId(page);
  expect(Date.now() - savedAt).toBeGreaterThanOrEqual(1000);
  expect(new URL(page.url()).search).toBe(`?propertyId=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: sacramento.janetteWay.street })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('hsa.demoProperty'))).toBeNull();
});
