import { control, expect, test } from '../support/fixtures';
import { expectAccessible, screens } from '../support/wizard';

test('the 404 page is accessible and leads home', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectAccessible(page);
  await screens(page, 'not-found');
  await control(page, 'Go Home').click();
  await expect(page.getByRole('heading', { level: 1, name: 'What is your home really worth?' })).toBeVisible();
});
