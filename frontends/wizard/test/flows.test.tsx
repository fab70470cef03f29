import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { AuthUser, LookupProperty, Property } from '@hsa/contracts';
import { createQueryClient, demoStorageKeys, storeDemoProperty } from '@hsa/ui-kit';
import { TestProviders, installJsdomShims, jsonResponse } from '@hsa/ui-kit/testing';
import { comparableSale } from './comparableSale';
import SavePropertyPage from '../src/pages/SavePropertyPage';
import WizardPage from '../src/pages/WizardPage';

beforeAll(async () => {
  installJsdomShims();
  // WizardPage loads the wizard lazily (as the browser fetches its chunk): have its module ready, so the fake
  // timers below measure the wizard's own delays and not the module loader's.
  await import('../src/wizard/Wizard');
});
afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
const user: AuthUser = { id: 'u1', email: 'jordan@example.com', firstName: 'Jordan', lastName: 'Rivera', profileImageUrl: null };
const lookedUp: LookupProperty = {
  address: '51 Omaha Ct, Sacramento, CA 95823',
  city: 'Sacramento',
  state: 'CA',
  zipCode: '95823',
  bedrooms: 3,
  bathrooms: 1,
  squareFootage: 1167,
  yearBuilt: null,
  propertyType: 'single_family',
  lotSize: null,
  estimatedValue: 255_908,
  estimatedValueLow: 184_622,
  estimatedValueHigh: 367_956,
  coordinates: { latitude: 38.478902, longitude: -121.431028 },
  placeId: 'open-data:b147',
};
const saved: Property = {
  ...lookedUp,
  bedrooms: 3,
  bathrooms: 1,
  squareFootage: 1167,
  id: '7d1c1f44-2c55-4a8e-9a4f-1f4f5b1b2c3d',
  userId: 'u1',
  yearBuilt: null,
  additionalInfo: null,
  lotSize: null,
  createdAt: '2026-03-05T12:00:00.000Z',
  updatedAt: '2026-03-05T12:00:00.000Z',
  archived: false,
  archivedAt: null,
};

/** A fake gateway behind fetch (the network boundary); `create` answers POST /api/properties. */
function stubGateway({
  signedIn,
  create = () => jsonResponse(201, saved),
  lookup = () => jsonResponse(200, { success: true, property: lookedUp, dataSource: 'Sample market data', confidence: 0.7, valueDate: null, notes: [] }),
}: {
  signedIn: boolean;
  create?: () => Response;
  lookup?: () => Response;
}) {
  const calls: { method: string; url: string; body?: unknown; at: number }[] = [];
  const started = Date.now();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined, at: Date.now() - started });
      if (url === '/api/auth/user') return signedIn ? jsonResponse(200, user) : jsonResponse(401, { message: 'Unauthorized' });
      if (url === '/api/properties' && method === 'POST') return create();
      if (url === '/api/properties/lookup' && method === 'POST') return lookup();
      if (url === `/api/properties/${saved.id}`) return jsonResponse(200, saved);
      if (url.includes('/comparables')) return jsonResponse(200, []);
      return jsonResponse(404, { message: 'Not found' });
    }),
  );
  return calls;
}

const location = () => screen.getByTestId('location').textContent;
const advance = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

/** The wizard's page at `path`, with the providers the shell gives it. */
function renderWizardAt(path: string) {
  return render(
    <TestProviders queryClient={createQueryClient()} path={path}>
      <WizardPage />
    </TestProviders>,
  );
}

/** The demo's step 2 of the stored demo property (51 Omaha Ct), once its heading shows. */
async function openDemoAnalysis() {
  const view = renderWizardAt('/?demo=true&step=2');
  expect(await screen.findByRole('heading', { level: 1, name: '51 Omaha Ct' })).toBeTruthy();
  return view;
}

