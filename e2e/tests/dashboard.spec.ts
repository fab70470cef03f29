import { addPropertyThroughForm, control, expect, newProperty, propertyCard, signIn, test } from '../support/fixtures';

test('sign in, add a property, see it on the dashboard, archive and restore it', async ({ page, user }) => {
  await signIn(page, user);

  await control(page, 'Add New Property').click();
  const property = newProperty({ yearBuilt: 1987 });
  const id = await addPropertyThroughForm(page, property);
  expect(id).toMatch(/^[0-9a-f-]{36}$/);

  await control(page, 'My Properties').click();
  await expect(page).toHaveURL(/\/dashboard$|\/$/);
  await expect(page.getByText(`Welcome back, ${user.firstName}`)).toBeVisible();
  const card = propertyCard(page, property.address);
  await expect(card).toBeVisible();
  await expect(card).toContainText(property.city);
  await expect(card).toContainText(property.zipCode);
  await expect(page.getByRole('tab', { name: 'Active Properties (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Archived (0)' })).toBeVisible();

  await control(card, 'Archive').click();
  await expect(page.getByText('Property Archived').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Active Properties (0)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Archived (1)' })).toBeVisible();
  await expect(card).toBeHidden();
  await expect(page.getByText('No active properties yet')).toBeVisible();

  await page.getByRole('tab', { name: 'Archived (1)' }).click();
  const archived = propertyCard(page, property.address);
  await expect(archived).toBeVisible();
  await control(archived, 'Restore').click();
  await expect(page.getByText('Property Restored').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Active Properties (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Archived (0)' })).toBeVisible();

  // The server agrees with what the page shows.
  const active = await page.request.get('/api/user/properties/active');
  expect(active.status()).toBe(200);
  expect(((await active.json()) as Array<{ id: string }>).map((p) => p.id)).toEqual([id]);
});
