import type { Page } from '@playwright/test';
import { control, createProperty, expect, field, newProperty, startSession, test } from '../support/fixtures';
import { addressBox, toast } from '../support/wizard';

/**
 * Inputs are validated, never silently changed: what a seller types into the property form is either saved as typed
 * or refused with a message that says why (the spec's messages, and plain ones for values no home has). The API
 * refuses the same values with a 400 and the same message.
 */

/** A street the sales data does not have, so the lookup finds nothing and the form is filled by hand. */
function unknownStreet(): string {
  return `${100 + Math.floor(Math.random() * 9000)} Nowhere Ave`;
}

/** Signs in, looks up `address` (unknown to the sales data) and lands on step 1.5 for manual entry. */
async function manualEntry(page: Page, address: string): Promise<void> {
  await page.goto('/add-property');
  await addressBox(page).fill(address);
  await control(page, 'Find My Property').click();
  await expect(toast(page, 'Property Details Needed')).toBeVisible();
  await expect(page).toHaveURL(/\/add-property\?step=1\.5$/);
  await expect(field(page, 'Street address')).toHaveValue(address);
}

function detailsForm(page: Page) {
  return page.locator('form').filter({ has: field(page, 'Street address') });
}

async function fillPlace(page: Page): Promise<void> {
  await field(page, 'City').fill('Springfield');
  await field(page, 'State').fill('IL');
  await field(page, 'ZIP code').fill('62704');
}

async function savedProperties(page: Page): Promise<unknown[]> {
  return (await (await page.request.get('/api/user/properties')).json()) as unknown[];
}

test('square footage 0 is refused with the spec message and never saved as 1 sq ft', async ({ page, user }) => {
  await startSession(page, user);
  await manualEntry(page, `${unknownStreet()}, Springfield`);
  await fillPlace(page);
  const size = field(page, 'Square footage');
  await size.fill('0');
  await size.blur();
  // What was typed stays as typed: nothing turns 0 into 1 behind the seller's back.
  await expect(size).toHaveValue('0');
  await control(page, 'Analyze Property').click();
  await expect(detailsForm(page).getByText('Square footage is required', { exact: true })).toBeVisible();
  await expect(size).toHaveValue('0');
  await expect(page).toHaveURL(/\/add-property\?step=1\.5$/);
  expect(await savedProperties(page)).toEqual([]);
});

test('a square footage no home has, or one that is not a number, is refused in plain words', async ({ page, user }) => {
  await startSession(page, user);
  await manualEntry(page, `${unknownStreet()}, Springfield`);
  await fillPlace(page);
  const form = detailsForm(page);
  const size = field(page, 'Square footage');
  const cases = [
    ['12', 'Square footage must be between 100 and 100,000 sq ft'],
    ['5000000', 'Square footage must be between 100 and 100,000 sq ft'],
    ['1500.5', 'Square footage must be a whole number'],
    ['big', 'Square footage must be a number'],
  ] as const;
  for (const [typed, message] of cases) {
    await size.fill(typed);
    await control(page, 'Analyze Property').click();
    await expect(form.getByText(message, { exact: true })).toBeVisible();
    await expect(size).toHaveValue(typed);
  }
  expect(await savedProperties(page)).toEqual([]);

  // A size written the way people write it is the same number: saved as typed.
  await size.fill('1,850');
  await control(page, 'Analyze Property').click();
  await expect(page).toHaveURL(/[?&]propertyId=[0-9a-f-]{36}/);
  const id = new URL(page.url()).searchParams.get('propertyId');
  expect((await (await page.request.get(`/api/properties/${id}`)).json()).squareFootage).toBe(1850);
});

test('a year built in the future is refused, and so is a year before any home', async ({ page, user }) => {
  await startSession(page, user);
  await manualEntry(page, `${unknownStreet()}, Springfield`);
  await fillPlace(page);
  const form = detailsForm(page);
  const year = field(page, 'Year built');
  const nextYear = new Date().getFullYear() + 2;
  await year.fill(String(nextYear));
  await year.blur();
  await expect(year).toHaveValue(String(nextYear));
  await control(page, 'Analyze Property').click();
  await expect(form.getByText('Year built cannot be in the future', { exact: true })).toBeVisible();
  await year.fill('1200');
  await control(page, 'Analyze Property').click();
  await expect(form.getByText('Year built must be 1600 or later', { exact: true })).toBeVisible();
  await expect(year).toHaveValue('1200');
  expect(await savedProperties(page)).toEqual([]);
});

test('manual entry after "Property Details Needed" is prefilled with the city, state and ZIP the address holds', async ({ page, user }) => {
  await startSession(page, user);
  await manualEntry(page, `${unknownStreet()}, Elk Grove, CA 95624`);
  await expect(field(page, 'City')).toHaveValue('Elk Grove');
  await expect(field(page, 'State')).toHaveValue('CA');
  await expect(field(page, 'ZIP code')).toHaveValue('95624');

  // Nothing the text does not hold is made up: no ZIP here, so the ZIP stays empty for the seller to fill.
  await manualEntry(page, `${unknownStreet()}, Folsom, California`);
  await expect(field(page, 'City')).toHaveValue('Folsom');
  await expect(field(page, 'State')).toHaveValue('CA');
  await expect(field(page, 'ZIP code')).toHaveValue('');
});

test('the API refuses numbers no home has with a 400 and the message, and saves nothing', async ({ page, user, baseURL }) => {
  await startSession(page, user);
  const headers = { Origin: new URL(baseURL!).origin };
  const refusals = [
    [{ squareFootage: 0 }, 'Square footage is required'],
    [{ squareFootage: 3 }, 'Square footage must be between 100 and 100,000 sq ft'],
    [{ bedrooms: 250 }, 'Bedrooms must be at most 30'],
    [{ bathrooms: 1.25 }, 'Bathrooms must be in steps of 0.5'],
    [{ yearBuilt: new Date().getFullYear() + 3 }, 'Year built cannot be in the future'],
    [{ lotSize: -5 }, 'Lot size must be between 0 and 100,000,000 sq ft'],
  ] as const;
  for (const [change, message] of refusals) {
    const response = await page.request.post('/api/properties', { data: newProperty(change), headers });
    expect(response.status(), JSON.stringify(change)).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(message);
  }
  expect(await savedProperties(page)).toEqual([]);

  const property = await createProperty(page, baseURL!);
  const patched = await page.request.patch(`/api/properties/${property.id}`, { data: { squareFootage: 1 }, headers });
  expect(patched.status()).toBe(400);
  expect(((await patched.json()) as { message: string }).message).toBe('Square footage must be between 100 and 100,000 sq ft');
  expect((await (await page.request.get(`/api/properties/${property.id}`)).json()).squareFootage).toBe(property.squareFootage);
});
