import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import type { AuthUser } from '@hsa/contracts';
import { demoStorageKeys, requestToast } from '@hsa/ui-kit';
import { installJsdomShims, jsonResponse } from '@hsa/ui-kit/testing';
import { createShellQueryClient } from '../src/app/queryClient';
import { routes } from '../src/app/router';

/**
 * The remotes are separate builds: here each one is a stand-in that names the module the shell asked
 * for, so these tests check the shell's routing and frame. A module named in `failingRemotes` fails.
 */
const failingRemotes = new Set<string>();
/** Like the real registry: one promise per module, a failed one kept until a retry. */
const loaded = new Map<string, Promise<() => ReactNode>>();
vi.mock('../src/remotes/remoteRegistry', () => {
  function RemoteStandIn({ name }: { name: string }) {
    const location = useLocation();
    return (
      <p data-testid="remote">
        {name} at {location.pathname}
        {location.search}
      </p>
    );
  }
  const load = (remote: string, exposed: string) => {
    const name = `${remote}/${exposed.replace(/^\.\//, '')}`;
    let promise = loaded.get(name);
    if (!promise) {
      promise = failingRemotes.has(name) ? Promise.reject(new Error(`${name} is unavailable`)) : Promise.resolve(() => <RemoteStandIn name={name} />);
      loaded.set(name, promise);
      promise.catch(() => {});
    }
    return promise;
  };
  const retry = (remote: string, exposed: string) => loaded.delete(`${remote}/${exposed.replace(/^\.\//, '')}`);
  return { loadRemoteComponent: load, retryRemoteComponent: retry, prefetchRemoteComponent: () => {}, ensureRemotesRegistered: async () => ({}) };
});

beforeAll(installJsdomShims);
afterEach(() => {
  failingRemotes.clear();
  loaded.clear();
  sessionStorage.clear();
  localStorage.clear();
});
const user: AuthUser = { id: 'u1', email: 'jordan@example.com', firstName: 'Jordan', lastName: 'Rivera', profileImageUrl: null };

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
  it('shows the landing page (the wizard remote, without antd) with Sign In to anonymous visitors', async () => {
    stubGateway({ signedIn: false });
    renderAt('/');
    expect((await screen.findByTestId('remote')).textContent).toBe('wizard/LandingPage at /');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'My Properties' })).toBeNull();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(document.querySelector('.ant-app, [class*="ant-"]')).toBeNull();
  });

  it.each(['/?demo=true', '/?propertyId=demo&step=2'])('gives anonymous visitors of %s the demo wizard and Sign In to Save', async (path) => {
    stubGateway({ signedIn: false });
    renderAt(path);
    expect((await screen.findByTestId('remote', undefined, { timeout: 5000 })).textContent).toBe(`wizard/WizardPage at ${path}`);
    expect(screen.getByRole('button', { name: 'Sign In to Save' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
  });

  it("'Sign In to Save' keeps the demo property's address and signs in, returning to the wizard", async () => {
    stubGateway({ signedIn: false });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    sessionStorage.setItem(
      demoStorageKeys.demoProperty,
      JSON.stringify({
        property: { id: 'demo-property', userId: 'demo', address: '3526 High St, Sacramento, CA 95838', city: 'Sacramento', state: 'CA' },
        storedAt: new Date().toISOString(),
        isDemo: true,
      }),
    );
    renderAt('/?demo=true&step=2');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign In to Save' }));
    expect(assign).toHaveBeenCalledWith(`/api/login?returnTo=${encodeURIComponent('/?fromLogin=true')}`);
    expect(JSON.parse(localStorage.getItem(demoStorageKeys.pendingAddress)!)).toEqual({
      address: '3526 High St, Sacramento, CA 95838',
      city: 'Sacramento',
      state: 'CA',
    });
  });

  it('gives signed-in users My Properties and an account menu with Sign Out', async () => {
    stubGateway({ signedIn: true });
    const router = renderAt('/save-property');
    expect((await screen.findByTestId('remote', undefined, { timeout: 5000 })).textContent).toBe('wizard/SavePropertyPage at /save-property');

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

  it.each([
    ['/?propertyId=7d1c1f44-2c55-4a8e-9a4f-1f4f5b1b2c3d&step=2', 'wizard/WizardPage'],
    ['/?fromLogin=true', 'wizard/WizardPage'],
    ['/?address=3526%20High%20St', 'wizard/WizardPage'],
    ['/add-property', 'wizard/WizardPage'],
    ['/save-property', 'wizard/SavePropertyPage'],
    ['/', 'dashboard/DashboardPage'],
    ['/dashboard', 'dashboard/DashboardPage'],
  ])('signed in, %s loads %s', async (path, module) => {
    stubGateway({ signedIn: true });
    renderAt(path);
    expect((await screen.findByTestId('remote', undefined, { timeout: 5000 })).textContent).toBe(`${module} at ${path}`);
  });

  it('follows a pending address after a sign-in that came back to the home page, and forgets it', async () => {
    stubGateway({ signedIn: true });
    localStorage.setItem(demoStorageKeys.pendingAddress, JSON.stringify({ address: '2796 Branch St', city: 'Sacramento', state: 'CA' }));
    const router = renderAt('/');
    const target = '/?address=2796%20Branch%20St%2C%20Sacramento%2C%20CA';
    expect((await screen.findByTestId('remote', undefined, { timeout: 5000 })).textContent).toBe(`wizard/WizardPage at ${target}`);
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(target);
    expect(localStorage.getItem(demoStorageKeys.pendingAddress)).toBeNull();
  });

  it('shows toasts that antd-free pages ask for, loading antd first', async () => {
    stubGateway({ signedIn: false });
    renderAt('/');
    const page = await screen.findByTestId('remote');
    act(() => requestToast('error', 'Address Required', 'Please enter a property address to analyze.'));
    expect(await screen.findByText('Please enter a property address to analyze.', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Address Required')).toBeTruthy();
    // The page stayed where it was while antd loaded (not remounted: what was typed in it is kept).
    expect(screen.getByTestId('remote')).toBe(page);
  });

  it('keeps the page on screen, not a blank spinner, while the next page and antd load', async () => {
    stubGateway({ signedIn: false });
    let deliver: (page: () => ReactNode) => void = () => {};
    loaded.set('wizard/WizardPage', new Promise((resolve) => (deliver = resolve)));
    const router = renderAt('/');
    const landing = await screen.findByTestId('remote');
    await act(async () => {
      void router.navigate('/?demo=true&step=2');
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    expect(screen.getByTestId('remote')).toBe(landing);
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => deliver(() => <p data-testid="remote">the wizard</p>));
    expect((await screen.findByText('the wizard', undefined, { timeout: 5000 })).textContent).toBe('the wizard');
  });

  it('shows a friendly error when a remote cannot be loaded', async () => {
    stubGateway({ signedIn: true });
    failingRemotes.add('dashboard/DashboardPage');
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
