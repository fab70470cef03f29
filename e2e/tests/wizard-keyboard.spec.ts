import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { addressBox, sacramento, savedPropertyId, toast } from '../support/wizard';

/** Presses Tab until `target` has the focus (the way a keyboard user gets there), failing after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('the whole journey works with the keyboard alone', async ({ page, user }) => {
  // Landing page: the address box, a suggestion chosen with the arrow keys and Enter.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'What is your home really worth?' })).toBeVisible();
  await tabTo(page, addressBox(page));
  await page.keyboard.type(sacramento.highSt.typed, { delay: 20 });
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(addressBox(page)).toHaveAttribute('aria-activedescendant', /.+/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/\?demo=true&step=2$/);
  await expect(page.getByRole('heading', { level: 1, name: sacramento.highSt.street })).toBeVisible();

  // Demo: Sign In to Save from the header, then the sign-in form, all by keyboard.
  await tabTo(page, page.getByRole('banner').getByRole('button', { name: 'Sign In to Save' }));
  await page.keyboard.press('Enter');
  const email = page.locator('input[name="email"]');
  await expect(email).toBeVisible();
  await tabTo(page, email);
  await page.keyboard.type(user.email);
  await tabTo(page, page.locator('input[name="name"]'));
  await page.keyboard.type(user.name);
  await page.keyboard.press('Enter');

  // The auto-save, then the saved analysis: a map marker opens its popup with Enter and closes with Escape.
  await savedPropertyId(page);
  await expect(toast(page, 'Property Saved Successfully')).toBeVisible();
  const marker = page.getByRole('button', { name: /^Comparable sale 1: / });
  await tabTo(page, marker, 120);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toContainText('Comparable sale 1');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(marker).toBeFocused();

  // The final call to action to the details (step 1.5), a change, Save Changes.
  await tabTo(page, page.getByRole('button', { name: 'Review Property Details' }), 120);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Tell us about your home' })).toBeVisible();
  await tabTo(page, page.getByLabel('Year built'));
  await page.keyboard.type('1961');
  await tabTo(page, page.getByRole('button', { name: 'Save Changes' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Property Updated')).toBeVisible();
  await expect(page.locator('dl.wz-facts')).toContainText('Year built1961');

  // And on to the dashboard.
  await tabTo(page, page.getByRole('banner').getByRole('button', { name: 'My Properties' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Welcome back, ${user.firstName}`)).toBeVisible();
});
