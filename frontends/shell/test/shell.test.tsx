import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { AuthUser, Property } from '@hsa/contracts';
import { installJsdomShims, jsonResponse } from '@hsa/ui-kit/testing';
import { createShellQueryClient } from '../src/app/queryClient';
import { routes } from '../src/app/router';

beforeAll(installJsdomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user: AuthUser = { id: 'u1', email: 'jordan@example.com', firstName: 'Jordan', lastName: 'Rivera', profileImageUrl: null };

const property: Property = {
  id: '7d1c1f44-2c55-4a8e-9a4f-1f4f5b1b2c3d',
  userId: 'u1',
  address: '2418 Capitol Ave, Sacramento, CA 95816',
  city: 'Sacramento',
  state: 'CA',
  zipCode: '95816',
  bedrooms: 3,
  bathrooms: 2,
  squareFootage: 1840,
  yearBuilt: 1928,
  propertyType: 'single_family',
  additionalInfo: null,
  estimatedValue: 612000,
  estimatedValueLow: null,
  estimatedValueHigh: null,
  lotSize: null,
  coordinates: null,
  placeId: null,
  createdAt: '2026-03-05T12:00:00.000Z',
  updatedAt: '2026-03-05T12:00:00.000Z',
  archived: false,
  archivedAt: null,
};

type Handler = (url: string, init?: RequestInit) => Response | undefined;

/** Stubs fetch (the network boundary) with a fake gateway: signed in or not, plus extra answers. */
function stubGateway({ signedIn, handle }: { signedIn: boolean; handle?: Handler }) {
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const answer = handle?.(url, init);
    if (answer) return answer;
    if (url === '/api/auth/user') return signedIn ? jsonResponse(200, user) : jsonResponse(401, { message: 'Unauthorized' });
    return jsonResponse(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createShellQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the shell', () => {
  it('shows the landing page with Sign In to anonymous visitors', async () => {
    stubGateway({ signedIn: false });
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: /Know what your home is worth/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'My Properties' })).toBeNull();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(document.title).toBe('Home Seller Analyzer');
  });

  it('shows the demo placeholder for anonymous visitors with ?demo', async () => {
    stubGateway({ signedIn: false });
    renderAt('/?demo=true');
    expect(await screen.findByRole('heading', { name: 'The free demo analysis arrives in the next release' })).toBeTruthy();
  });

  it('gives signed-in users My Properties and an account menu with Sign Out', async () => {
    stubGateway({ signedIn: true });
    const router = renderAt('/recommendations?propertyId=p1');
    expect(await screen.findByRole('heading', { name: 'AI recommendations arrive in the next release' })).toBeTruthy();
    expect(document.title).toBe('Recommendations · Home Seller Analyzer');

    const menuButton = screen.getByRole('button', { name: 'Account menu for Jordan Rivera' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(menuButton, { key: 'ArrowDown' });
    const signOut = await screen.findByRole('menuitem', { name: 'Sign Out' });
    expect(signOut.getAttribute('href')).toBe('/api/logout');
    await waitFor(() => expect(document.activeElement).toBe(signOut));
    fireEvent.keyDown(signOut, { key: 'Escape' });
    expect(screen.queryByRole('menuitem')).toBeNull();
    expect(document.activeElement).toBe(menuButton);

    fireEvent.click(screen.getByRole('button', { name: 'My Properties' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows a saved property for /?propertyId={id}&step=2', async () => {
    stubGateway({
      signedIn: true,
      handle: (url) => (url === `/api/properties/${property.id}` ? jsonResponse(200, property) : undefined),
    });
    renderAt(`/?propertyId=${property.id}&step=2`);
    expect(await screen.findByRole('heading', { level: 1, name: '2418 Capitol Ave' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('$612,000')).toBeTruthy();
    expect(screen.getByText('Sacramento, CA 95816')).toBeTruthy();
  });

  it("says 'Failed to load property' with Go Home when the property cannot be loaded", async () => {
    stubGateway({ signedIn: true });
    const router = renderAt('/?propertyId=unknown&step=2');
    expect(await screen.findByRole('heading', { name: 'Failed to load property' }, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(router.state.location.search).toBe('');
  });

  it('adds a property: POST /api/properties, then the property at step 2', async () => {
    const created = { ...property, address: '1200 J St, Sacramento, CA 95814', zipCode: '95814' };
    const fetchMock = stubGateway({
      signedIn: true,
      handle: (url, init) => {
        if (url === '/api/properties' && init?.method === 'POST') return jsonResponse(201, created);
        if (url === `/api/properties/${created.id}`) return jsonResponse(200, created);
        return undefined;
      },
    });
    const router = renderAt('/add-property');
    fireEvent.change(await screen.findByLabelText('Street address', undefined, { timeout: 5000 }), {
      target: { value: '1200 J St, Sacramento, CA 95814' },
    });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Sacramento' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'CA' } });
    fireEvent.change(screen.getByLabelText('ZIP code'), { target: { value: '95814' } });
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Property' }));

    await waitFor(() => expect(router.state.location.search).toBe(`?propertyId=${created.id}&step=2`));
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/properties' && init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({ bedrooms: 4, bathrooms: 2.5, squareFootage: 2450, city: 'Sacramento' });
    expect(await screen.findByText('Analysis Complete')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: '1200 J St' })).toBeTruthy();
  });

  it("toasts 'Failed to analyze property. Please try again.' when creating fails", async () => {
    stubGateway({
      signedIn: true,
      handle: (url, init) => (url === '/api/properties' && init?.method === 'POST' ? jsonResponse(503, { message: 'down' }) : undefined),
    });
    const router = renderAt('/add-property');
    fireEvent.change(await screen.findByLabelText('Street address', undefined, { timeout: 5000 }), { target: { value: '1 Main St' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Davis' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'CA' } });
    fireEvent.change(screen.getByLabelText('ZIP code'), { target: { value: '95616' } });
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Property' }));
    expect(await screen.findByText('Failed to analyze property. Please try again.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/add-property');
  });

  it('asks anonymous visitors of /add-property to sign in', async () => {
    stubGateway({ signedIn: false });
    renderAt('/add-property');
    expect(await screen.findByRole('heading', { name: 'Sign in to add a property' })).toBeTruthy();
  });

  it('shows a friendly error when a remote cannot be loaded', async () => {
    stubGateway({ signedIn: true, handle: (url) => (url === '/remotes.json' ? jsonResponse(503, { message: 'down' }) : undefined) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'This section is temporarily unavailable' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('shows the 404 page for any other path', async () => {
    stubGateway({ signedIn: false });
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    await act(async () => {});
    expect(document.title).toBe('Page Not Found · Home Seller Analyzer');
  });
});
