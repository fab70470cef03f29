import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { AuthUser, Property, Recommendation } from '@hsa/contracts';
import { createQueryClient } from '@hsa/ui-kit';
import { TestProviders, installJsdomShims, jsonResponse } from '@hsa/ui-kit/testing';
import WizardPage from '../src/pages/WizardPage';

beforeAll(installJsdomShims);
const user: AuthUser = { id: 'u1', email: 'jordan@example.com', firstName: 'Jordan', lastName: 'Rivera', profileImageUrl: null };
const saved: Property = {
  id: '7d1c1f44-2c55-4a8e-9a4f-1f4f5b1b2c3d',
  userId: 'u1',
  address: '51 Omaha Ct, Sacramento, CA 95823',
  city: 'Sacramento',
  state: 'CA',
  zipCode: '95823',
  bedrooms: 3,
  bathrooms: 1,
  squareFootage: 1167,
  yearBuilt: null,
  propertyType: 'single_family',
  additionalInfo: null,
  estimatedValue: 255_908,
  estimatedValueLow: 184_622,
  estimatedValueHigh: 367_956,
  lotSize: null,
  coordinates: { latitude: 38.478902, longitude: -121.431028 },
  placeId: 'open-data:b147',
  createdAt: '2026-03-05T12:00:00.000Z',
  updatedAt: '2026-03-05T12:00:00.000Z',
  archived: false,
  archivedAt: null,
};
const generated: Recommendation[] = [
  {
    id: 'r1',
    title: 'Entry door replacement (steel)',
    category: 'Curb appeal',
    description: 'Replace the front entry door with a new steel door.',
    priority: 'high',
    estimatedCost: 2_440,
    estimatedValueIncrease: 2_640,
    roi: 0.08,
    source: 'Cost vs. Value 2025, national',
  },
];

/** A fake gateway behind fetch; the recommendations list is empty until POSTed. */
function stubGateway() {
  let stored: Recommendation[] = [];
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      const base = `/api/properties/${saved.id}`;
      if (url === '/api/auth/user') return jsonResponse(200, user);
      if (url === base) return jsonResponse(200, saved);
      if (url.includes('/comparables')) return jsonResponse(200, []);
      if (url === `${base}/recommendations` && method === 'POST') {
        stored = generated;
        return jsonResponse(200, stored);
      }
      if (url === `${base}/recommendations`) return jsonResponse(200, stored);
      return jsonResponse(404, { message: 'Not found' });
    }),
  );
  return calls;
}

const location = () => screen.getByTestId('location').textContent;

describe('the AI steps of a saved property', () => {
  it('step 2 generates the recommendations, then the wizard goes to step 3 with them', async () => {
    const calls = stubGateway();
    render(
      <TestProviders queryClient={createQueryClient()} path={`/?propertyId=${saved.id}&step=2`}>
        <WizardPage />
      </TestProviders>,
    );
    const nav = await screen.findByRole('navigation', { name: 'Property sections' }, { timeout: 10_000 });
    expect(nav.querySelector('a[href$="step=3"]')?.textContent).toBe('Recommendations');
    expect(nav.querySelector('a[href$="step=4"]')?.textContent).toBe('Listing');

    // The button waits for GET …/recommendations (none yet) before it offers to generate them.
    // Steps load their widgets lazily: on a loaded machine that takes longer than the library's 1 s default.
    const slow = { timeout: 10_000 };
    const generate = await vi.waitFor(() => {
      const button = screen.getByRole('button', { name: /Get Recommendations$/ });
      expect(button.classList.contains('ant-btn-loading')).toBe(false);
      return button;
    }, slow);
    act(() => generate.click());
    expect(await screen.findByText('Analysis Complete', {}, slow)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/recommendations'))).toHaveLength(1);
    await vi.waitFor(() => expect(location()).toBe(`/?propertyId=${saved.id}&step=3`), slow);
    expect(await screen.findByText('Entry door replacement (steel)', {}, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue to Listing' })).toBeTruthy();
  });
});
