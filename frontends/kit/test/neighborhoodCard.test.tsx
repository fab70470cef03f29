import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { NeighborhoodInsights } from '@hsa/contracts';
import { NeighborhoodInsightsCard, createQueryClient, neighborhoodMessages } from '../src';
import { TestProviders, installJsdomShims, jsonResponse } from '../src/testing';

beforeAll(installJsdomShims);
const breakdown = (score: number | null, reason: string | null = null) => ({
  score,
  points: score === null ? 0 : 3.9,
  maxPoints: score === null ? 0 : 7,
  categories: [
    {
      id: 'grocery',
      label: 'Grocery stores',
      weight: 3,
      counted: score === null ? [] : [{ name: 'Food Source #7', distanceMiles: 0.68, weight: 3, decay: 0.426, points: 1.278 }],
      points: score === null ? 0 : 1.278,
      included: score !== null,
      note: score === null ? reason : null,
    },
  ],
  reason,
});

const school = {
  name: 'Grant Union High',
  kind: 'school' as const,
  distanceMiles: 0.32,
  coordinates: { latitude: 38.636485, longitude: -121.43391 },
  detail: 'High school, grades 9-12 · Twin Rivers Unified · open in May 2008',
  level: 'High',
  grades: '9-12',
  source: 'California Department of Education school directory (2018)',
};

const insights: NeighborhoodInsights = {
  familyFriendly: { score: null, description: 'No school or park data is given for this home.', nearbySchools: [], parks: [] },
  walkability: {
    score: 7.5,
    description: 'The nearest grocery store is Food Source #7, 0.68 mi away.',
    nearbyAmenities: [{ ...school, kind: 'grocery', name: 'Food Source #7', distanceMiles: 0.68, detail: 'Grocery store (WIC vendor)', level: null, grades: null, source: 'California WIC vendor list (about 2019)' }],
  },
  dining: { score: null, description: 'No restaurant data exists for this area.', restaurants: [], diversity: 'No data available' },
  lifestyle: { description: 'Mostly single-family homes.', keyFeatures: ['Typical nearby home: 3 bedrooms, 1,400 sq ft'], buyerProfile: 'Suited to buyers looking for a 3-bedroom home.' },
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
  area: {
    covered: true,
    note: 'The neighborhood data covers the Sacramento region.',
    neighborhood: { name: 'South Hagginwood', source: 'City of Sacramento neighborhoods (2013)' },
    tract: {
      fips: '06067006600',
      name: 'Census tract 66, Sacramento County',
      medianHouseValue2000: 74_600,
      medianHouseValueToday: 214_000,
      priceIndexName: 'FHFA HPI',
      valueDate: '2026-11-22',
      source: 'US Census (2000)',
    },
  },
  scoring: {
    method: { summary: 'Each score counts the nearest places.', formula: 'score = 10 × Σ points ÷ Σ weight', decay: 'decay(d) = 1 for d ≤ 0.25 mi', fullPointsMiles: 0.25, zeroPointsMiles: 1.5 },
    familyFriendly: breakdown(null, 'Place data is unavailable right now.'),
    walkability: breakdown(7.5),
    dining: breakdown(null, 'No restaurant data exists for this area.'),
  },
  sources: [{ id: 'cde-schools', name: 'Public schools: California Department of Education school directory', year: '2018', credit: 'California Department of Education.' }],
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

  it('shows the tabs, n/10 scores and plainly "No data" and why where there is none', async () => {
    const fetchMock = vi.fn(async (url: string) => (url === '/api/properties/p1/neighborhood' ? jsonResponse(200, insights) : jsonResponse(404, {})));
    vi.stubGlobal('fetch', fetchMock);
    show({ propertyId: 'p1' });
    expect(await screen.findByRole('tab', { name: 'Overview' })).toBeTruthy();
    for (const name of ['Family Life', 'Lifestyle', 'Market']) expect(screen.getByRole('tab', { name })).toBeTruthy();
    expect(screen.getByLabelText('Walkability: 7.5 out of 10').textContent).toBe('7.5/10');
    expect(screen.getAllByText('No data')).toHaveLength(2);
    expect(screen.getByText('Not scored: No restaurant data exists for this area.')).toBeTruthy();
    expect(screen.queryByText('0/10')).toBeNull();
    expect(screen.getByTestId('neighborhood-area').textContent).toBe(
      'Neighborhood: South Hagginwood (City of Sacramento neighborhoods (2013)) · Census tract 66, Sacramento County (US Census (2000))',
    );

    fireEvent.click(screen.getByRole('tab', { name: 'Family Life' }));
    expect(await screen.findByText('No school data available.')).toBeTruthy();
    expect(screen.getByText('No park data available.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Lifestyle' }));
    const amenity = within(await screen.findByRole('list', { name: 'Nearby amenities' })).getByTestId('nearby-place');
    expect(amenity.textContent).toBe('Food Source #70.68 miGrocery store (WIC vendor) · Source: California WIC vendor list (about 2019)');
    fireEvent.click(screen.getByRole('tab', { name: 'Market' }));
    expect(await screen.findByText('$245,000')).toBeTruthy();
    expect(screen.getByText('+91.8%')).toBeTruthy();
    expect(screen.getByText('Tract median house value, 2000 census')).toBeTruthy();
    expect(screen.getByText('$74,600')).toBeTruthy();
    expect(screen.getByText('Same, at 2026-11-22 prices (price index)')).toBeTruthy();
    const credits = screen.getByRole('region', { name: 'Data sources' });
    expect(credits.textContent).toContain('Public schools: California Department of Education school directory (2018). California Department of Education.');
    expect(credits.textContent).toContain('Market figures: Sample market data: Sacramento, CA sales, May 2008');
  });

  it('explains the scoring on request: the method, the formula and this home\'s inputs', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, insights)));
    show({ propertyId: 'p1' });
    const explanation = await screen.findByTestId('scoring-explanation');
    expect(explanation.tagName).toBe('DETAILS');
    expect((explanation as HTMLDetailsElement).open).toBe(false);
    fireEvent.click(within(explanation).getByText('How is this scored?'));
    expect((explanation as HTMLDetailsElement).open).toBe(true);
    expect(explanation.textContent).toContain('score = 10 × Σ points ÷ Σ weight');
    expect(explanation.textContent).toContain('Walkability: 7.5/10 = 10 × 3.9 ÷ 7');
    expect(explanation.textContent).toContain('Food Source #7: 0.68 mi, 3 × 0.43');
    expect(explanation.textContent).toContain('Left out: No restaurant data exists for this area.');
  });

  it("shows the spec's message when the insights cannot be loaded", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(409, { message: 'Property coordinates are required for neighborhood insights' })));
    show({ propertyId: 'p1' });
    expect(await screen.findByText('Unable to load neighborhood insights. Property coordinates may be required.')).toBeTruthy();
  });

  it("in demo mode shows shapes only behind 'Login to View Neighborhood Analysis' and asks for nothing", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, insights));
    vi.stubGlobal('fetch', fetchMock);
    const onLogin = vi.fn();
    show({ propertyId: 'demo-property', demo: true, onLogin });
    fireEvent.click(screen.getByRole('button', { name: 'Login to View Neighborhood Analysis' }));
    expect(onLogin).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
    expect(screen.queryByRole('tab')).toBeNull();
    const preview = screen.getByTestId('neighborhood-preview');
    expect(preview.textContent).toBe('');
    expect(screen.getByTestId('neighborhood-card').textContent).toBe('Neighborhood InsightsLogin to View Neighborhood Analysis');
  });
});
