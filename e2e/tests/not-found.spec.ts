import { expect, test } from '../support/fixtures';

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText(/404|not found/i).first()).toBeVisible();
  await expect(page.getByText('Welcome back')).toHaveCount(0);
});

test('an unknown API path answers 404 JSON', async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(await response.json()).toHaveProperty('message');
});
