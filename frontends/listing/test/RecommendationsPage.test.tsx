import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Recommendation } from '@hsa/contracts';
import { recommendationPageMessages } from '@hsa/ui-kit';
import { installJsdomShims, jsonResponse } from '@hsa/ui-kit/testing';
import RecommendationsPage from '../src/pages/RecommendationsPage';
import { deferred, renderAt, stubGateway } from './support';

beforeAll(installJsdomShims);
const recommendations: Recommendation[] = [
  { id: 'garage-door-replacement', title: 'Garage door replacement', category: 'Curb Appeal', description: 'Replace the garage door.', priority: 'high', estimatedCost: 4670, estimatedValueIncrease: 15_710, roi: (15_710 - 4670) / 4670, source: 'Cost vs. Value 2025, national; adapted to this home' },
  { id: 'window-replacement-vinyl', title: 'Window replacement (vinyl)', category: 'Windows & Doors', description: 'Replace the windows.', priority: 'medium', estimatedCost: 20_420, estimatedValueIncrease: 20_930, roi: (20_930 - 20_420) / 20_420, source: 'Cost vs. Value 2025, national; adapted to this home' },
];

const open = () => renderAt('/recommendations?propertyId=p1', <RecommendationsPage />);

describe('Recommendations page', () => {
  it('prompts to generate, rotates twelve messages every 3 s while generating, then shows the grid', async () => {
    const answer = deferred<Response>();
    const fetchMock = stubGateway({
      'GET /api/properties/p1/recommendations': () => jsonResponse(200, []),
      'POST /api/properties/p1/recommendations': () => answer.promise,
    });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: '2418 Capitol Ave' })).toBeTruthy();
    expect((await screen.findByTestId('potential-value-increase')).textContent).toBe('$0');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Generate Recommendations' }));
    const status = () => within(screen.getByTestId('generating')).getByRole('status').textContent;
    expect(recommendationPageMessages).toHaveLength(12);
    await waitFor(() => expect(status()).toBe(recommendationPageMessages[0]));
    act(() => vi.advanceTimersByTime(3000));
    expect(status()).toBe(recommendationPageMessages[1]);
    act(() => vi.advanceTimersByTime(3000 * 11));
    expect(status()).toBe(recommendationPageMessages[0]);

    answer.resolve(jsonResponse(200, recommendations));
    expect(await screen.findByText('Recommendations Generated')).toBeTruthy();
    expect(await screen.findAllByTestId('recommendation-card')).toHaveLength(2);
    expect(screen.getByRole('button', { name: /Regenerate/ })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/properties/p1/recommendations', expect.objectContaining({ method: 'POST', credentials: 'include' }));

    // Selecting updates the summary.
    fireEvent.click(screen.getAllByRole('checkbox')[0]!);
    expect(screen.getByTestId('selected-count').textContent).toBe('1');
    expect(screen.getByTestId('net-profit').textContent).toBe('$11,040');
    expect(screen.getByTestId('overall-roi').textContent).toBe('236%');
  });

  it('shows stored recommendations and their potential value increase', async () => {
    stubGateway({ 'GET /api/properties/p1/recommendations': () => jsonResponse(200, recommendations) });
    open();
    expect(await screen.findAllByTestId('recommendation-card')).toHaveLength(2);
    await waitFor(() => expect(screen.getByTestId('potential-value-increase').textContent).toBe('$36,640'));
    expect(screen.queryByRole('button', { name: 'Generate Recommendations' })).toBeNull();
  });

  it('says recommendations written for an earlier estimate may be out of date, and regenerates them', async () => {
    const written = (basedOnEstimate: number | null) => recommendations.map((r) => ({ ...r, basedOnEstimate }));
    const fetchMock = stubGateway({
      'GET /api/properties/p1/recommendations': () => jsonResponse(200, written(150_000)),
      'POST /api/properties/p1/recommendations': () => jsonResponse(200, written(512_000)),
    });
    open();
    const notice = await screen.findByTestId('outdated-notice');
    expect(notice.textContent).toContain('They were written for an estimate of $150,000. The home\'s estimate is now $512,000');
    fireEvent.click(within(notice).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(screen.queryByTestId('outdated-notice')).toBeNull());
    expect(fetchMock).toHaveBeenCalledWith('/api/properties/p1/recommendations', expect.objectContaining({ method: 'POST' }));
  });

  it('shows no such notice for recommendations written for the current estimate', async () => {
    stubGateway({ 'GET /api/properties/p1/recommendations': () => jsonResponse(200, recommendations.map((r) => ({ ...r, basedOnEstimate: 512_000 }))) });
    open();
    expect(await screen.findAllByTestId('recommendation-card')).toHaveLength(2);
    expect(screen.queryByTestId('outdated-notice')).toBeNull();
  });

  it("says 'Failed to generate recommendations' when generation fails, and keeps the prompt", async () => {
    stubGateway({
      'GET /api/properties/p1/recommendations': () => jsonResponse(200, []),
      'POST /api/properties/p1/recommendations': () => jsonResponse(503, { message: 'Service unavailable' }),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Generate Recommendations' }));
    expect(await screen.findByText('Failed to generate recommendations. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate Recommendations' })).toBeTruthy();
  });

  it("answers a property it cannot load with 'Failed to load property' and Go Home", async () => {
    stubGateway({ 'GET /api/properties/p1': () => jsonResponse(404, { message: 'Property not found' }) });
    open();
    expect(await screen.findByText('Failed to load property')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(screen.getByTestId('location').textContent).toBe('/');
  });
});
