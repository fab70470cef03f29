import { currentUserStatus, expect, startSession, test } from '../support/fixtures';

const EVIL = 'http://evil.example';

test('another site cannot sign the user out, nor send them elsewhere after sign-in', async ({ page, baseURL, user }) => {
  await startSession(page, user);
  // A page on another site (served by the test, never fetched) with a link to the product's sign-out address.
  await page.route(`${EVIL}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Prize</title><a id="go" href="${baseURL}/api/logout">Claim your prize</a>` }),
  );
  await page.goto(`${EVIL}/`);
  await page.locator('#go').click();
  await expect(page).toHaveURL(`${new URL(baseURL!).origin}/`);
  expect(await currentUserStatus(page.request)).toBe(200);
  await expect(page.getByText(`Welcome back, ${user.firstName}`)).toBeVisible();

  // Typed into the address bar, the same address signs out.
  await page.goto('/api/logout');
  await expect(page).toHaveURL(`${new URL(baseURL!).origin}/`);
  expect(await currentUserStatus(page.request)).toBe(401);
});

test('a crafted return path after sign-in stays on the product', async ({ page, baseURL, user }) => {
  const origin = new URL(baseURL!).origin;
  await page.goto(`/api/login?returnTo=${encodeURIComponent('/.//evil.example')}`);
  await page.locator('form[method="post" i] input[name="email"]').fill(user.email);
  await page.locator('form[method="post" i] input[name="name"]').fill(user.name);
  await page.locator('form[method="post" i] button').first().click();
  await expect(page).toHaveURL(`${origin}/`);
});
