import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Photo } from '@hsa/contracts';
import {
  PhotoUploadModal,
  PropertyPhotos,
  chunkSize,
  countLabel,
  createQueryClient,
  failedFiles,
  fileUploadState,
  overallUploadState,
  shouldUseMultipart,
  uploadCounts,
} from '@hsa/ui-kit';
import { TestProviders, installJsdomShims, jsonResponse } from '@hsa/ui-kit/testing';

beforeAll(installJsdomShims);
const MiB = 1024 * 1024;
const propertyId = '0b7f6c1e-3a55-4c1e-9d0e-5e1f2a3b4c5d';

describe('upload states', () => {
  const file = (progress: object, extra: object = {}) => ({ progress, ...extra });

  it('names each file state of the spec', () => {
    expect(fileUploadState(file({}))).toBe('waiting');
    expect(fileUploadState(file({ preprocess: { mode: 'indeterminate' } }))).toBe('preprocessing');
    expect(fileUploadState(file({ uploadStarted: 1 }))).toBe('uploading');
    expect(fileUploadState(file({ uploadStarted: 1 }, { isPaused: true }))).toBe('paused');
    expect(fileUploadState(file({ uploadStarted: 1, uploadComplete: true, postprocess: { mode: 'indeterminate' } }))).toBe('postprocessing');
    expect(fileUploadState(file({ uploadStarted: 1, uploadComplete: true }))).toBe('complete');
    expect(fileUploadState(file({ uploadStarted: 1 }, { error: 'Failed' }))).toBe('error');
  });

  it('orders the overall state: error, complete, paused, uploading, preprocessing, postprocessing, waiting', () => {
    const done = file({ uploadStarted: 1, uploadComplete: true });
    const uploading = file({ uploadStarted: 1 });
    const paused = file({ uploadStarted: 1 }, { isPaused: true });
    expect(overallUploadState([])).toBe('waiting');
    expect(overallUploadState([done, uploading], 'boom')).toBe('error');
    expect(overallUploadState([done, file({}, { error: 'x' })])).toBe('error');
    expect(overallUploadState([done, done])).toBe('complete');
    expect(overallUploadState([done, paused])).toBe('paused');
    expect(overallUploadState([paused, uploading])).toBe('uploading');
    expect(overallUploadState([file({ preprocess: {} }), file({})])).toBe('preprocessing');
    expect(overallUploadState([done, file({ uploadComplete: true, postprocess: {} })])).toBe('postprocessing');
    expect(overallUploadState([file({}), file({})])).toBe('waiting');
  });
});

describe('uploader settings', () => {
  it('uses multipart only over 100 MB, with parts of at least 5 MB and at most 10,000 of them', () => {
    expect(shouldUseMultipart({ size: 100 * MiB })).toBe(false);
    expect(shouldUseMultipart({ size: 100 * MiB + 1 })).toBe(true);
    expect(shouldUseMultipart({ size: null })).toBe(false);
    expect(chunkSize({ size: 101 * MiB })).toBe(5 * MiB);
    const huge = 100_000 * MiB;
    expect(chunkSize({ size: huge })).toBe(Math.ceil(huge / 10_000));
    expect(Math.ceil(huge / chunkSize({ size: huge }))).toBeLessThanOrEqual(10_000);
  });
});

function photo(id: string, roomType: Photo['roomType'] = 'unassigned'): Photo {
  return {
    id,
    propertyId,
    originalPath: `photos/x/${propertyId}/${id}`,
    roomType,
    uploadedAt: '2026-03-05T12:00:00.000Z',
    contentType: 'image/png',
    size: 1234,
    url: `/api/properties/${propertyId}/photos/${id}/image`,
    thumbnailUrl: `/api/properties/${propertyId}/photos/${id}/image?variant=thumbnail`,
  };
}

