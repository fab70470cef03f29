import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { control, createProperty, expect, newProperty, signIn, test } from '../support/fixtures';
import { addressBox, sacramento, saveLookedUpProperty, screensDir, toast } from '../support/wizard';

/**
 * At phone size (390 x 844) nothing is cut off: toasts fit the screen, and every item of the quick navigation and of
 * the neighborhood tabs can be seen and reached, by pointer and by keyboard, without items hidden off screen.
 */

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

/**
 * Every one of `items` is entirely on screen at once, with `container` scrolled into view (the page only: nothing inside
 * the container is scrolled, so an item that overflows it, hidden behind a "more" menu or clipped, fails).
 */
async function expectAllOnScreen(container: Locator, items: Locator[]): Promise<void> {
  await container.scrollIntoViewIfNeeded();
  for (const item of items) {
    const box = await item.boundingBox();
    expect(box, 'the item has a box').not.toBeNull();
    expect(box!.x, 'left edge inside the window').toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, 'right edge inside the window').toBeLessThanOrEqual(phone.width);
    expect(box!.y, 'top edge inside the window').toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height, 'bottom edge inside the window').toBeLessThanOrEqual(phone.height);
    // Not clipped by an overflowing container either (the ratio allows for sub-pixel rounding only).
    await expect(item).toBeInViewport({ ratio: 0.99 });
  }
}

async function openAnalysis(page: Page, propertyId: string): Promise<void> {
  await page.goto(`/?propertyId=${propertyId}&step=2`);
  await expect(page.getByTestId('estimated-value').or(page.getByText('No estimate yet'))).toBeVisible({ timeout: 30_000 });
}

test('phone: a toast fits the screen', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/add-property');
  await addressBox(page).fill('Main');
  await control(page, 'Find My Property').click();
  const shown = toast(page, 'Please Select Complete Address');
  await expect(shown).toContainText('Please select a full address from the suggestions dropdown for best results.');
  // Held on screen while it is measured (a toast stays while the pointer is on it).
  await shown.hover();
  await expectAllOnScreen(shown, [shown]);
  await shown.screenshot({ path: path.join(screensDir, 'toast-phone.png') });
});

test('phone: every item of the quick navigation is on screen and reachable by keyboard', async ({ page, user, baseURL }) => {
  await signIn(page, user);
  const property = await createProperty(page, baseURL!, newProperty());
  await openAnalysis(page, property.id);
  const nav = page.getByRole('navigation', { name: 'Property sections' });
  const names = ['Analysis', 'Recommendations', 'Listing', 'Property Details'];
  await expectAllOnScreen(nav, names.map((name) => nav.getByRole('link', { name })));

  // The keyboard walks through all four, each one visible when it has the focus.
  await nav.getByRole('link', { name: 'Analysis' }).focus();
  for (const name of names.slice(1)) {
    await page.keyboard.press('Tab');
    const link = nav.getByRole('link', { name });
    await expect(link).toBeFocused();
    await expect(link).toBeInViewport({ ratio: 0.99 });
  }
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`propertyId=${property.id}&step=1\\.5$`));
});

test('phone: the four neighborhood tabs are all on screen, selectable by touch and by keyboard', async ({ page, user, baseURL }) => {
  test.setTimeout(90_000);
  await signIn(page, user);
  const property = await saveLookedUpProperty(page, baseURL!, sacramento.branchSt.full);
  await openAnalysis(page, property.id);
  const card = page.getByTestId('neighborhood-card');
  await expect(card.getByRole('tab', { name: 'Overview' })).toBeVisible({ timeout: 30_000 });
  const names = ['Overview', 'Family Life', 'Lifestyle', 'Market'];
  await expectAllOnScreen(card.getByRole('tablist'), names.map((name) => card.getByRole('tab', { name })));
  for (const name of names) {
    const tab = card.getByRole('tab', { name });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }

  // Arrow keys move between the tabs (the tab pattern), and Enter opens the focused one.
  await card.getByRole('tab', { name: 'Overview' }).click();
  for (const name of names.slice(1)) {
    await page.keyboard.press('ArrowRight');
    await expect(card.getByRole('tab', { name })).toBeFocused();
  }
  await page.keyboard.press('Enter');
  await expect(card.getByRole('tab', { name: 'Market' })).toHaveAttribute('aria-selected', 'true');
  await expect(card.getByRole('tabpanel')).toContainText('Tract median house value');
});
