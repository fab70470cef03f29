import type { Page, Response } from '@playwright/test';
import type { LookupProperty, Property, PropertyLookupResponse } from '@hsa/contracts';
import { completeSignInForm, expect, test } from '../support/fixtures';
import { headerButton, sacramento, savedPropertyId, startDemo } from '../support/wizard';

/** Everything a visitor can read in the page: its text, hidden text included, and every attribute value. */
async function pageText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.body.textContent ?? '', document.title];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) parts.push(attribute.value);
    }
    return parts.join('\n');
  });
}

/** A dollar figure as people write it ("$512,000") and as machines do ("512000"). */
function spellings(value: number): string[] {
  return [`$${value.toLocaleString('en-US')}`, value.toLocaleString('en-US'), String(value)];
}

test('the locked neighborhood preview of the demo shows shapes only: no score, fact or figure', async ({ page }) => {
  await startDemo(page, sacramento.highSt);
  const card = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Neighborhood insights' }) });
  await expect(card.getByRole('button', { name: 'Login to View Neighborhood Analysis' })).toBeVisible();

  // Behind the blur: shapes, and not one character of content (real or made up).
  const preview = card.getByTestId('neighborhood-preview');
  await expect(preview).toBeAttached();
  expect((await preview.textContent())?.trim()).toBe('');
  const lockedContent = await card.locator('[inert]').evaluateAll((nodes) => nodes.map((node) => node.textContent?.trim() ?? ''));
  expect(lockedContent).toEqual(['']);

  // Nowhere on the page: a score out of 10, or the placeholder facts the preview once carried.
  const text = await pageText(page);
  expect(text).not.toMatch(/\b\d+(\.\d+)?\s*\/\s*10\b/);
  expect(text).not.toMatch(/leafy|within a mile|quiet streets/i);
});

test('the blurred demo estimate is nowhere an anonymous visitor can read it, and signing in still saves it', async ({ page, baseURL, user }) => {
  // What the anonymous browser receives from the API.
  const bodies: { url: string; text: string }[] = [];
  page.on('response', (response: Response) => {
    if (/\/api\/properties\//.test(response.url())) void response.text().then((text) => bodies.push({ url: response.url(), text }), () => {});
  });
  await startDemo(page, sacramento.highSt);
  await expect(page.getByText("Sign in to see this home's estimated value")).toBeVisible();
  await page.waitForLoadState('networkidle');

  const lookupBody = bodies.find((b) => b.url.endsWith('/api/properties/lookup'));
  expect(lookupBody, 'the demo lookup answer').toBeDefined();
  const demoLookup = JSON.parse(lookupBody!.text) as {
    success: true;
    property: LookupProperty;
    estimateWithheld?: boolean;
    comparables: Record<string, unknown>[];
    saleHistory: unknown[];
  };
  expect(demoLookup.property).toMatchObject({ estimatedValue: null, estimatedValueLow: null, estimatedValueHigh: null });
  expect(demoLookup.estimateWithheld).toBe(true);
  // The comparables come with the lookup (the same valuation run; the demo asks for them no second time) and carry
  // the sales, not what each says this home is worth (their mean is the estimate); the sale history brought to today
  // is left out too.
  expect(bodies.filter((b) => b.url.includes('/comparables'))).toEqual([]);
  const comparables = demoLookup.comparables;
  expect(comparables.length).toBeGreaterThan(0);
  expect(demoLookup.saleHistory).toEqual([]);
  for (const comparable of comparables) {
    expect(comparable).not.toHaveProperty('adjustedValue');
    expect(comparable).not.toHaveProperty('weight');
    expect(comparable).not.toHaveProperty('timeAdjustedPrice');
    expect(comparable).not.toHaveProperty('adjustments');
  }
  // The value card shows shapes behind its lock, not a blurred figure.
  await expect(page.getByTestId('estimated-value')).toHaveCount(0);
  await expect(page.getByTestId('estimate-shapes')).toBeAttached();

  // Everything the visitor could read: the page (text, hidden text, attributes), the accessibility tree, the storage.
  const seen = {
    page: await pageText(page),
    aria: await page.locator('body').ariaSnapshot(),
    storage: await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage })),
    answers: bodies.map((b) => b.text).join('\n'),
  };

  // Signing in saves the demo property with its real estimate (the signed-in save asks for it again)...
  await headerButton(page, 'Sign In to Save').click();
  await completeSignInForm(page, user);
  const id = await savedPropertyId(page);
  const saved = (await (await page.request.get(`/api/properties/${id}`)).json()) as Property;
  expect(saved.estimatedValue).toBeGreaterThan(0);
  await expect(page.getByTestId('estimated-value')).toHaveText(`$${saved.estimatedValue!.toLocaleString('en-US')}`);
  // ...the same figures a signed-in lookup of the home answers.
  const signedIn = (await (
    await page.request.post('/api/properties/lookup', { data: { address: sacramento.highSt.full }, headers: { Origin: new URL(baseURL!).origin } })
  ).json()) as PropertyLookupResponse;
  if (!signedIn.success) throw new Error('the lookup found nothing for the sample address');
  const { estimatedValue, estimatedValueLow, estimatedValueHigh } = signedIn.property;
  expect(saved).toMatchObject({ estimatedValue, estimatedValueLow, estimatedValueHigh });

  // None of those figures was anywhere the visitor could read before signing in.
  for (const figure of [estimatedValue!, estimatedValueLow!, estimatedValueHigh!]) {
    for (const spelling of spellings(figure)) {
      for (const [where, text] of Object.entries(seen)) expect(text, `${where} holds ${spelling}`).not.toContain(spelling);
    }
  }
});
