import { E2E_GENERATION_LIMIT } from '../global-setup';
import { control, createProperty, expect, startSession, test } from '../support/fixtures';

test('a user over the generation limit sees the spec error, and the page stays usable', async ({ page, baseURL, user }) => {
  await startSession(page, user);
  const property = await createProperty(page, baseURL!);
  const origin = new URL(baseURL!).origin;
  // Use up the allowance through the API, as another tab of the same user could.
  for (let i = 0; i < E2E_GENERATION_LIMIT; i++) {
    const response = await page.request.post(`/api/properties/${property.id}/listing`, { headers: { Origin: origin } });
    expect(response.status()).toBe(200);
  }
  const refused = await page.request.post(`/api/properties/${property.id}/recommendations`, { headers: { Origin: origin } });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);

  await page.goto(`/recommendations?propertyId=${property.id}`);
  await control(page, 'Generate Recommendations').click();
  await expect(page.getByText('Failed to generate recommendations. Please try again.').first()).toBeVisible();
  await expect(control(page, 'Generate Recommendations')).toBeEnabled();
});