describe('after sign-in from demo mode', () => {
  it('saves the demo property after 500 ms, clears demo state and opens the saved property', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    storeDemoProperty({ ...lookedUp, dataSource: 'Sample market data' });
    localStorage.setItem(demoStorageKeys.pendingAddress, JSON.stringify({ address: lookedUp.address, city: 'Sacramento', state: 'CA' }));
    const calls = stubGateway({ signedIn: true });
    renderWizardAt('/?fromLogin=true');
    await advance(50);
    expect(screen.getByRole('heading', { name: 'Saving your property…' })).toBeTruthy();
    await advance(400);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await advance(100);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({
      address: lookedUp.address,
      city: 'Sacramento',
      state: 'CA',
      zipCode: '95823',
      bedrooms: 3,
      bathrooms: 1,
      squareFootage: 1167,
      estimatedValue: 255_908,
      estimatedValueLow: 184_622,
      estimatedValueHigh: 367_956,
      coordinates: lookedUp.coordinates,
      placeId: 'open-data:b147',
    });
    await advance(50);
    expect(location()).toBe(`/?propertyId=${saved.id}&step=2`);
    expect(sessionStorage.getItem(demoStorageKeys.demoProperty)).toBeNull();
    expect(localStorage.getItem(demoStorageKeys.pendingAddress)).toBeNull();
    // The current user and the property lists were fetched again after sign-in.
    expect(calls.filter((c) => c.url === '/api/auth/user').length).toBeGreaterThanOrEqual(1);
    expect(screen.getByText('Property Saved Successfully')).toBeTruthy();
  });

  it('asks for the estimate the demo never received (the same home, by its place id) and saves it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const withheld = { ...lookedUp, estimatedValue: null, estimatedValueLow: null, estimatedValueHigh: null };
    storeDemoProperty({ ...withheld, dataSource: 'Sample market data', estimateWithheld: true });
    const calls = stubGateway({ signedIn: true });
    renderWizardAt('/?fromLogin=true');
    await advance(600);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url)).toEqual(['/api/properties/lookup', '/api/properties']);
    expect(posts[0]!.body).toEqual({ address: lookedUp.address, placeId: 'open-data:b147' });
    expect(posts[1]!.body).toMatchObject({ estimatedValue: 255_908, estimatedValueLow: 184_622, estimatedValueHigh: 367_956 });
    await advance(50);
    expect(location()).toBe(`/?propertyId=${saved.id}&step=2`);
  });

  it('never saves facts the data does not give: it asks the owner for them, in empty fields, instead of saving defaults', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // A home the data knows by its address and place, but not its size or rooms (and so without an estimate).
    const unknownFacts = { ...lookedUp, bedrooms: null, bathrooms: null, squareFootage: null, estimatedValue: null, estimatedValueLow: null, estimatedValueHigh: null };
    storeDemoProperty({ ...unknownFacts, dataSource: 'Sample market data' });
    const calls = stubGateway({ signedIn: true });
    renderWizardAt('/?fromLogin=true');
    await advance(600);
    // No save with made-up defaults (4 beds, 2.5 baths, 2450 sq ft): nothing is posted, the owner is asked instead.
    expect(calls.filter((c) => c.url === '/api/properties' && c.method === 'POST')).toHaveLength(0);
    expect(location()).toBe('/add-property?step=1.5');
    expect(screen.getByText("Our data does not say this home's bedrooms, bathrooms and square footage. Enter them to save the property.")).toBeTruthy();
    expect(screen.queryByText('Property restored to demo mode. Use the Save Now button to try again.')).toBeNull();
    // The details step loads lazily: the clock moves inside act while it loads, so React's reveal of the step after
    // its fallback (on a timer, set while the clock is fake) runs and commits.
    const sqft = await vi.waitFor(
      async () => {
        await advance(50);
        return screen.getByRole('textbox', { name: /square f/i });
      },
      { timeout: 10_000 },
    );
    vi.useRealTimers();
    expect((sqft as HTMLInputElement).value).toBe('');
    expect(screen.queryByDisplayValue('2,450')).toBeNull();
    expect(screen.queryByDisplayValue('2450')).toBeNull();
    expect(screen.queryByTitle('4')).toBeNull();
    expect(screen.queryByTitle('2.5')).toBeNull();
    // The demo property stays until the owner's facts are saved.
    expect(sessionStorage.getItem(demoStorageKeys.demoProperty)).not.toBeNull();
  });

  it("restores demo mode with 'Auto-save Failed' when the save fails", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    storeDemoProperty(lookedUp);
    stubGateway({ signedIn: true, create: () => jsonResponse(503, { message: 'down' }) });
    renderWizardAt('/?fromLogin=true');
    await advance(600);
    expect(location()).toBe('/?propertyId=demo&step=2');
    expect(screen.getByText('Property restored to demo mode. Use the Save Now button to try again.')).toBeTruthy();
    expect(sessionStorage.getItem(demoStorageKeys.demoProperty)).not.toBeNull();
    expect(screen.getAllByRole('button', { name: 'Save Now' }).length).toBeGreaterThan(0);
  });
});

