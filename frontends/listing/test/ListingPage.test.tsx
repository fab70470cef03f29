import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Listing } from '@hsa/contracts';
import { listingMessages } from '@hsa/ui-kit';
import { installJsdomShims, jsonResponse } from '@hsa/ui-kit/testing';
import ListingPage from '../src/pages/ListingPage';
import { deferred, renderAt, stubGateway } from './support';

beforeAll(installJsdomShims);
const listing: Listing = {
  description: 'Welcome to 2418 Capitol Ave, a single-family home in Sacramento, CA with 3 bedrooms and 2.5 bathrooms.',
  keySellingPoints: ['3 bedrooms, 2.5 bathrooms', '1,850 sq ft of living space', 'Built in 1978'],
  engine: 'embedded',
  generatedAt: '2026-11-22T10:00:00Z',
  editedAt: null,
  sourceNote: null,
  // Written for the property's estimate (support.tsx): not outdated.
  basedOnEstimate: 512_000,
};

const open = () => renderAt('/listing?propertyId=p1', <ListingPage />);

describe('Listing page', () => {
  it('prompts when there is no listing (404), rotates twelve messages every 3 s, then shows it', async () => {
    const answer = deferred<Response>();
    stubGateway({
      'GET /api/properties/p1/listing': () => jsonResponse(404, { message: 'No listing yet' }),
      'POST /api/properties/p1/listing': () => answer.promise,
    });
    open();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Generate Listing' }));
    const status = () => within(screen.getByTestId('generating')).getByRole('status').textContent;
    expect(listingMessages).toHaveLength(12);
    await waitFor(() => expect(status()).toBe(listingMessages[0]));
    act(() => vi.advanceTimersByTime(3000));
    expect(status()).toBe(listingMessages[1]);

    answer.resolve(jsonResponse(200, listing));
    expect(await screen.findByText('Listing Generated')).toBeTruthy();
    expect(screen.getByText(listing.description)).toBeTruthy();
    expect(screen.getByTestId('stat-features').textContent).toBe('3');
    for (const name of ['Regenerate', 'Copy Description', 'Edit', 'Download', 'Share']) {
      expect(screen.getByRole('button', { name: new RegExp(name) })).toBeTruthy();
    }
  });

  it("says 'Failed to generate listing' when generation fails", async () => {
    stubGateway({
      'GET /api/properties/p1/listing': () => jsonResponse(404, { message: 'No listing yet' }),
      'POST /api/properties/p1/listing': () => jsonResponse(500, { message: 'Internal server error' }),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Generate Listing' }));
    expect(await screen.findByText('Failed to generate listing. Please try again.')).toBeTruthy();
  });

  it('says a listing written for an earlier estimate may be out of date, and regenerates it', async () => {
    stubGateway({
      'GET /api/properties/p1/listing': () => jsonResponse(200, { ...listing, basedOnEstimate: 150_000 }),
      'POST /api/properties/p1/listing': () => jsonResponse(200, listing),
    });
    open();
    const notice = await screen.findByTestId('outdated-notice');
    expect(notice.textContent).toContain("It was written for an estimate of $150,000. The home's estimate is now $512,000");
    fireEvent.click(within(notice).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(screen.queryByTestId('outdated-notice')).toBeNull());
    expect(screen.getByText(listing.keySellingPoints[0]!)).toBeTruthy();
  });

  it('saves an edited description with PATCH and shows it', async () => {
    const fetchMock = stubGateway({
      'GET /api/properties/p1/listing': () => jsonResponse(200, listing),
      'PATCH /api/properties/p1/listing': (init) =>
        jsonResponse(200, { ...listing, description: (JSON.parse(String(init?.body)) as { description: string }).description, editedAt: '2026-11-22T11:00:00Z' }),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: /Edit/ }));
    fireEvent.change(screen.getByLabelText('Edit the description'), { target: { value: 'Sunny and calm.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sunny and calm.')).toBeTruthy();
    expect(await screen.findByText('Listing Updated')).toBeTruthy();
    expect(screen.getByText('Edited by you')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/properties/p1/listing',
      expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ description: 'Sunny and calm.' }) }),
    );
  });
});
