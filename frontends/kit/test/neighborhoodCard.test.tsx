import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NeighborhoodInsights } from '@hsa/contracts';
import { NeighborhoodInsightsCard, createQueryClient, neighborhoodMessages } from '../src';
import { TestProviders, installJsdomShims, jsonResponse } from '../src/testing';

beforeAll(installJsdomShims);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const insights: NeighborhoodInsights = {
  familyFriendly: { score: null, description: 'No school or park data is available for this location yet.', nearbySchools: [], parks: [] },
  walkability: { score: 7.5, description: 'Shops within a short walk.', nearbyAmenities: ['Grocery store'] },
  dining: { score: null, description: 'No restaurant data is available for this location yet.', restaurants: [], diversity: 'No data available' },
  lifestyle: { description: 'Mostly single-family homes.', keyFeatures: ['Typical nearby home: 3 bedrooms, 1,400 sq ft'], buyerProfile: 'Buyers of 3-bedroom homes.' },
  marketContext: { description: '12 recorded sales had a median price of $245,000.', valueDrivers: ['Median $162 per square foot'] },
  marketStats: {
    salesCount: 12,
    medianSalePrice: 245_000,
    medianPricePerSqft: 162,
    medianTimeAdjustedPrice: 470_000,
    medianTimeAdjustedPricePerSqft: 310,
    radiusMiles: 1.4,
    earliestSaleDate: '2008-05-15',
    latestSaleDate: '2008-05-21',
    priceIndexChangePercent: 91.8,
    priceIndexName: 'FHFA HPI',
    valueDate: '2026-11-22',
    dataSource: 'Sample market data: Sacramento, CA sales, May 2008',
  },
  narrativeEngine: 'embedded',
  generatedAt: '2026-11-22T10:00:00Z',
  notes: [],
};

function show(props: Parameters<typeof NeighborhoodInsightsCard>[0]) {
  render(
    <TestProviders queryClient={createQueryClient()}>
      <NeighborhoodInsightsCard {...props} />
    </TestProviders>,
  );
}

describe('NeighborhoodInsightsCard', () => {
  it('rotates ten playful messages every 2 seconds while loading', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    show({ propertyId: 'p1' });
    const status = () => within(screen.getByTestId('neighborhood-loading')).getByRole('status').textContent;
    expect(neighborhoodMessages).toHaveLength(10);
    expect(status()).toBe(neighborhoodMessages[0]);
    act(() => vi.advanceTimersByTime(1999));
    expect(status()).toBe(neighborhoodMessages[0]);
    act(() => vi.advanceTimersByTime(1));
    expect(status()).toBe(neighborhoodMessages[1]);
    act(() => vi.advanceTimersByTime(2000 * 9));
    expect(status()).toBe(neighborhoodMessages[0]); // back to the first after all ten
  });

  it('shows the tabs, n/10 scores and plainly "No data" where there is none', async () => {
    const fetchMock = vi.fn(async (url: string) => (url === '/api/properties/p1/neighborhood' ? jsonResponse(200, insights) : jsonResponse(404, {})));
    vi.stubGlobal('fetch', fetchMock);
    show({ propertyId: 'p1' });
    expect(await screen.findByRole('tab', { name: 'Overview' })).toBeTruthy();
    for (const name of ['Family Life', 'Lifestyle', 'Market']) expect(screen.getByRole('tab', { name })).toBeTruthy();
    expect(screen.getByLabelText('Walkability: 7.5 out of 10').textContent).toBe('7.5/10');
    expect(screen.getAllByText('No data')).toHaveLength(2);
    expect(screen.queryByText('0/10')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Family Life' }));
    expect(await screen.findByText('No school data available.')).toBeTruthy();
    expect(screen.getByText('No park data available.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Market' }));
    expect(await screen.findByText('$245,000')).toBeTruthy();
    expect(screen.getByText('+91.8%')).toBeTruthy();
    expect(screen.getByText('Source: Sample market data: Sacramento, CA sales, May 2008')).toBeTruthy();
  });

  it("shows the spec's message when the insights cannot be loaded", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(409, { message: 'Property coordinates are required for neighborhood insights' })));
    show({ propertyId: 'p1' });
    expect(await screen.findByText('Unable to load neighborhood insights. Property coordinates may be required.')).toBeTruthy();
  });

  it("in demo mode is blurred behind 'Login to View Neighborhood Analysis' and asks for nothing", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, insights));
    vi.stubGlobal('fetch', fetchMock);
    const onLogin = vi.fn();
    show({ propertyId: 'demo-property', demo: true, onLogin });
    fireEvent.click(screen.getByRole('button', { name: 'Login to View Neighborhood Analysis' }));
    expect(onLogin).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
