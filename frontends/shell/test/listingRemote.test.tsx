import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import type { AuthUser } from '@hsa/contracts';
import { installJsdomShims, jsonResponse } from '@hsa/ui-kit/testing';
import { createShellQueryClient } from '../src/app/queryClient';
import { routes } from '../src/app/router';

/** The listing remote is a separate build: a stand-in names the module the shell asked for. */
vi.mock('../src/remotes/remoteRegistry', () => {
  function RemoteStandIn({ name }: { name: string }) {
    const location = useLocation();
    return <p data-testid="remote">{`${name} at ${location.pathname}${location.search}`}</p>;
  }
  const load = async (remote: string, exposed: string) => {
    const name = `${remote}/${exposed.replace(/^\.\//, '')}`;
    return () => <RemoteStandIn name={name} />;
  };
  return { loadRemoteComponent: load, prefetchRemoteComponent: () => {}, ensureRemotesRegistered: async () => ({}) };
});

beforeAll(installJsdomShims);
afterEach(() => {
  // Each test sees only the title its own page sets.
  document.title = '';
});
const user: AuthUser = { id: 'u1', email: 'jordan@example.com', firstName: 'Jordan', lastName: 'Rivera', profileImageUrl: null };

function stubGateway(signedIn: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) =>
      String(input) === '/api/auth/user' && signedIn ? jsonResponse(200, user) : jsonResponse(401, { message: 'Unauthorized' }),
    ),
  );
}

function renderAt(path: string) {
  render(
    <QueryClientProvider client={createShellQueryClient()}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </QueryClientProvider>,
  );
}

describe('the listing remote in the shell', () => {
  it.each([
    ['/recommendations?propertyId=p1', 'listing/RecommendationsPage', 'Recommendations · Home Seller Analyzer'],
    ['/listing?propertyId=p1', 'listing/ListingPage', 'Listing Description · Home Seller Analyzer'],
  ])('signed in, %s loads %s', async (path, module, title) => {
    stubGateway(true);
    renderAt(path);
    expect((await screen.findByTestId('remote', undefined, { timeout: 5000 })).textContent).toBe(`${module} at ${path}`);
    // The page sets its title in an effect, which may run after the remote is on screen.
    await waitFor(() => expect(document.title).toBe(title));
  });

  it.each([
    ['/recommendations?propertyId=p1', 'Sign in to see recommendations'],
    ['/listing?propertyId=p1', 'Sign in to write a listing'],
  ])('signed out, %s asks to sign in and come back', async (path, heading) => {
    stubGateway(false);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: path.split('?')[0], search: `?${path.split('?')[1]}` });
    renderAt(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.queryByTestId('remote')).toBeNull();
    screen.getAllByRole('button', { name: 'Sign In' }).at(-1)!.click();
    expect(assign).toHaveBeenCalledWith(`/api/login?returnTo=${encodeURIComponent(path)}`);
  });
});
