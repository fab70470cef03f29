import AxeBuilder from '@axe-core/playwright';
import { createProperty, expect, propertyCard, signIn, test } from '../support/fixtures';

test('the dashboard has no serious or critical accessibility violations', async ({ page, baseURL, user }) => {
  await signIn(page, user);
  const property = await createProperty(page, baseURL!);
  await page.goto('/dashboard');
  await expect(propertyCard(page, property.address)).toBeVisible();

  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  expect(serious).toEqual([]);
});
