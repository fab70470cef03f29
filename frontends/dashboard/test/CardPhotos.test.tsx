import { beforeAll, describe, expect, it, vi } from 'vitest';
import { property as sampleProperty } from './fixtures';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { AuthUser, Photo, Property } from '@hsa/contracts';
import { createQueryClient } from '@hsa/ui-kit';
import { TestProviders, installJsdomShims, jsonResponse } from '@hsa/ui-kit/testing';
import DashboardPage from '../src/pages/DashboardPage';

beforeAll(installJsdomShims);
const user: AuthUser = { id: 'u1', email: 'jordan@example.com', firstName: 'Jordan', lastName: 'Rivera', profileImageUrl: null };
const property = (id: string, address: string): Property => sampleProperty({ id, address });
const photo = (propertyId: string, id: string, roomType: Photo['roomType']): Photo => ({
  id,
  propertyId,
  originalPath: `photos/x/${propertyId}/${id}`,
  roomType,
  uploadedAt: '2026-03-06T12:00:00.000Z',
  contentType: 'image/jpeg',
  size: 5000,
  url: `/api/properties/${propertyId}/photos/${id}/image`,
  thumbnailUrl: `/api/properties/${propertyId}/photos/${id}/image?variant=thumbnail`,
});

describe('photos on the dashboard card', () => {
  it('shows the first photo and the count, and opens the photos with their room types', async () => {
    const withPhotos = property('11111111-1111-4111-8111-111111111111', '2418 Capitol Ave, Sacramento, CA 95816');
    const without = property('22222222-2222-4222-8222-222222222222', '77 Riverside Dr, Sacramento, CA 95816');
    const photos = [photo(withPhotos.id, 'a', 'kitchen'), photo(withPhotos.id, 'b', 'exterior')];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => {
        const url = String(input);
        if (url === '/api/auth/user') return jsonResponse(200, user);
        if (url === '/api/user/properties/active') return jsonResponse(200, [withPhotos, without]);
        if (url === '/api/user/properties/archived') return jsonResponse(200, []);
        if (url === `/api/properties/${withPhotos.id}/photos`) return jsonResponse(200, photos);
        if (url === `/api/properties/${without.id}/photos`) return jsonResponse(200, []);
        return jsonResponse(404, { message: 'Not found' });
      }),
    );
    render(
      <TestProviders queryClient={createQueryClient()} path="/dashboard">
        <DashboardPage />
      </TestProviders>,
    );
    const card = within(await screen.findByRole('listitem', { name: /2418 Capitol Ave/ }, { timeout: 10_000 }));
    expect(await card.findByText('2 photos')).toBeTruthy();
    expect(card.getByRole('img', { name: 'First photo of 2418 Capitol Ave' }).getAttribute('src')).toBe(photos[0]!.thumbnailUrl);
    const other = within(screen.getByRole('listitem', { name: /77 Riverside Dr/ }));
    expect(await other.findByText('No photos yet')).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: /Photos$/ }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Photos of 2418 Capitol Ave' }));
    const thumbnails = await drawer.findAllByRole('img', { name: /^Photo \d/ });
    expect(thumbnails.map((img) => img.getAttribute('alt'))).toEqual(['Photo 1: Kitchen', 'Photo 2: Exterior']);
    expect(drawer.getByRole('button', { name: /Add Photos/ })).toBeTruthy();
  });
});