describe('save-property', () => {
  it("says 'Property Saved!' and goes to /?propertyId={id} after 2 s", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    storeDemoProperty(lookedUp);
    stubGateway({ signedIn: true });
    render(
      <TestProviders queryClient={createQueryClient()} path="/save-property">
        <SavePropertyPage />
      </TestProviders>,
    );
    await advance(50);
    act(() => screen.getByRole('button', { name: 'Save to My Properties' }).click());
    await advance(50);
    expect(screen.getByRole('heading', { name: 'Property Saved!' })).toBeTruthy();
    await advance(1800);
    expect(location()).toBe('/save-property');
    await advance(200);
    expect(location()).toBe(`/?propertyId=${saved.id}`);
  });

  it("refuses a demo property without its city: 'Error: No property data found to save.'", async () => {
    storeDemoProperty({ ...lookedUp, city: '' });
    const calls = stubGateway({ signedIn: true });
    render(
      <TestProviders queryClient={createQueryClient()} path="/save-property">
        <SavePropertyPage />
      </TestProviders>,
    );
    (await screen.findByRole('button', { name: 'Save to My Properties' })).click();
    expect(await screen.findByText('No property data found to save.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("shows the reason: 'Save Failed: Unable to save property to your account: {reason}'", async () => {
    storeDemoProperty(lookedUp);
    stubGateway({ signedIn: true, create: () => jsonResponse(400, { message: 'ZIP code is required' }) });
    render(
      <TestProviders queryClient={createQueryClient()} path="/save-property">
        <SavePropertyPage />
      </TestProviders>,
    );
    (await screen.findByRole('button', { name: 'Save to My Properties' })).click();
    expect(await screen.findByText('Unable to save property to your account: ZIP code is required')).toBeTruthy();
  });
});

describe('demo comparables', () => {
  const evidence = {
    comparables: [
      comparableSale({ id: 'sale-1', address: '2796 Branch St, Sacramento, CA 95815', saleAmount: 68_880, saleDate: '2008-05-21', weight: 0.6 }),
      comparableSale({ id: 'sale-2', address: '3924 High St, Sacramento, CA 95838', saleAmount: 88_000, saleDate: '2008-05-20', weight: 0.4 }),
    ],
    saleHistory: [{ date: '2008-05-19', price: 68_212, timeAdjustedPrice: 150_000 }],
  };

  it("are the lookup's own: the demo shows them without a second valuation call", async () => {
    storeDemoProperty({ ...lookedUp, ...evidence });
    const calls = stubGateway({ signedIn: false });
    const { container } = await openDemoAnalysis();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(calls.some((c) => c.url.includes('/comparables'))).toBe(false);
    expect([...container.querySelectorAll('.wz-table tbody th')].map((th) => th.textContent)).toEqual(['2796 Branch St', '3924 High St']);
    // The home's own sale is locked with no figure behind the lock.
    expect(screen.getByText("Sign in to see this home's sale history")).toBeTruthy();
    expect(container.textContent).not.toContain('$68,212');
  });

  it('asks for them by place id for a demo property kept before lookups carried them', async () => {
    storeDemoProperty(lookedUp);
    const calls = stubGateway({ signedIn: false });
    await openDemoAnalysis();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(calls.filter((c) => c.url.includes('/comparables')).map((c) => c.url)).toEqual([
      '/api/properties/demo-property/comparables?address=51+Omaha+Ct%2C+Sacramento%2C+CA+95823&placeId=open-data%3Ab147',
    ]);
  });

  it('are fetched only for an address of 10+ characters and a city of 3+', async () => {
    storeDemoProperty({ ...lookedUp, city: 'Sa' });
    const calls = stubGateway({ signedIn: false });
    await openDemoAnalysis();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(calls.some((c) => c.url.includes('/comparables'))).toBe(false);
    expect(screen.getByText('No comparable sales data available')).toBeTruthy();
  });
});
