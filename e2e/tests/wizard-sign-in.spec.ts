import type { Property } from '@hsa/contracts';
import { completeSignInForm, control, expect, test } from '../support/fixtures';
import { expectAccessible, failNextPropertySave, headerButton, isBlurredAway, sacramento, savedPropertyId, screens, startDemo, toast } from '../support/wizard';

test('signing in mid-journey saves the demo property to the account automatically', async ({ page, user }) => {
  await startDemo(page, sacramento.highSt);

  await headerButton(page, 'Sign In to Save').click();
  await completeSignInForm(page, user);

  // Back in the wizard: the demo property is saved (POST after 500 ms) and shown as the user's own.
  const id = await savedPropertyId(page);
  expect(new URL(page.url()).searchParams.get('step')).toBe('2');
  await expect(toast(page, 'Property Saved Successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: sacramento.highSt.street })).toBeVisible();
  await expect(page.getByTestId('estimated-value')).toBeVisible();
  expect(await isBlurredAway(page.getByTestId('estimated-value'))).toBe(false);
  await expect(page.getByText("Sign in to see this home's estimated value")).toHaveCount(0);
  await expect(headerButton(page, 'My Properties')).toBeVisible();

  // Demo state is gone from the browser; the property is in the account (the lists were fetched again).
  expect(await page.evaluate(() => [sessionStorage.getItem('hsa.demoProperty'), localStorage.getItem('hsa.pendingPropertyAddress')])).toEqual([
    null,
    null,
  ]);
  const mine = (await (await page.request.get('/api/user/properties')).json()) as Property[];
  expect(mine.map((p) => p.id)).toEqual([id]);
  expect(mine[0]).toMatchObject({ address: sacramento.highSt.full, city: 'Sacramento', state: 'CA', zipCode: sacramento.highSt.zip });
  expect(mine[0]!.estimatedValue).toBeGreaterThan(0);
  expect(mine[0]!.coordinates).toEqual({ latitude: 38.631913, longitude: -121.434879 });

  await headerButton(page, 'My Properties').click();
  await expect(page.getByTestId('property-card').filter({ hasText: sacramento.highSt.street })).toBeVisible();
});

test('a failed auto-save restores demo mode, and Save Now saves it', async ({ page, user }) => {
  await startDemo(page, sacramento.omahaCt);
  const refusedSaves = await failNextPropertySave(page);

  await headerButton(page, 'Sign In to Save').click();
  await completeSignInForm(page, user);

  await expect(toast(page, 'Auto-save Failed')).toContainText('Property restored to demo mode. Use the Save Now button to try again.');
  await expect(page).toHaveURL(/\/\?propertyId=demo&step=2$/);
  await expect(page.getByText('This property is not saved to your account yet')).toBeVisible();
  // Signed in, the locks ask to save the property, not to sign in.
  await expect(page.getByText("Save this property to see this home's estimated value")).toBeVisible();
  await expect(headerButton(page, 'My Properties')).toBeVisible();
  await expectAccessible(page);
  await screens(page, 'demo-restored-after-failed-auto-save');

  await control(page, 'Save Now').first().click();
  await savedPropertyId(page);
  await expect(toast(page, 'Property Saved Successfully')).toBeVisible();
  await expect(page.getByTestId('estimated-value')).toBeVisible();
  expect(refusedSaves()).toBe(1);
});

test('after sign-in, a pending address without a demo property reopens its analysis', async ({ page, user }) => {
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem('hsa.pendingPropertyAddress', JSON.stringify({ address: '2796 Branch St', city: 'Sacramento', state: 'CA' })),
  );
  await page.goto('/api/login?returnTo=%2F%3FfromLogin%3Dtrue');
  await completeSignInForm(page, user);

  // /?address=… then the signed-in lookup: found, so the details step (1.5) with the facts filled in.
  await expect(page).toHaveURL(/\/add-property\?step=1\.5$/);
  await expect(toast(page, 'Property Found')).toBeVisible();
  await expect(page.getByLabel('Street address')).toHaveValue(sacramento.branchSt.full);
  expect(await page.evaluate(() => localStorage.getItem('hsa.pendingPropertyAddress'))).toBeNull();
});
