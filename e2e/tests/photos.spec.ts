import { crc32, deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { createProperty, expect, newProperty, propertyCard, signIn, test } from '../support/fixtures';

/**
 * Photos end to end: drag-and-drop three real images (made by the browser's own canvas encoder, so nothing binary is
 * committed) onto the upload modal, watch them upload straight to object storage, see the thumbnails, set room types,
 * reload and find them kept. The widget is reached from the dashboard card's Photos action.
 */

const images = [
  { name: 'kitchen.png', type: 'image/png', colour: '#d9480f' },
  { name: 'living-room.jpg', type: 'image/jpeg', colour: '#2b8a3e' },
  { name: 'front-yard.jpg', type: 'image/jpeg', colour: '#1864ab' },
];

/** Drops `files` (made in the page) on the uploader, the way a person drags them from their desktop. */
async function dropImages(page: Page, target: Locator): Promise<void> {
  const dataTransfer = await page.evaluateHandle(async (specs) => {
    const transfer = new DataTransfer();
    for (const spec of specs) {
      const canvas = new OffscreenCanvas(320, 240);
      const context = canvas.getContext('2d')!;
      context.fillStyle = spec.colour;
      context.fillRect(0, 0, 320, 240);
      context.fillStyle = '#ffffff';
      context.font = '28px sans-serif';
      context.fillText(spec.name, 20, 130);
      const blob = await canvas.convertToBlob({ type: spec.type, quality: 0.9 });
      transfer.items.add(new File([blob], spec.name, { type: spec.type, lastModified: Date.now() }));
    }
    return transfer;
  }, images);
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

async function openPhotos(page: Page, street: string): Promise<Locator> {
  const card = propertyCard(page, street);
  await expect(card.getByTestId('photo-count')).toBeVisible();
  await card.getByRole('button', { name: /Photos$/ }).click();
  const drawer = page.getByRole('dialog', { name: `Photos of ${street}` });
  await expect(drawer).toBeVisible();
  return drawer;
}

test('drag-and-drop three images, see progress and thumbnails, set room types, reload and keep them', async ({ page, user, baseURL }) => {
  await signIn(page, user);
  const property = await createProperty(page, baseURL!, newProperty());
  await page.reload();
  const card = propertyCard(page, property.address);
  await expect(card.getByTestId('photo-count')).toHaveText('No photos yet');

  const drawer = await openPhotos(page, property.address);
  await expect(drawer.getByText('No photos yet: add some to show each room.')).toBeVisible();
  await drawer.getByRole('button', { name: /Add Photos/ }).click();

  const modal = page.getByRole('dialog', { name: 'Add Photos' });
  const dashboard = modal.locator('.uppy-Dashboard-inner');
  await expect(dashboard).toBeVisible();
  await expect(modal.getByText(/Images only \(JPG, PNG, HEIC\)/)).toBeVisible();
  await dropImages(page, dashboard);
  await expect(modal.locator('.uppy-Dashboard-Item')).toHaveCount(3);
  await expect(modal.getByTestId('upload-state')).toHaveText('Waiting');

  const started = Date.now();
  await modal.getByRole('button', { name: /Upload 3 files/ }).click();
  // Progress: each file reaches complete, and the overall bar reaches 100%.
  await expect(modal.locator('.uppy-Dashboard-Item.is-complete')).toHaveCount(3, { timeout: 30_000 });
  await expect(modal.getByTestId('upload-state')).toHaveText('Upload complete');
  await expect(modal.getByRole('progressbar', { name: 'Overall upload progress' })).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('toast')).toContainText('Upload complete');
  console.log(`[photos] three images uploaded and saved in ${Date.now() - started} ms`);

  // The spec's calls happened: a presigned URL per file, then POST /api/properties/{id}/photos (checked and re-encoded
  // on the server: every stored photo is a JPEG).
  const photos = (await (await page.request.get(`/api/properties/${property.id}/photos`)).json()) as { contentType: string; roomType: string }[];
  expect(photos.map((p) => p.contentType)).toEqual(['image/jpeg', 'image/jpeg', 'image/jpeg']);
  expect(photos.every((p) => p.roomType === 'unassigned')).toBe(true);

  await modal.getByRole('button', { name: 'Close' }).click();
  const thumbnails = drawer.getByRole('img', { name: /^Photo \d: Unassigned$/ });
  await expect(thumbnails).toHaveCount(3);
  // Each thumbnail really loads: the thumbnail's address (a redirect to a signed URL of the stored thumbnail).
  for (const thumbnail of await thumbnails.all()) {
    await expect(thumbnail).toHaveAttribute('src', /\/image\?variant=thumbnail$/);
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
  }

  const rooms = ['Kitchen', 'Living Room', 'Exterior'];
  for (const [index, room] of rooms.entries()) {
    // A click can land while antd's dropdown is still sliding in; like a person, try again once it has settled.
    await expect(async () => {
      const select = drawer.getByRole('combobox', { name: `Room type of photo ${index + 1}` });
      if ((await select.getAttribute('aria-expanded')) !== 'true') await select.click();
      await page.locator('.ant-select-dropdown:visible').getByTitle(room, { exact: true }).click({ timeout: 2000 });
      await expect(drawer.getByRole('img', { name: `Photo ${index + 1}: ${room}` })).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 15_000 });
  }

  await page.reload();
  await expect(propertyCard(page, property.address).getByTestId('photo-count')).toHaveText('3 photos');
  await expect(propertyCard(page, property.address).getByRole('img', { name: /^First photo of / })).toBeVisible();
  const reopened = await openPhotos(page, property.address);
  for (const [index, room] of rooms.entries()) {
    await expect(reopened.getByRole('img', { name: `Photo ${index + 1}: ${room}` })).toBeVisible();
  }
});

test('refuses a file that is not an image before and after upload', async ({ page, user, baseURL }) => {
  await signIn(page, user);
  const property = await createProperty(page, baseURL!, newProperty());
  // The browser's check: a text file is refused by type, with a toast.
  await page.reload();
  const drawer = await openPhotos(page, property.address);
  await drawer.getByRole('button', { name: /Add Photos/ }).click();
  const modal = page.getByRole('dialog', { name: 'Add Photos' });
  await expect(modal.locator('.uppy-Dashboard-inner')).toBeVisible();
  await modal.locator('input.uppy-Dashboard-input[type="file"]').first().setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a photo'),
  });
  await expect(page.getByTestId('toast')).toContainText('Only images can be uploaded (JPG, PNG, HEIC)');

  // The server's check: a text file named .jpg that bypasses the browser is deleted and refused.
  const origin = { Origin: new URL(baseURL!).origin };
  const text = Buffer.from('just text named house.jpg');
  const upload = (await (await page.request.post('/api/objects/upload', { data: { propertyId: property.id, size: text.length }, headers: origin })).json()) as {
    uploadURL: string;
    key: string;
  };
  expect((await page.request.put(upload.uploadURL, { data: text })).status()).toBe(200);
  const refused = await page.request.post(`/api/properties/${property.id}/photos`, {
    data: { originalPath: upload.uploadURL.split('?')[0], roomType: 'unassigned' },
    headers: origin,
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ message: 'Only images can be uploaded (JPG, PNG, HEIC)' });
});

