import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { knownFacts, type CreatePropertyInput, type Property, type PropertyLookupResponse } from '@hsa/contracts';
import { control, createProperty, expect } from './fixtures';

/** Real addresses of the embedded sales data (shared/data/sacramento-sales.csv). */
export const sacramento = {
  highSt: { typed: '3526 hi', street: '3526 High St', full: '3526 High St, Sacramento, CA 95838', zip: '95838' },
  omahaCt: { typed: '51 omah', street: '51 Omaha Ct', full: '51 Omaha Ct, Sacramento, CA 95823', zip: '95823' },
  branchSt: { typed: '2796 bra', street: '2796 Branch St', full: '2796 Branch St, Sacramento, CA 95815', zip: '95815' },
  janetteWay: { typed: '2805 jan', street: '2805 Janette Way', full: '2805 Janette Way, Sacramento, CA 95815', zip: '95815' },
} as const;

/** An address no sales record has: the lookup finds nothing. */
export const unknownAddress = '742 Evergreen Terrace, Springfield';

/**
 * Step 2's neighborhood card, once scrolled to: it loads as it nears the viewport, at the foot of the analysis (its
 * placeholder bears the same heading), as a reader scrolls down to it.
 */
export async function scrollToNeighborhood(page: Page): Promise<Locator> {
  await page.getByRole('heading', { level: 2, name: 'Neighborhood insights' }).scrollIntoViewIfNeeded();
  return page.getByTestId('neighborhood-card');
}

/** Where the e2e run keeps its screenshots of every screen (looked at by people, not compared). */
export const screensDir = path.resolve(__dirname, '..', '..', '.e2e-artifacts', 'screens');

const mobile = { width: 390, height: 844 };

/** Full-page screenshots of the current screen at desktop and phone widths: <name>-desktop.png, <name>-mobile.png. */
export async function screens(page: Page, name: string): Promise<void> {
  mkdirSync(screensDir, { recursive: true });
  const desktop = page.viewportSize() ?? { width: 1280, height: 720 };
  // From the top: a page scrolled down would show the sticky header in the middle of a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(screensDir, `${name}-desktop.png`), fullPage: true, animations: 'disabled' });
  await page.setViewportSize(mobile);
  await page.waitForTimeout(200);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(screensDir, `${name}-mobile.png`), fullPage: true, animations: 'disabled' });
  await page.setViewportSize(desktop);
}

export { expectAccessible } from './accessibility';

/** The toast on screen whose text contains `text` (one toast at a time). */
export function toast(page: Page, text: string): Locator {
  return page.getByTestId('toast').filter({ hasText: text });
}

/** The address autocomplete of the landing page or of step 1. */
export function addressBox(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Property address' });
}

/** Types part of an address and picks the suggestion whose text contains `street` with the keyboard. */
export async function chooseSuggestion(page: Page, typed: string, street: string): Promise<void> {
  const box = addressBox(page);
  await box.click();
  await box.pressSequentially(typed, { delay: 20 });
  const option = page.getByRole('option').filter({ hasText: street }).first();
  await expect(option).toBeVisible();
  const options = await page.getByRole('option').allTextContents();
  const index = options.findIndex((text) => text.includes(street));
  for (let i = 0; i <= index; i++) await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await box.press('Enter');
}

/** From the landing page: analyze an address of the sales data and land on the demo analysis (step 2). */
export async function startDemo(page: Page, address: { typed: string; street: string } = sacramento.highSt): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'What is your home really worth?' })).toBeVisible();
  await chooseSuggestion(page, address.typed, address.street);
  await expect(page).toHaveURL(/\/\?demo=true&step=2$/);
  await expect(page.getByRole('heading', { level: 1, name: address.street })).toBeVisible();
  // The demo has started when its toast says so: a check made before it arrives would race its fade-in.
  await expect(toast(page, 'Demo Property Analysis Ready')).toBeVisible();
}

/** The id in the URL once the wizard shows a saved property (`/?propertyId={uuid}&step=2`). */
export async function savedPropertyId(page: Page): Promise<string> {
  await expect(page).toHaveURL(/[?&]propertyId=[0-9a-f-]{36}/);
  return new URL(page.url()).searchParams.get('propertyId')!;
}

/**
 * Is this content behind demo mode's blur: blurred, hidden from assistive technology and out of the tab
 * order (inert)?
 */
export async function isBlurredAway(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const cover = element.closest('[inert]');
    return Boolean(cover && cover.getAttribute('aria-hidden') === 'true' && getComputedStyle(cover).filter.includes('blur'));
  });
}

/** The header's account controls (the shell's). */
/**
 * The next property save (POST /api/properties) answers 503, as when the property service is down; later ones go
 * through. Returns how many saves it has refused so far (0 or 1).
 */
export async function failNextPropertySave(page: Page): Promise<() => number> {
  let failures = 0;
  await page.route('**/api/properties', async (route) => {
    if (route.request().method() !== 'POST' || failures > 0) return route.fallback();
    failures += 1;
    await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable' }) });
  });
  return () => failures;
}

export function headerButton(page: Page, name: string): Locator {
  return control(page.getByRole('banner'), name);
}

/**
 * A saved property made from a real address of the sales data, so it has coordinates and an estimate; `overrides`
 * change what is saved (an older estimate, a year built). The facts are the data's own: a sample home missing one
 * fails here rather than being saved with an invented figure.
 */
export async function saveLookedUpProperty(page: Page, baseURL: string, address: string, overrides: Partial<CreatePropertyInput> = {}): Promise<Property> {
  const response = await page.request.post('/api/properties/lookup', { data: { address }, headers: { Origin: new URL(baseURL).origin } });
  expect(response.status(), await response.text()).toBe(200);
  const found = (await response.json()) as PropertyLookupResponse;
  if (!found.success) throw new Error(`The lookup found nothing for ${address}`);
  const p = found.property;
  expect(p.coordinates).not.toBeNull();
  const facts = knownFacts(p);
  if (!facts) throw new Error(`The sales data does not give every fact of ${address}: pick a sample home that has them`);
  const body: CreatePropertyInput = {
    address: p.address,
    city: p.city,
    state: p.state,
    zipCode: p.zipCode,
    ...facts,
    propertyType: p.propertyType,
    estimatedValue: p.estimatedValue,
    estimatedValueLow: p.estimatedValueLow,
    estimatedValueHigh: p.estimatedValueHigh,
    coordinates: p.coordinates,
    placeId: p.placeId,
    ...overrides,
  };
  return createProperty(page, baseURL, body);
}

