import type { Locator, Page } from '@playwright/test';
import { createProperty, expect, newProperty, propertyCard, signIn, startSession, test } from '../support/fixtures';

/**
 * Photo uploads say what happened: a file the product refuses (in the browser, or on the server after its bytes were
 * sent) is never reported as uploaded, the counts count only the photos that were saved, and the reason is on screen in
 * plain words, in the dashboard's photo drawer and in the wizard's photo area alike.
 */

const notAnImage = 'Only images can be uploaded (JPG, PNG, HEIC)';

/** Drops files made in the page on the uploader: a real PNG drawn by the browser, and text that only claims to be a JPEG. */
async function dropFiles(page: Page, target: Locator, files: { name: string; type: string; image: boolean }[]): Promise<void> {
  const dataTransfer = await page.evaluateHandle(async (specs) => {
    const transfer = new DataTransfer();
    for (const spec of specs) {
      let blob: Blob;
      if (spec.image) {
        const canvas = new OffscreenCanvas(320, 240);
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#1864ab';
        context.fillRect(0, 0, 320, 240);
        blob = await canvas.convertToBlob({ type: spec.type });
      } else {
        blob = new Blob([`just text, named ${spec.name}`], { type: spec.type });
      }
      transfer.items.add(new File([blob], spec.name, { type: spec.type, lastModified: Date.now() }));
    }
    return transfer;
  }, files);
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

async function openUploaderFromDashboard(page: Page, street: string): Promise<Locator> {
  const card = propertyCard(page, street);
  await expect(card.getByTestId('photo-count')).toBeVisible();
  await card.getByRole('button', { name: /Photos$/ }).click();
  const drawer = page.getByRole('dialog', { name: `Photos of ${street}` });
  await drawer.getByRole('button', { name: /Add Photos/ }).click();
  const modal = page.getByRole('dialog', { name: 'Add Photos' });
  await expect(modal.locator('.uppy-Dashboard-inner')).toBeVisible();
  return modal;
}

async function openUploaderInWizard(page: Page, propertyId: string): Promise<Locator> {
  await page.goto(`/?propertyId=${propertyId}&step=1.5`);
  await page.getByRole('button', { name: /Add Photos/ }).click();
  const modal = page.getByRole('dialog', { name: 'Add Photos' });
  await expect(modal.locator('.uppy-Dashboard-inner')).toBeVisible();
  return modal;
}

test('dashboard: a file the server refuses is not counted as uploaded, and its reason is shown in words', async ({ page, user, baseURL }) => {
  await signIn(page, user);
  const property = await createProperty(page, baseURL!, newProperty());
  await page.reload();
  const modal = await openUploaderFromDashboard(page, property.address);
  await dropFiles(page, modal.locator('.uppy-Dashboard-inner'), [
    { name: 'kitchen.png', type: 'image/png', image: true },
    { name: 'house.jpg', type: 'image/jpeg', image: false },
  ]);
  await modal.getByRole('button', { name: /Upload 2 files/ }).click();

  const refused = modal.getByRole('list', { name: 'Not uploaded' });
  await expect(refused).toContainText(`house.jpg: ${notAnImage}`, { timeout: 30_000 });
  await expect(modal.getByTestId('upload-count')).toHaveText('1 of 2 photos uploaded');
  // Nothing on the uploader claims the refused file made it.
  await expect(modal.getByText('Upload complete')).toHaveCount(0);
  await expect(modal.getByText(/2 of 2 files? uploaded/)).toHaveCount(0);
  await expect(modal.locator('.uppy-StatusBar')).toContainText('1 of 2 files uploaded');

  const photos = (await (await page.request.get(`/api/properties/${property.id}/photos`)).json()) as unknown[];
  expect(photos).toHaveLength(1);
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(propertyCard(page, property.address).getByTestId('photo-count')).toHaveText('1 photo');
});

test('wizard: a file that is not an image is refused in plain words, never with a list of MIME types', async ({ page, user, baseURL }) => {
  await startSession(page, user);
  const property = await createProperty(page, baseURL!, newProperty());
  const modal = await openUploaderInWizard(page, property.id);
  await modal.locator('input.uppy-Dashboard-input[type="file"]').first().setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a photo'),
  });
  await expect(modal.getByRole('list', { name: 'Not uploaded' })).toContainText(`notes.txt: ${notAnImage}`);
  await expect(page.getByTestId('toast')).toContainText(notAnImage);
  await expect(page.getByText(/image\/(jpeg|png|heic|webp)/)).toHaveCount(0);
  await expect(modal.getByTestId('upload-state')).toHaveText('No photos selected');
});

test('wizard: a photo over 10 MB is refused with the size limit in words', async ({ page, user, baseURL }) => {
  await startSession(page, user);
  const property = await createProperty(page, baseURL!, newProperty());
  const modal = await openUploaderInWizard(page, property.id);
  await modal.locator('input.uppy-Dashboard-input[type="file"]').first().setInputFiles({
    name: 'big.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0xff),
  });
  await expect(modal.getByRole('list', { name: 'Not uploaded' })).toContainText('big.jpg: Photos must be at most 10 MB');
  await expect(page.getByTestId('toast')).toContainText('Photos must be at most 10 MB');
  await expect(modal.getByTestId('upload-state')).toHaveText('No photos selected');
});
