import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type ConsoleMessage, type Locator, type Page } from '@playwright/test';
import type { CreatePropertyInput, Property } from '@hsa/contracts';

export { expect };

export interface TestUser {
  email: string;
  name: string;
  firstName: string;
}

/** A new user per test: the dev identity provider signs in any email, with a stable subject per email. */
export function newUser(firstName = 'Avery'): TestUser {
  const id = randomBytes(4).toString('hex');
  return { email: `e2e-${id}@example.test`, name: `${firstName} Tester${id}`, firstName };
}

/** A property body with a street nobody else uses, so a test finds its own card. */
export function newProperty(overrides: Partial<CreatePropertyInput> = {}): CreatePropertyInput {
  const number = 100 + Math.floor(Math.random() * 9000);
  return {
    address: `${number} Playwright Way ${randomBytes(2).toString('hex')}`,
    city: 'Sacramento',
    state: 'CA',
    zipCode: '95814',
    bedrooms: 3,
    bathrooms: 2,
    squareFootage: 1650,
    ...overrides,
  };
}

export const test = base.extend<{ user: TestUser; policyGuard: void }>({
  // The product's address is known only after global setup started it; workers inherit it in the environment.
  baseURL: async ({}, use) => {
    const url = process.env.HSA_E2E_BASE_URL;
    if (!url) throw new Error('HSA_E2E_BASE_URL is not set: run through e2e/playwright.config.ts (its global setup starts the product)');
    await use(url);
  },
  user: async ({}, use) => use(newUser()),
  // Every test fails when the product's own pages break their Content-Security-Policy or Permissions-Policy: the
  // policies must allow exactly what the product loads.
  policyGuard: [
    async ({ page, baseURL }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        const ours = page.url().startsWith(new URL(baseURL!).origin);
        if (ours && /Content Security Policy|Permissions-Policy|Permissions policy/i.test(text) && !byTraceRecorder(message)) {
          violations.push(text);
        }
      });
      await use();
      expect(violations, 'policy violations in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Playwright's trace recorder (trace: 'retain-on-failure') reads the body of each response it records; Chromium keeps
 * none for a blob: image (the uploader's thumbnails), so Playwright loads it again through the DevTools protocol
 * (Network.loadNetworkResource) in the page's frame, which Chromium checks against connect-src and reports as
 * "Connecting to 'blob:…' violates … connect-src" with no script location. The page's own fetch or XHR of a blob: URL
 * is reported with the location of the script that made it, so it still fails the test.
 */
function byTraceRecorder(message: ConsoleMessage): boolean {
  return /^Connecting to 'blob:/.test(message.text()) && message.location().url === '';
}

/**
 * A control named `name`, rendered as a button, a link or a menu item. An icon's label may come first in the
 * accessible name (antd icons are labelled, e.g. "plus Add New Property"), so the name must end with `name`.
 */
export function control(scope: Page | Locator, name: string): Locator {
  const pattern = new RegExp(`(^|\\s)${escapeRegExp(name)}$`);
  return scope
    .getByRole('button', { name: pattern })
    .or(scope.getByRole('link', { name: pattern }))
    .or(scope.getByRole('menuitem', { name: pattern }))
    .first();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A form field by its label. The label may carry a required mark or a qualifier before the name ("* City",
 * "Street address"), so it must end with `label`, ignoring case.
 */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`(^|[\\s*])${escapeRegExp(label)}$`, 'i'));
}

/** Fills and submits the identity provider's sign-in form (`<form method="post">` with inputs email and name). */
export async function completeSignInForm(page: Page, user: TestUser): Promise<void> {
  const form = page.locator('form[method="post" i]').filter({ has: page.locator('input[name="email"]') });
  await expect(form).toBeVisible();
  await form.locator('input[name="email"]').fill(user.email);
  await form.locator('input[name="name"]').fill(user.name);
  await form.locator('button[type="submit"], input[type="submit"], button:not([type])').first().click();
}

/** Signs in the way a visitor does: landing page header 'Sign In', the provider's form, back in the app. */
export async function signInThroughHeader(page: Page, user: TestUser): Promise<void> {
  await page.goto('/');
  await control(page, 'Sign In').click();
  await completeSignInForm(page, user);
  await expectDashboard(page, user);
}

/** Signs in (see startSession) and opens `/`, which shows the signed-in user's dashboard. */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  await startSession(page, user);
  await page.goto('/');
  await expectDashboard(page, user);
}

async function expectDashboard(page: Page, user: TestUser): Promise<void> {
  // The page loads the dashboard remote from cold: allow a busy machine time for it.
  await expect(page.getByText(`Welcome back, ${user.firstName}`)).toBeVisible({ timeout: 30_000 });
}

/**
 * Signs in through the same OpenID Connect code flow as the browser, with the page's own request context (its
 * cookies are the page's): the product's /api/login, the provider's form posted as the browser posts it, and the
 * callback that opens the session. No page is loaded, so a test that goes on to a page of its own pays for one load
 * instead of three; signInThroughHeader is the flow as a visitor clicks it.
 */
export async function startSession(page: Page, user: TestUser): Promise<void> {
  const login = await page.request.get('/api/login?returnTo=/');
  expect(login.status(), 'the provider shows its sign-in form').toBe(200);
  const action = /<form method="post" action="([^"]+)"/.exec(await login.text())?.[1];
  expect(action, 'the sign-in form posts back to its interaction').toBeTruthy();
  const signedIn = await page.request.post(new URL(action!, login.url()).href, {
    form: { email: user.email, name: user.name },
  });
  expect(signedIn.status(), `back in the product at ${signedIn.url()}`).toBe(200);
  expect(await currentUserStatus(page.request), 'the session is open').toBe(200);
}

/** Calls the API with the page's cookies; state-changing calls carry the product's Origin (CSRF defence). */
export async function createProperty(page: Page, baseURL: string, body: CreatePropertyInput = newProperty()): Promise<Property> {
  const response = await page.request.post('/api/properties', { data: body, headers: { Origin: new URL(baseURL).origin } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Property;
}

export async function currentUserStatus(request: APIRequestContext): Promise<number> {
  return (await request.get('/api/auth/user')).status();
}

/** The dashboard card of the property whose street is `address`. */
export function propertyCard(page: Page, address: string): Locator {
  return page.getByTestId('property-card').filter({ hasText: address });
}

/**
 * Adds a property through the analysis wizard on /add-property: its address in step 1 (a street the sales
 * data does not know, so the lookup finds nothing), then the details form of step 1.5 (Analyze Property).
 * Resolves with the new property's id once the wizard shows it at step 2.
 */
export async function addPropertyThroughForm(page: Page, property: CreatePropertyInput): Promise<string> {
  await expect(page).toHaveURL(/\/add-property/);
  await page.getByRole('combobox', { name: 'Property address' }).fill(property.address);
  await control(page, 'Find My Property').click();
  await expect(field(page, 'Street address')).toHaveValue(property.address);
  await field(page, 'City').fill(property.city);
  await field(page, 'State').fill(property.state);
  await field(page, 'ZIP code').fill(property.zipCode);
  if (property.yearBuilt) await field(page, 'Year built').fill(String(property.yearBuilt));
  if (property.additionalInfo) await field(page, 'Additional info').fill(property.additionalInfo);
  const form = page.locator('form').filter({ has: field(page, 'Street address') });
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/[?&]propertyId=[^&]+/);
  const url = new URL(page.url());
  expect(url.pathname).toBe('/');
  expect(url.searchParams.get('step')).toBe('2');
  return url.searchParams.get('propertyId')!;
}
