import { beforeAll, describe, expect, it, vi } from 'vitest';
import { property } from './fixtures';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AuthUser, Property } from '@hsa/contracts';
import { createQueryClient } from '@hsa/ui-kit';
import { TestProviders, installJsdomShims, jsonResponse } from '@hsa/ui-kit/testing';
import DashboardPage from '../src/pages/DashboardPage';

beforeAll(installJsdomShims);
const user: AuthUser = { id: 'u1', email: 'jordan@example.com', firstName: 'Jordan', lastName: 'Rivera', profileImageUrl: null };


const capitol = property({ id: 'p-capitol', address: '2418 Capitol Ave, Sacramento, CA 95816, USA' });
const riverside = property({
  id: 'p-riverside',
  address: '77 Riverside Dr, West Sacramento, CA 95691',
  city: 'West Sacramento',
  zipCode: '95691',
  bedrooms: 1,
  bathrooms: 1.5,
  squareFootage: 980,
  propertyType: 'condo',
  estimatedValue: null,
});
const folsom = property({ id: 'p-folsom', address: '3301 Folsom Blvd, Sacramento, CA 95816', archived: true });

interface Backend {
  signedIn?: boolean;
  active?: Property[];
  archived?: Property[];
  respond?: (url: string, init?: RequestInit) => Response | undefined;
}

