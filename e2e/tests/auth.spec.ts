import { completeSignInForm, control, currentUserStatus, expect, signInThroughHeader, test } from '../support/fixtures';

test('signed out, /dashboard sends the visitor to the sign-in page and back after signing in', async ({ page, baseURL, user }) => {
  await page.goto('/dashboard');
  await expect(page.locator('input[name="email"]')).toBeVisible({ timeout: 15_000 });
  expect(new URL(page.url()).origin).not.toBe(new URL(baseURL!).origin);

  await completeSignInForm(page, user);
  await expect(page.getByText(`Welcome back, ${user.firstName}`)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/dashboard');
});

test('sign out ends the session and returns to / signed out', async ({ page, baseURL, user }) => {
  await signInThroughHeader(page, user);
  expect(await currentUserStatus(page.request)).toBe(200);

  const menu = page.getByRole('button', { name: new RegExp(`${user.firstName}|account|user menu|profile`, 'i') }).first();
  await menu.click();
  await control(page, 'Sign Out').click();

  await expect(page).toHaveURL(`${new URL(baseURL!).origin}/`);
  await expect(control(page, 'Sign In')).toBeVisible();
  expect(await currentUserStatus(page.request)).toBe(401);

  // The provider's session ended too: signing in again asks for the form instead of passing straight through.
  await page.goto('/api/login');
  await expect(page.locator('input[name="email"]')).toBeVisible();
});