describe('PropertyPhotos', () => {
  it('lists thumbnails and sets a room type with PATCH', async () => {
    let photos = [photo('a1'), photo('b2', 'kitchen')];
    const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      if (url === `/api/properties/${propertyId}/photos` && !init?.method) return jsonResponse(200, photos);
      if (url === `/api/properties/${propertyId}/photos/a1` && init?.method === 'PATCH') {
        const { roomType } = JSON.parse(String(init.body)) as { roomType: Photo['roomType'] };
        photos = photos.map((p) => (p.id === 'a1' ? { ...p, roomType } : p));
        return jsonResponse(200, photos[0]);
      }
      return jsonResponse(404, { message: 'Not found' });
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <TestProviders queryClient={createQueryClient()}>
        <PropertyPhotos propertyId={propertyId} />
      </TestProviders>,
    );
    const images = await screen.findAllByRole('img', { name: /^Photo \d/ });
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['Photo 1: Unassigned', 'Photo 2: Kitchen']);
    expect(images[0]!.getAttribute('src')).toBe(`/api/properties/${propertyId}/photos/a1/image?variant=thumbnail`);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Photos (2)');

    const select = screen.getByRole('combobox', { name: 'Room type of photo 1' });
    fireEvent.mouseDown(select);
    await screen.findAllByRole('option');
    const options = [...document.querySelectorAll('.ant-select-item-option')];
    expect(options.map((o) => o.getAttribute('title'))).toEqual([
      'Living Room', 'Kitchen', 'Master Bedroom', 'Bedroom', 'Bathroom', 'Dining Room', 'Exterior', 'Garage', 'Basement', 'Other', 'Unassigned',
    ]);
    fireEvent.click(await screen.findByTitle('Master Bedroom'));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Photo 1: Master Bedroom' })).toBeTruthy());
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ roomType: 'master_bedroom' });
  });

  it('says when there are no photos yet', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, [])));
    render(
      <TestProviders queryClient={createQueryClient()}>
        <PropertyPhotos propertyId={propertyId} />
      </TestProviders>,
    );
    expect(await screen.findByText('No photos yet: add some to show each room.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add Photos/ })).toBeTruthy();
  });
});

