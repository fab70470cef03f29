import type { Page } from '@playwright/test';
import { completeSignInForm, control, expect, startSession, test } from '../support/fixtures';
import { addressBox, headerButton, sacramento, startDemo, toast, unknownAddress } from '../support/wizard';

/**
 * Records every frame in which the page's main area has no heading (a blank page with a spinner) until
 * stopBlankWatch; answers the number of such frames.
 */
async function startBlankWatch(page: Page): Promise<void> {
  await page.evaluate(() => {
    const state = { blank: 0, running: true };
    (window as unknown as { __blank: typeof state }).__blank = state;
    const sample = () => {
      if (!state.running) return;
      const main = document.querySelector('main');
      if (!main || !main.querySelector('h1')) state.blank += 1;
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
}

async function stopBlankWatch(page: Page): Promise<number> {
  return page.evaluate(() => {
    const state = (window as unknown as { __blank: { blank: number; running: boolean } }).__blank;
    state.running = false;
    return state.blank;
  });
}

/**
 * A slow network for what the page has not loaded yet: every script fetched from now on arrives 1.5 s late, as the
 * next part of the app does over a slow connection.
 */
async function slowScripts(page: Page): Promise<void> {
  await page.route(/\.js(\?.*)?$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
}

async function freshLanding(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'What is your home really worth?' })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('the first analysis from a fresh landing page keeps the page on screen while the analysis loads', async ({ page }) => {
  await freshLanding(page);
  await slowScripts(page);
  await startBlankWatch(page);

  await page.getByRole('button', { name: /^Try 3526 High St/ }).click();
  await control(page, 'Get Free Analysis').click();
  // The landing page stays, its button says what is going on.
  await expect(page.getByRole('button', { name: 'Analyzing…' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'What is your home really worth?' })).toBeVisible();

  await expect(page.getByRole('heading', { level: 1, name: sacramento.highSt.street })).toBeVisible({ timeout: 30_000 });
  await expect(toast(page, 'Demo Property Analysis Ready')).toBeVisible();
  expect(await stopBlankWatch(page), 'frames with a blank page').toBe(0);
});

test('an address not found on a fresh landing page: the toast appears over the page, which keeps the address', async ({ page }) => {
  await freshLanding(page);
  await slowScripts(page);
  await startBlankWatch(page);

  await addressBox(page).fill(unknownAddress);
  await control(page, 'Get Free Analysis').click();
  await expect(toast(page, 'Property Not Found')).toBeVisible({ timeout: 30_000 });
  await expect(addressBox(page)).toHaveValue(unknownAddress);
  expect(await stopBlankWatch(page), 'frames with a blank page').toBe(0);
});

test('a pending address in local storage opens its analysis after an ordinary sign-in, and is then cleared', async ({ page, user }) => {
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem('hsa.pendingPropertyAddress', JSON.stringify({ address: '2796 Branch St', city: 'Sacramento', state: 'CA' })),
  );
  // The header's Sign In (no post-login path in the address).
  await headerButton(page, 'Sign In').click();
  await completeSignInForm(page, user);

  // /?address=… then the signed-in lookup: found, so the details step (1.5) with the facts filled in.
  await expect(page).toHaveURL(/\/add-property\?step=1\.5$/, { timeout: 30_000 });
  await expect(toast(page, 'Property Found')).toBeVisible();
  await expect(page.getByLabel('Street address')).toHaveValue(sacramento.branchSt.full);
  expect(await page.evaluate(() => localStorage.getItem('hsa.pendingPropertyAddress'))).toBeNull();
});

test("the post-login action saveProperty opens /save-property, or the demo property's address when there is one", async ({ page, user }) => {
  await startSession(page, user);
  await page.goto('/?fromLogin=true&action=saveProperty');
  await expect(page).toHaveURL(/\/save-property$/);
  await expect(page.getByRole('heading', { level: 1, name: 'No Property Found' })).toBeVisible();

  // With a demo property in this browser session: the address redirect (its signed-in analysis).
  await page.evaluate((address) => {
    const property = { address, city: 'Sacramento', state: 'CA', zipCode: '95815', id: 'demo-property', userId: 'demo' };
    sessionStorage.setItem('hsa.demoProperty', JSON.stringify({ property, storedAt: new Date().toISOString(), isDemo: true }));
  }, sacramento.janetteWay.full);
  await page.goto('/?fromLogin=true&action=saveProperty');
  await expect(page).toHaveURL(/\/add-property\?step=1\.5$/, { timeout: 30_000 });
  await expect(page.getByLabel('Street address')).toHaveValue(sacramento.janetteWay.full);
});

test('Cancel on the save-property page forgets the demo property', async ({ page, user }) => {
  await startDemo(page, sacramento.janetteWay);
  await page.goto('/save-property');
  await control(page.getByRole('main'), 'Sign In').click();
  await completeSignInForm(page, user);
  await expect(page.getByRole('heading', { level: 1, name: sacramento.janetteWay.street })).toBeVisible();

  await control(page, 'Cancel').click();
  await expect(page).not.toHaveURL(/\/save-property$/);
  expect(await page.evaluate(() => [sessionStorage.getItem('hsa.demoProperty'), localStorage.getItem('hsa.pendingPropertyAddress')])).toEqual([
    null,
    null,
  ]);
  await page.goto('/save-property');
  await expect(page.getByRole('heading', { level: 1, name: 'No Property Found' })).toBeVisible();
});
