import { createProperty, expect, propertyCard, startSession, test } from '../support/fixtures';
import { expectAccessible } from '../support/accessibility';

test('the dashboard has no serious or critical accessibility violations', async ({ page, baseURL, user }) => {
  await startSession(page, user);
  const property = await createProperty(page, baseURL!);
  await page.goto('/dashboard');
  await expect(propertyCard(page, property.address)).toBeVisible();

  await expectAccessible(page);
});