describe('PhotoUploadModal', () => {
  const imageFile = (name: string, size = 2048, type = 'image/png') => new File([new Uint8Array(size)], name, { type });

  function renderModal(open: boolean, maxFiles?: number) {
    const view = render(
      <TestProviders queryClient={createQueryClient()}>
        <PhotoUploadModal open={open} onClose={() => {}} propertyId={propertyId} {...(maxFiles ? { maxFiles } : {})} />
      </TestProviders>,
    );
    return view;
  }

  const fileInput = () => document.querySelector<HTMLInputElement>('input.uppy-Dashboard-input[type="file"]')!;
  const addFiles = (files: File[]) => act(() => void fireEvent.change(fileInput(), { target: { files } }));
  /** Drag-and-drop onto the dashboard (the file input is gone once files are listed). */
  const dropFiles = (files: File[]) =>
    act(async () => {
      fireEvent.drop(document.querySelector('.uppy-Dashboard-inner')!, { dataTransfer: { files, types: ['Files'] } });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  const toast = () => screen.findByTestId('toast');

  it('loads the uploader only when opened, and shows the spec dashboard', async () => {
    renderModal(false);
    expect(document.querySelector('.uppy-Dashboard')).toBeNull();
    cleanup();
    renderModal(true);
    await waitFor(() => expect(document.querySelector('.uppy-Dashboard')).not.toBeNull(), { timeout: 10_000 });
    const inner = document.querySelector<HTMLElement>('.uppy-Dashboard-inner')!;
    expect(inner.style.width).toBe('750px');
    expect(inner.style.height).toBe('550px');
    expect(screen.getByText(/Images only \(JPG, PNG, HEIC\), up to 10 MB each, up to 10 files/)).toBeTruthy();
    expect(fileInput().multiple).toBe(true);
    expect(fileInput().accept).toContain('image/heic');
    expect(screen.getByTestId('upload-state').textContent).toBe('No photos selected');
  });

  it('refuses duplicates, other types, files over 10 MB and an eleventh file, each with a toast', async () => {
    renderModal(true);
    await waitFor(() => expect(fileInput()).toBeTruthy(), { timeout: 10_000 });

    const kitchen = imageFile('kitchen.png');
    await addFiles([kitchen]);
    await waitFor(() => expect(screen.getByTestId('upload-state').textContent).toBe('Waiting'));
    await dropFiles([kitchen]);
    expect((await toast()).textContent).toContain('Cannot add the duplicate file');

    // Refusals in the media service's words, each refused file listed with its reason on screen (no MIME-type list).
    await dropFiles([new File(['text'], 'notes.txt', { type: 'text/plain' })]);
    await waitFor(async () => expect((await toast()).textContent).toContain('Only images can be uploaded (JPG, PNG, HEIC)'));
    const refused = () => screen.getByRole('list', { name: 'Not uploaded' });
    expect(refused().textContent).toBe('notes.txt: Only images can be uploaded (JPG, PNG, HEIC)');
    expect(document.body.textContent).not.toMatch(/image\/(jpeg|png|heic)/);

    await dropFiles([imageFile('huge.jpg', 10 * MiB + 1, 'image/jpeg')]);
    await waitFor(async () => expect((await toast()).textContent).toContain('Photos must be at most 10 MB'));
    expect(within(refused()).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'notes.txt: Only images can be uploaded (JPG, PNG, HEIC)',
      'huge.jpg: Photos must be at most 10 MB',
    ]);
    // Refused files are not counted: only the kitchen photo waits.
    expect(screen.getByTestId('upload-state').textContent).toBe('Waiting');

    await dropFiles(Array.from({ length: 10 }, (_, i) => imageFile(`room-${i}.png`)));
    await waitFor(async () => expect((await toast()).textContent).toContain('You can only upload 10 files'));
  });

  it('takes one file in the single-photo uploader', async () => {
    renderModal(true, 1);
    await waitFor(() => expect(fileInput()).toBeTruthy(), { timeout: 10_000 });
    expect(fileInput().multiple).toBe(false);
    await addFiles([imageFile('a.png'), imageFile('b.png')]);
    await waitFor(async () => expect((await toast()).textContent).toContain('You can only upload 1 file'));
  });

  it("says 'Upload Error: Failed to prepare file upload. Please try again.' when no upload URL can be had", async () => {
    const fetchMock = vi.fn(async (input: string | URL | Request) =>
      String(input) === '/api/objects/upload' ? jsonResponse(500, { message: 'Internal server error' }) : jsonResponse(404, { message: 'Not found' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderModal(true);
    await waitFor(() => expect(fileInput()).toBeTruthy(), { timeout: 10_000 });
    await addFiles([imageFile('porch.png')]);
    const uploadButton = await screen.findByRole('button', { name: /Upload 1 file/ });
    fireEvent.click(uploadButton);
    await waitFor(async () => {
      const shown = await toast();
      expect(within(shown).getByText('Upload Error')).toBeTruthy();
      expect(within(shown).getByText('Failed to prepare file upload. Please try again.')).toBeTruthy();
    });
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/objects/upload')!;
    expect(JSON.parse(String((call as unknown as [string, RequestInit])[1].body))).toEqual({ propertyId, contentType: 'image/png', size: 2048 });
    await waitFor(() => expect(screen.getByTestId('upload-state').getAttribute('data-state')).toBe('error'));
    // Nothing was uploaded, and the list says which file and why.
    expect(screen.getByTestId('upload-count').textContent).toBe('0 of 1 photo uploaded');
    expect(screen.getByRole('list', { name: 'Not uploaded' }).textContent).toBe('porch.png: Failed to prepare file upload. Please try again.');
  });
});

describe('upload outcome', () => {
  const file = (name: string, progress: object, extra: object = {}) => ({ name, progress, ...extra });

  it('counts a file as uploaded only once it is saved as a photo, never when the server refused it', () => {
    const saved = file('a.png', { uploadStarted: 1, uploadComplete: true });
    const refused = file('b.jpg', { uploadStarted: 1, uploadComplete: false }, { error: 'Only images can be uploaded (JPG, PNG, HEIC)' });
    const saving = file('c.png', { uploadStarted: 1, uploadComplete: true, postprocess: { mode: 'indeterminate' } });
    const waiting = file('d.png', {});
    expect(uploadCounts([saved, refused, saving, waiting])).toEqual({ sent: 3, saved: 1 });
    expect(countLabel(uploadCounts([saved, refused]))).toBe('1 of 2 photos uploaded');
    expect(countLabel(uploadCounts([refused]))).toBe('0 of 1 photo uploaded');
    expect(failedFiles([saved, refused, waiting])).toEqual([{ name: 'b.jpg', reason: 'Only images can be uploaded (JPG, PNG, HEIC)' }]);
  });
});
