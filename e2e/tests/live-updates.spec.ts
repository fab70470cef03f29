import { addPropertyThroughForm, control, expect, newProperty, propertyCard, signIn, test } from '../support/fixtures';

test('a property created in one page appears in a second open page without reload', async ({ page, context, user }) => {
  await signIn(page, user);

  const watcher = await context.newPage();
  const eventStream = watcher.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
  await watcher.goto('/dashboard');
  await expect(watcher.getByRole('tab', { name: 'Active Properties (0)' })).toBeVisible();
  await eventStream;
  // Set on the window: a reload would lose it.
  await watcher.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  await page.bringToFront();
  await control(page, 'Add New Property').click();
  const property = newProperty();
  await addPropertyThroughForm(page, property);

  await expect(propertyCard(watcher, property.address)).toBeVisible({ timeout: 15_000 });
  await expect(watcher.getByRole('tab', { name: 'Active Properties (1)' })).toBeVisible();
  expect(await watcher.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
