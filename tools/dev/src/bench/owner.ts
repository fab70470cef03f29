/**
 * A signed-in owner for the bench, made the way a visitor becomes one: the gateway's /api/login, the identity
 * provider's sign-in form, back in the product. The owner then saves a home of the sample sales data (the facts
 * and estimate of its lookup), so the wizard's step 2 and the dashboard show a real analysed property.
 */
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { knownFacts, type Property, type PropertyLookupResponse } from '@hsa/contracts';

export interface BenchOwner {
  /** Cookies and storage of the signed-in browser, for fresh (cold) contexts of the same owner. */
  storageState: NonNullable<BrowserContextOptions['storageState']>;
  /** The session cookie as a request header (autocannon, Lighthouse). */
  cookieHeader: string;
  userId: string;
  propertyId: string;
}

export async function signInOwner(browser: Browser, baseUrl: string, address: string): Promise<BenchOwner> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(new URL('/api/login', baseUrl).href);
    const form = page.locator('form[method="post" i]').filter({ has: page.locator('input[name="email"]') });
    await form.locator('input[name="email"]').fill('bench-owner@example.test');
    await form.locator('input[name="name"]').fill('Bench Owner');
    await form.locator('button[type="submit"], input[type="submit"], button:not([type])').first().click();
    await page.waitForURL((url) => url.origin === new URL(baseUrl).origin && !url.pathname.startsWith('/api/'), { timeout: 60_000 });

    const origin = { Origin: new URL(baseUrl).origin };
    const user = (await (await page.request.get(new URL('/api/auth/user', baseUrl).href)).json()) as { id: string };
    const lookup = await page.request.post(new URL('/api/properties/lookup', baseUrl).href, { data: { address }, headers: origin });
    const found = (await lookup.json()) as PropertyLookupResponse;
    if (!found.success) throw new Error(`The bench's sample address was not found: ${address}`);
    // The data's own facts only: a sample home missing one stops the bench rather than being saved with an invented figure.
    const facts = knownFacts(found.property);
    if (!facts) throw new Error(`The sales data does not give every fact of the bench's sample home ${address}: pick one that has them`);
    const created = await page.request.post(new URL('/api/properties', baseUrl).href, { headers: origin, data: { ...found.property, ...facts } });
    if (created.status() !== 201) throw new Error(`Saving the bench's property failed: ${created.status()} ${await created.text()}`);
    const property = (await created.json()) as Property;

    const storageState = await context.storageState();
    const cookieHeader = storageState.cookies
      .filter((cookie) => baseUrl.includes(cookie.domain))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
    return { storageState, cookieHeader, userId: user.id, propertyId: property.id };
  } finally {
    await context.close();
  }
}
