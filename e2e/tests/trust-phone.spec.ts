import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { control, createProperty, expect, newProperty, signIn, startSession, test } from '../support/fixtures';
import { addressBox, chooseSuggestion, sacramento, saveLookedUpProperty, screensDir, scrollToNeighborhood, startDemo, toast } from '../support/wizard';

/**
 * At phone size (390 x 844) nothing is cut off: no page of the journey scrolls sideways, toasts fit the screen, and
 * every item of the quick navigation and of the neighborhood tabs can be seen and reached, by pointer and by keyboard,
 * without items hidden off screen.
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

/**
 * The page cannot be scrolled sideways: the document is no wider than the window. On failure the message names the
 * outermost elements that stick out on the right, where the overflow starts.
 */
async function expectNoSideScroll(page: Page, where: string): Promise<void> {
  const layout = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const width = root.clientWidth;
    const tooWide = (element: Element | null) => !!element && element.getBoundingClientRect().right > width + 0.5;
    // Content past the edge of a box that clips or scrolls it does not widen the page.
    const clipped = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible') return true;
      }
      return false;
    };
    const culprits: string[] = [];
    if (root.scrollWidth > width) {
      for (const element of document.body.querySelectorAll('*')) {
        if (!tooWide(element) || tooWide(element.parentElement) || clipped(element)) continue;
        const name = element.tagName.toLowerCase() + (element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : '');
        culprits.push(`${name} (right edge at ${Math.round(element.getBoundingClientRect().right)} px)`);
      }
    }
    window.scrollTo(10_000, window.scrollY);
    const scrolledBy = window.scrollX;
    window.scrollTo(0, window.scrollY);
    return { width, scrollWidth: root.scrollWidth, scrolledBy, culprits: culprits.slice(0, 5) };
  });
  const why = `${where}: ${layout.scrollWidth} px wide in a ${layout.width} px window; sticking out: ${layout.culprits.join(', ') || 'none found'}`;
  expect(layout.scrollWidth, why).toBeLessThanOrEqual(layout.width);
  expect(layout.scrolledBy, why).toBe(0);
}

async function openAnalysis(page: Page, propertyId: string): Promise<void> {
  await page.goto(`/?propertyId=${propertyId}&step=2`);
  await expect(page.getByTestId('estimated-value').or(page.getByText('No estimate yet'))).toBeVisible({ timeout: 30_000 });
}

test('phone: a toast fits the screen', async ({ page, user }) => {
  await startSession(page, user);
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
  await startSession(page, user);
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
  await startSession(page, user);
  const property = await saveLookedUpProperty(page, baseURL!, sacramento.branchSt.full);
  await openAnalysis(page, property.id);
  const card = await scrollToNeighborhood(page);
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

test('phone: no page of the visitor\'s journey scrolls sideways (landing, demo analysis, save-property)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'What is your home really worth?' })).toBeVisible();
  await expectNoSideScroll(page, 'landing page');

  await startDemo(page, sacramento.janetteWay);
  await page.waitForLoadState('networkidle');
  await expectNoSideScroll(page, 'demo analysis');

  await page.goto('/save-property');
  await expect(control(page.getByRole('main'), 'Sign In')).toBeVisible();
  await expectNoSideScroll(page, 'save-property (signed out)');
});

test('phone: no page of the signed-in journey scrolls sideways (address, details, analysis with its comparables)', async ({ page, user }) => {
  test.setTimeout(150_000);
  await signIn(page, user);
  await expectNoSideScroll(page, 'dashboard (no properties)');

  await page.goto('/add-property');
  await expect(addressBox(page)).toBeVisible();
  await expectNoSideScroll(page, 'step 1 (address)');

  await chooseSuggestion(page, sacramento.janetteWay.typed, sacramento.janetteWay.street);
  await expect(toast(page, 'Property Found')).toBeVisible();
  await expect(page).toHaveURL(/\/add-property\?step=1\.5$/);
  await expectNoSideScroll(page, 'step 1.5 (details of a found home)');

  await control(page, 'Back to Address').click();
  await expect(page.locator('.wz-comp-list__item')).toHaveCount(3);
  await page.waitForLoadState('networkidle');
  await expectNoSideScroll(page, 'step 1 (the found home, its first comparables and map)');

  await control(page, 'Continue to Details').click();
  await control(page, 'Analyze Property').click();
  await expect(page).toHaveURL(/[?&]propertyId=[0-9a-f-]{36}&step=2/);
  const table = page.getByRole('table', { name: 'Comparable sales, numbered as on the map' });
  await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  await expect((await scrollToNeighborhood(page)).getByRole('tab', { name: 'Overview' })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expectNoSideScroll(page, 'step 2 (analysis with the comparable sales)');

  await page.goto('/dashboard');
  await expect(page.getByTestId('property-card').first()).toBeVisible();
  await expectNoSideScroll(page, 'dashboard (one property)');
});

test('phone: recommendations, listing and the not-found page do not scroll sideways', async ({ page, user, baseURL }) => {
  test.setTimeout(150_000);
  await startSession(page, user);
  const property = await saveLookedUpProperty(page, baseURL!, sacramento.highSt.full);
  await page.goto(`/?propertyId=${property.id}&step=2`);
  await control(page, 'Get Recommendations').click();
  await expect(page).toHaveURL(new RegExp(`/\\?propertyId=${property.id}&step=3$`), { timeout: 60_000 });
  await expect(page.getByTestId('recommendation-card').first()).toBeVisible();
  await expectNoSideScroll(page, 'step 3 (recommendations)');

  await control(page, 'Continue to Listing').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Choose your improvements' })).toBeVisible();
  await control(page, 'Generate Listing').click();
  await expect(page.getByTestId('listing-description')).toBeVisible({ timeout: 60_000 });
  await expectNoSideScroll(page, 'step 4 (improvements and listing)');

  await page.goto(`/recommendations?propertyId=${property.id}`);
  await expect(page.getByTestId('recommendation-card').first()).toBeVisible({ timeout: 30_000 });
  await expectNoSideScroll(page, 'recommendations page');

  await page.goto(`/listing?propertyId=${property.id}`);
  await expect(page.getByTestId('listing-description')).toBeVisible({ timeout: 30_000 });
  await expectNoSideScroll(page, 'listing page');

  await page.goto('/no/such/page');
  await expect(page.getByText(/404|not found/i).first()).toBeVisible();
  await expectNoSideScroll(page, 'not-found page');
});
