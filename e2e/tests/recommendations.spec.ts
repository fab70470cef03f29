import type { Recommendation } from '@hsa/contracts';
import { control, createProperty, expect, newProperty, startSession, test } from '../support/fixtures';
import { expectAccessible } from '../support/accessibility';


const money = (n: number) => `${n < 0 ? '-' : ''}$${Math.abs(Math.round(n)).toLocaleString('en-US')}`;

test('generate recommendations, select some and see the value calculator add up', async ({ page, baseURL, user }) => {
  await startSession(page, user);
  const property = await createProperty(
    page,
    baseURL!,
    newProperty({ yearBuilt: 1972, estimatedValue: 512_000, estimatedValueLow: 486_000, estimatedValueHigh: 538_000 }),
  );
  await page.goto(`/recommendations?propertyId=${property.id}`);
  await expect(page.getByRole('heading', { level: 1, name: property.address.split(',')[0] })).toBeVisible();
  await expect(page.getByText('Potential Value Increase')).toBeVisible();
  await expect(page.getByTestId('potential-value-increase')).toHaveText('$0');
  await expectAccessible(page);

  await control(page, 'Generate Recommendations').click();
  await expect(page.getByText('Recommendations Generated').first()).toBeVisible();
  const cards = page.getByTestId('recommendation-card');
  await expect(cards.first()).toBeVisible();

  // What the page shows is what the API stored.
  const stored = (await (await page.request.get(`/api/properties/${property.id}/recommendations`)).json()) as Recommendation[];
  expect(stored.length).toBeGreaterThanOrEqual(3);
  await expect(cards).toHaveCount(stored.length);
  const total = stored.reduce((s, r) => s + r.estimatedValueIncrease, 0);
  await expect(page.getByTestId('potential-value-increase')).toHaveText(money(total));
  for (const [i, r] of stored.entries()) {
    const card = cards.nth(i);
    await expect(card).toContainText(r.title);
    await expect(card).toContainText(`${r.priority[0]!.toUpperCase()}${r.priority.slice(1)} priority`);
    await expect(card).toContainText(money(r.estimatedCost));
    await expect(card).toContainText(money(r.estimatedValueIncrease));
    await expect(card).toContainText(`${Math.round(r.roi * 100)}%`);
  }

  // Select the first two: count, investment, value increase, net profit, overall ROI and the projected value.
  await cards.nth(0).getByRole('checkbox').check();
  await cards.nth(1).click();
  const chosen = stored.slice(0, 2);
  const cost = chosen.reduce((s, r) => s + r.estimatedCost, 0);
  const value = chosen.reduce((s, r) => s + r.estimatedValueIncrease, 0);
  await expect(page.getByTestId('selected-count')).toHaveText('2');
  await expect(page.getByTestId('total-investment')).toHaveText(money(cost));
  await expect(page.getByTestId('total-value-increase')).toHaveText(money(value));
  await expect(page.getByTestId('net-profit')).toHaveText(money(value - cost));
  await expect(page.getByTestId('overall-roi')).toHaveText(`${Math.round(((value - cost) / cost) * 100)}%`);
  await expect(page.getByTestId('projected-value')).toHaveText(money(512_000 + value));
  await expectAccessible(page);

  // Regenerate replaces them (the same published figures, so the same set for the same home).
  await control(page, 'Regenerate').click();
  await expect(page.getByText('Recommendations Generated').first()).toBeVisible();
  await expect(cards).toHaveCount(stored.length);
});

test('another account cannot open the recommendations of a property', async ({ page, baseURL, user, browser }) => {
  await startSession(page, user);
  const property = await createProperty(page, baseURL!);
  const other = await browser.newPage({ baseURL });
  await startSession(other, { ...user, email: `other-${user.email}`, firstName: 'Blake', name: 'Blake Other' });
  const response = await other.request.get(`/api/properties/${property.id}/recommendations`);
  expect(response.status()).toBe(404);
  await other.goto(`/recommendations?propertyId=${property.id}`);
  await expect(other.getByText('Failed to load property')).toBeVisible();
  await other.close();
});

test('signed out, the page asks to sign in', async ({ page }) => {
  await page.goto('/recommendations?propertyId=00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Sign in to see recommendations' })).toBeVisible();
});