/** A 2x2 PNG made here (signature, IHDR, IDAT, IEND). */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
  const row = Buffer.from([0, 250, 120, 20, 250, 120, 20]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat([row, row]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a photo added elsewhere (event photo.added) refreshes the open dashboard', async ({ page, user, baseURL }) => {
  await signIn(page, user);
  const property = await createProperty(page, baseURL!, newProperty());
  await page.reload();
  const count = propertyCard(page, property.address).getByTestId('photo-count');
  await expect(count).toHaveText('No photos yet');

  // Another tab (the same session) uploads a photo through the API.
  const origin = { Origin: new URL(baseURL!).origin };
  const image = tinyPng();
  const upload = (await (
    await page.request.post('/api/objects/upload', { data: { propertyId: property.id, contentType: 'image/png', size: image.length }, headers: origin })
  ).json()) as { uploadURL: string; headers: Record<string, string> };
  expect((await page.request.put(upload.uploadURL, { data: image, headers: upload.headers })).status()).toBe(200);
  const attached = await page.request.post(`/api/properties/${property.id}/photos`, {
    data: { originalPath: upload.uploadURL.split('?')[0], roomType: 'unassigned' },
    headers: origin,
  });
  expect(attached.status()).toBe(201);

  await expect(count).toHaveText('1 photo', { timeout: 15_000 });
});
