import { readFileSync } from 'node:fs';
import type { Listing } from '@hsa/contracts';
import { control, createProperty, expect, newProperty, startSession, test } from '../support/fixtures';
import { expectAccessible } from '../support/accessibility';


const words = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

test('generate a listing, copy, edit, download and share it', async ({ page, context, baseURL, user }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
  await startSession(page, user);
  const property = await createProperty(page, baseURL!, newProperty({ yearBuilt: 1998, additionalInfo: 'Hardwood floors throughout.' }));
  const street = property.address.split(',')[0]!;
  expect((await page.request.get(`/api/properties/${property.id}/listing`)).status()).toBe(404);

  await page.goto(`/listing?propertyId=${property.id}`);
  await expect(page.getByRole('heading', { level: 1, name: street })).toBeVisible();
  await expectAccessible(page);
  await control(page, 'Generate Listing').click();
  await expect(page.getByText('Listing Generated').first()).toBeVisible();

  const stored = (await (await page.request.get(`/api/properties/${property.id}/listing`)).json()) as Listing;
  const description = page.getByTestId('listing-description');
  await expect(description).toContainText(street);
  await expect(description).toContainText('3 bedrooms');
  expect(words(stored.description)).toBeGreaterThanOrEqual(120);
  expect(words(stored.description)).toBeLessThanOrEqual(250);
  await expect(page.getByTestId('stat-words')).toHaveText(String(words(stored.description)));
  await expect(page.getByTestId('stat-characters')).toHaveText(String(stored.description.length));
  await expect(page.getByTestId('stat-features')).toHaveText(String(stored.keySellingPoints.length));
  await expect(page.getByTestId('stat-rating')).toHaveText('A+');
  const points = page.getByRole('list', { name: 'Key selling points' });
  await expect(points).toContainText('Hardwood floors throughout');
  await expect(points).toContainText('Built in 1998');
  await expectAccessible(page);

  // Copy Description.
  await control(page, 'Copy Description').click();
  await expect(page.getByText('Copied to clipboard').first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stored.description);

  // Regenerate: new wording, same facts.
  await control(page, 'Regenerate').click();
  await expect(page.getByText('Listing Generated').first()).toBeVisible();
  const regenerated = (await (await page.request.get(`/api/properties/${property.id}/listing`)).json()) as Listing;
  expect(regenerated.description).not.toBe(stored.description);
  await expect(description).toContainText(regenerated.description.split('\n')[0]!.slice(0, 40));

  // Download as a text file.
  const downloading = page.waitForEvent('download');
  await control(page, 'Download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^listing-.+\.txt$/);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text).toContain(regenerated.description.trim());
  expect(text).toContain('Key selling points:');

  // Edit and save.
  await control(page, 'Edit').click();
  await page.getByLabel('Edit the description').fill('A bright, well-kept home in a calm street. Come and see it.');
  await control(page, 'Save').click();
  await expect(page.getByText('Listing Updated').first()).toBeVisible();
  await expect(description).toHaveText('A bright, well-kept home in a calm street. Come and see it.');
  await expect(page.getByText('Edited by you')).toBeVisible();
  const edited = (await (await page.request.get(`/api/properties/${property.id}/listing`)).json()) as Listing;
  expect(edited.description).toBe('A bright, well-kept home in a calm street. Come and see it.');
  expect(edited.editedAt).not.toBeNull();

  // Share: without the Web Share API the link is copied.
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
  await control(page, 'Share').click();
  await expect(page.getByText('Link to this page copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
});

test('share uses the Web Share API where the browser has it', async ({ page, baseURL, user }) => {
  await startSession(page, user);
  const property = await createProperty(page, baseURL!);
  await page.request.post(`/api/properties/${property.id}/listing`, { headers: { Origin: new URL(baseURL!).origin } });
  await page.goto(`/listing?propertyId=${property.id}`);
  await expect(page.getByTestId('listing-description')).toBeVisible();
  await page.evaluate(() => {
    const shared: unknown[] = [];
    (window as unknown as { __shared: unknown[] }).__shared = shared;
    Object.defineProperty(navigator, 'share', { value: async (data: unknown) => void shared.push(data), configurable: true });
  });
  await control(page, 'Share').click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __shared: { title: string; text: string }[] }).__shared))
    .toEqual([{ title: `Listing: ${property.address.split(',')[0]}`, text: expect.stringContaining(property.address.split(',')[0]!) }]);
});