/** A fake gateway behind fetch, the only thing stubbed: everything else is the real page. */
function stubGateway({ signedIn = true, active = [capitol, riverside], archived = [folsom], respond }: Backend) {
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const answer = respond?.(url, init);
    if (answer) return answer;
    if (url === '/api/auth/user') return signedIn ? jsonResponse(200, user) : jsonResponse(401, { message: 'Unauthorized' });
    if (url === '/api/user/properties/active') return jsonResponse(200, active);
    if (url === '/api/user/properties/archived') return jsonResponse(200, archived);
    return jsonResponse(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderDashboard() {
  render(
    <TestProviders queryClient={createQueryClient()} path="/dashboard">
      <DashboardPage />
    </TestProviders>,
  );
}

const cards = () => screen.getAllByTestId('property-card');
const location = () => screen.getByTestId('location').textContent;

describe('DashboardPage', () => {
  it('welcomes the user by first name with tabs counting active and archived properties', async () => {
    stubGateway({});
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Jordan' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Active Properties (2)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Archived (1)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add New Property' }));
    expect(location()).toBe('/add-property');
  });

  it('shows every field of a property card', async () => {
    stubGateway({});
    renderDashboard();
    const item = await screen.findByRole('listitem', { name: /2418 Capitol Ave/ });
    const card = within(item).getByTestId('property-card');
    expect(within(card).getByRole('heading', { name: '2418 Capitol Ave' })).toBeTruthy();
    for (const text of ['Single Family', '$612,000', 'Sacramento, CA 95816', '3 beds', '2 baths', '1,840 sq ft', 'Added Mar 5, 2026']) {
      expect(within(card).getByText(text, { exact: false })).toBeTruthy();
    }
    for (const name of ['Analysis', 'Recommendations', 'Listing', 'Archive']) {
      expect(within(card).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(card).queryByRole('button', { name: 'Restore' })).toBeNull();

    const condo = within(screen.getByRole('listitem', { name: /77 Riverside Dr/ }));
    for (const text of ['Condo', 'Not estimated', 'West Sacramento, CA 95691', '1 bed', '1.5 baths', '980 sq ft']) {
      expect(condo.getByText(text, { exact: false })).toBeTruthy();
    }
    expect(cards()).toHaveLength(2);
  });

  it.each([
    ['Analysis', '/?propertyId=p-capitol&step=2'],
    ['Recommendations', '/recommendations?propertyId=p-capitol'],
    ['Listing', '/listing?propertyId=p-capitol'],
  ])('%s opens %s', async (button, path) => {
    stubGateway({});
    renderDashboard();
    const card = within(await screen.findByRole('listitem', { name: /2418 Capitol Ave/ }));
    fireEvent.click(card.getByRole('button', { name: button }));
    expect(location()).toBe(path);
  });

  it("archives a property with the 'Property Archived' toast and re-fetches the lists", async () => {
    let archivedCapitol = false;
    const fetchMock = stubGateway({
      respond: (url, init) => {
        if (url === '/api/properties/p-capitol/archive' && init?.method === 'PATCH') {
          archivedCapitol = true;
          return jsonResponse(200, { ...capitol, archived: true });
        }
        if (url === '/api/user/properties/active' && archivedCapitol) return jsonResponse(200, [riverside]);
        if (url === '/api/user/properties/archived' && archivedCapitol) return jsonResponse(200, [capitol, folsom]);
        return undefined;
      },
    });
    renderDashboard();
    const card = within(await screen.findByRole('listitem', { name: /2418 Capitol Ave/ }));
    fireEvent.click(card.getByRole('button', { name: 'Archive' }));

    expect(await screen.findByText('Property Archived')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Active Properties (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Archived (2)' })).toBeTruthy();
    const patch = fetchMock.mock.calls.find(([url]) => url === '/api/properties/p-capitol/archive')!;
    expect(patch[1]).toMatchObject({ method: 'PATCH', credentials: 'include' });
  });

  it("says 'Failed to archive property. Please try again.' when archiving fails", async () => {
    stubGateway({ respond: (url) => (url.endsWith('/archive') ? jsonResponse(500, { message: 'boom' }) : undefined) });
    renderDashboard();
    const card = within(await screen.findByRole('listitem', { name: /2418 Capitol Ave/ }));
    fireEvent.click(card.getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Failed to archive property. Please try again.')).toBeTruthy();
  });

  it("restores an archived property with the 'Property Restored' toast, or says it failed", async () => {
    let failNext = true;
    stubGateway({
      respond: (url, init) => {
        if (url !== '/api/properties/p-folsom/unarchive' || init?.method !== 'PATCH') return undefined;
        if (failNext) {
          failNext = false;
          return jsonResponse(503, { message: 'unavailable' });
        }
        return jsonResponse(200, { ...folsom, archived: false });
      },
    });
    renderDashboard();
    fireEvent.click(await screen.findByRole('tab', { name: 'Archived (1)' }));
    const card = within(await screen.findByRole('listitem', { name: /3301 Folsom Blvd/ }));
    expect(card.queryByRole('button', { name: 'Archive' })).toBeNull();

    fireEvent.click(card.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Failed to restore property. Please try again.')).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Property Restored')).toBeTruthy();
  });

  it('shows both empty states, with a button to add the first property', async () => {
    stubGateway({ active: [], archived: [] });
    renderDashboard();
    expect(await screen.findByText('No active properties yet')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Active Properties (0)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Archived (0)' }));
    expect(await screen.findByText('No archived properties')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Active Properties (0)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Your First Property' }));
    expect(location()).toBe('/add-property');
  });

  it('retries a failing list but never a 401', async () => {
    let activeCalls = 0;
    let archivedCalls = 0;
    stubGateway({
      respond: (url) => {
        if (url === '/api/user/properties/active') {
          activeCalls += 1;
          return activeCalls === 1 ? jsonResponse(503, { message: 'busy' }) : undefined;
        }
        if (url === '/api/user/properties/archived') {
          archivedCalls += 1;
          return jsonResponse(401, { message: 'Unauthorized' });
        }
        return undefined;
      },
    });
    renderDashboard();
    expect(await screen.findByRole('tab', { name: 'Active Properties (2)' }, { timeout: 5000 })).toBeTruthy();
    expect(activeCalls).toBe(2);
    expect(archivedCalls).toBe(1);
  });

  it('tells a signed-out visitor they are logged out (and sends them to sign in)', async () => {
    const fetchMock = stubGateway({ signedIn: false });
    renderDashboard();
    expect(await screen.findByText('You are logged out')).toBeTruthy();
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/user')).toBe(true));
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/user/properties'))).toBe(false);
    cleanup(); // before the redirect timer fires: jsdom cannot navigate
  });
});
