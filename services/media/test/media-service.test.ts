import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import { mediaMessages, uploadLimits } from '@hsa/contracts';
import { call, outbox } from '@hsa/service-kit';
import { userKeyPrefix } from '../src';
import { failure, newPropertyId, newUserId, putTo, sleep, startTestMedia, type TestMedia } from './helpers';
import { imageHeads, phoneExif, photoOf, pngImage, withHead } from './images';
import { testBucket } from './s3-support';

let t: TestMedia;
beforeAll(async () => {
  t = await startTestMedia();
});
afterAll(() => t?.stop());

const as = (userId: string) => ({ userId });
const createUpload = (userId: string, request: { propertyId?: string; contentType?: string; size?: number } = {}) =>
  call(t.client, t.client.CreateUpload, request, as(userId));
const attach = (userId: string, propertyId: string, originalPath: string, roomType = 'unassigned') =>
  call(t.client, t.client.AttachPhoto, { propertyId, originalPath, roomType }, as(userId));
const list = async (userId: string, propertyId: string) => (await call(t.client, t.client.ListPhotos, { propertyId }, as(userId))).photos;

async function exists(key: string): Promise<boolean> {
  try {
    await t.s3.client.send(new HeadObjectCommand({ Bucket: testBucket, Key: key }));
    return true;
  } catch {
    return false;
  }
}

/** Uploads bytes as the browser does: ask for a URL for this size, PUT the file. Resolves the key and the upload URL. */
async function upload(userId: string, body: Buffer, scope: { propertyId?: string; contentType?: string } = {}) {
  const res = await createUpload(userId, { ...scope, size: body.length });
  const put = await putTo(res.url, body, res.headers);
  expect(put.status, put.text).toBe(200);
  return { key: res.key, url: res.url, uploadURL: res.url.split('?')[0]! };
}

describe('small photo upload: presigned PUT, attach, list, room type, image', () => {
  it('keeps a re-encoded copy and a thumbnail under server-made keys, serves them safely and publishes photo.added', async () => {
    const userId = newUserId();
    const propertyId = newPropertyId();
    const image = pngImage(8, 6);
    const created = await createUpload(userId, { propertyId, contentType: 'image/png', size: image.length });
    expect(created.key).toMatch(new RegExp(`^${userKeyPrefix(userId)}${propertyId}/[0-9a-f-]{36}$`));
    expect(created.expiresInSeconds).toBe(900);
    expect(created.headers).toEqual({ 'Content-Type': 'image/png' });
    const signed = new URL(created.url).searchParams.get('X-Amz-SignedHeaders');
    expect(signed).toBe('content-length;content-type;host');
    expect((await putTo(created.url, image, created.headers)).status).toBe(200);

    // The client sends the upload URL without its signature (what the uploader reports as uploadURL).
    const photo = await attach(userId, propertyId, created.url.split('?')[0]!);
    expect(photo).toMatchObject({ propertyId, userId, roomType: 'unassigned', contentType: 'image/jpeg' });
    expect(photo.objectKey).toMatch(new RegExp(`^photos/[0-9a-f]{32}/${propertyId}/${photo.id}\\.jpg$`));
    // The upload itself is gone; the photo has its own re-encoded objects.
    expect(await exists(created.key)).toBe(false);
    expect(await exists(photo.objectKey)).toBe(true);
    expect(await exists(photo.objectKey.replace(/\.jpg$/, '-thumbnail.jpg'))).toBe(true);

    // Attaching the same upload again (a retried request) answers the same photo.
    expect(await attach(userId, propertyId, created.key)).toEqual(photo);
    expect(await list(userId, propertyId)).toEqual([photo]);

    const kitchen = await call(t.client, t.client.UpdatePhoto, { propertyId, photoId: photo.id, roomType: 'kitchen' }, as(userId));
    expect(kitchen).toEqual({ ...photo, roomType: 'kitchen' });
    expect((await list(userId, propertyId))[0]!.roomType).toBe('kitchen');

    for (const variant of ['full', 'thumbnail']) {
      const { url, expiresInSeconds } = await call(t.client, t.client.GetPhotoUrl, { propertyId, photoId: photo.id, variant }, as(userId));
      expect(expiresInSeconds).toBe(300);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toBe(`inline; filename="photo-${photo.id}${variant === 'thumbnail' ? '-thumbnail' : ''}.jpg"`);
      const served = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(served).toMatchObject({ format: 'jpeg', width: 8, height: 6 });
    }
    expect((await failure(call(t.client, t.client.GetPhotoUrl, { propertyId, photoId: photo.id, variant: 'original' }, as(userId)))).code).toBe('INVALID_ARGUMENT');

    // photo.added went to the outbox in the same transaction and the relay published it.
    let rows: (typeof outbox.$inferSelect)[] = [];
    for (let i = 0; i < 50; i++) {
      rows = await t.service.database.db.select().from(outbox).where(sql`${outbox.payload}->>'propertyId' = ${propertyId}`);
      if (rows[0]?.publishedAt) break;
      await sleep(100);
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: 'photo.added', payload: { type: 'photo.added', propertyId, userId } });
    expect(rows[0]!.publishedAt).not.toBeNull();
  });

  it('accepts JPEG, PNG, WebP and HEIF (AV1) by their bytes, stores JPEG, lists oldest first', async () => {
    const userId = newUserId();
    const propertyId = newPropertyId();
    const expected: string[] = [];
    for (const format of ['jpeg', 'png', 'webp', 'heif'] as const) {
      const { key } = await upload(userId, await photoOf(format, { width: 50, height: 20 }), { contentType: '' });
      const photo = await attach(userId, propertyId, `/${testBucket}/${key}`, 'bedroom');
      expect(photo.contentType).toBe('image/jpeg');
      expected.push(photo.id);
    }
    expect((await list(userId, propertyId)).map((p) => p.id)).toEqual(expected);
  });

  it("says plainly when a HEIC photo cannot be converted here, and keeps nothing of it", async () => {
    const userId = newUserId();
    const propertyId = newPropertyId();
    const { key, uploadURL } = await upload(userId, withHead(imageHeads.heic, 4000), { contentType: 'image/heic' });
    expect(await failure(attach(userId, propertyId, uploadURL))).toMatchObject({ code: 'INVALID_ARGUMENT', message: mediaMessages.heicNotConvertible });
    expect(await exists(key)).toBe(false);
    expect(await list(userId, propertyId)).toEqual([]);
  });
});

describe('what survives re-encoding: the pixels only', () => {
  const stored = async (userId: string, propertyId: string, body: Buffer) => {
    const { key } = await upload(userId, body);
    const photo = await attach(userId, propertyId, key);
    const { url } = await call(t.client, t.client.GetPhotoUrl, { propertyId, photoId: photo.id }, as(userId));
    return Buffer.from(await (await fetch(url)).arrayBuffer());
  };

  it('drops the GPS location and every other metadata, and turns the photo upright', async () => {
    const userId = newUserId();
    const propertyId = newPropertyId();
    const original = await photoOf('jpeg', { width: 40, height: 20, exif: phoneExif, orientation: 6 });
    const before = await sharp(original).metadata();
    expect(before.exif?.includes(Buffer.from('PhoneMaker'))).toBe(true);
    // The GPS IFD pointer (tag 0x8825) is there before, with the coordinates.
    expect(before.exif?.includes(Buffer.from([0x88, 0x25])) || before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(before.orientation).toBe(6);
    const after = await sharp(await stored(userId, propertyId, original)).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
  });

  it('leaves nothing of a polyglot (a real JPEG with HTML after it), and refuses a JPEG header in front of HTML', async () => {
    const userId = newUserId();
    const propertyId = newPropertyId();
    const html = Buffer.from('<html><body><script>fetch("/api/user/properties").then(r=>r.text()).then(alert)</script></body></html>');
    const polyglot = Buffer.concat([await photoOf('jpeg'), html]);
    const out = await stored(userId, propertyId, polyglot);
    expect(out.includes(Buffer.from('<script'))).toBe(false);
    expect(out.includes(Buffer.from('<html'))).toBe(false);
    expect((await sharp(out).metadata()).format).toBe('jpeg');

    const fake = Buffer.concat([imageHeads.jpeg, html]);
    const { key, uploadURL } = await upload(userId, fake, { contentType: 'image/jpeg' });
    expect(await failure(attach(userId, propertyId, uploadURL))).toMatchObject({ code: 'INVALID_ARGUMENT', message: mediaMessages.unreadableImage });
    expect(await exists(key)).toBe(false);
  });

  it('makes a thumbnail of at most 640 px and a photo of at most 2560 px', async () => {
    const userId = newUserId();
    const propertyId = newPropertyId();
    const { key } = await upload(userId, await photoOf('jpeg', { width: 3000, height: 1500 }));
    const photo = await attach(userId, propertyId, key);
    const size = async (variant: string) => {
      const { url } = await call(t.client, t.client.GetPhotoUrl, { propertyId, photoId: photo.id, variant }, as(userId));
      return sharp(Buffer.from(await (await fetch(url)).arrayBuffer())).metadata();
    };
    expect(await size('full')).toMatchObject({ width: 2560, height: 1280 });
    expect(await size('thumbnail')).toMatchObject({ width: 640, height: 320 });
  });
});

describe('server-side enforcement', () => {
  it('refuses and deletes a spoofed image (a text file named .jpg, declared image/jpeg)', async () => {
    const userId = newUserId();
    const propertyId = newPropertyId();
    const text = Buffer.from('This is not a photo, just text in a file named house.jpg\n'.repeat(20));
    const { key, uploadURL } = await upload(userId, text, { contentType: 'image/jpeg' });
    expect(await exists(key)).toBe(true);
    const err = await failure(attach(userId, propertyId, uploadURL));
    expect(err).toMatchObject({ code: 'INVALID_ARGUMENT', message: mediaMessages.notAnImage });
    expect(await exists(key)).toBe(false);
    expect(await list(userId, propertyId)).toEqual([]);
  });

  it('issues no URL without a size or over 10 MB; a photo of exactly 10 MB is kept', async () => {
    const userId = newUserId();
    const propertyId = newPropertyId();
    expect(await failure(createUpload(userId, {}))).toMatchObject({ code: 'INVALID_ARGUMENT', message: mediaMessages.sizeRequired });
    const tooBig = uploadLimits.maxPhotoBytes + 1;
    expect(await failure(createUpload(userId, { size: tooBig }))).toMatchObject({ code: 'INVALID_ARGUMENT', message: mediaMessages.photoTooLarge });
    // Exactly 10 MB is allowed: a real JPEG padded with a trailer the decoder ignores (and the re-encoding drops).
    const jpeg = await photoOf('jpeg');
    const atLimit = await upload(userId, Buffer.concat([jpeg, Buffer.alloc(uploadLimits.maxPhotoBytes - jpeg.length)]));
    expect((await attach(userId, propertyId, atLimit.key)).size).toBeLessThan(10_000);
  });

  it('binds the signed size: the storage refuses a different length', async () => {
    const userId = newUserId();
    const created = await createUpload(userId, { size: 100, contentType: 'image/png' });
    const res = await putTo(created.url, withHead(imageHeads.png, 101), created.headers);
    expect(res.status).toBe(403);
    expect(res.text).toContain('<Code>SignatureDoesNotMatch</Code>');
  });

  it('refuses an empty upload and a missing one', async () => {
    const userId = newUserId();
    const propertyId = newPropertyId();
    expect(await failure(createUpload(userId, { size: 0 }))).toMatchObject({ code: 'INVALID_ARGUMENT', message: mediaMessages.photoEmpty });
    const never = await createUpload(userId, { size: 1000 });
    expect(await failure(attach(userId, propertyId, never.key))).toMatchObject({ code: 'NOT_FOUND', message: mediaMessages.uploadNotFound });
  });

  it("never lets a user attach, list or change another user's uploads and photos", async () => {
    const owner = newUserId();
    const intruder = newUserId();
    const propertyId = newPropertyId();
    const { key, uploadURL } = await upload(owner, pngImage());
    for (const path of [key, uploadURL, `/${testBucket}/${key}`]) {
      expect(await failure(attach(intruder, propertyId, path))).toMatchObject({ code: 'NOT_FOUND', message: mediaMessages.notYourUpload });
    }
    // Made-up keys outside any user's prefix are refused the same way.
    for (const path of ['uploads/../../etc/passwd', `photos/x/${propertyId}/y`, 'house.jpg', `${userKeyPrefix(intruder)}not-a-uuid`]) {
      expect(await failure(attach(intruder, propertyId, path))).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await exists(key)).toBe(true);

    const photo = await attach(owner, propertyId, key);
    expect(await list(intruder, propertyId)).toEqual([]);
    expect(await failure(call(t.client, t.client.UpdatePhoto, { propertyId, photoId: photo.id, roomType: 'garage' }, as(intruder)))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await failure(call(t.client, t.client.GetPhotoUrl, { propertyId, photoId: photo.id }, as(intruder)))).toMatchObject({ code: 'NOT_FOUND' });
    // Another property of the same user does not see it either.
    expect(await list(owner, newPropertyId())).toEqual([]);
  });

  it('keeps an upload scoped to one property off every other property', async () => {
    const userId = newUserId();
    const scopedTo = newPropertyId();
    const { key } = await upload(userId, pngImage(), { propertyId: scopedTo });
    expect(await failure(attach(userId, newPropertyId(), key))).toMatchObject({ code: 'NOT_FOUND' });
    expect((await attach(userId, scopedTo, key)).propertyId).toBe(scopedTo);
  });

  it('answers an upload attached to one property as taken for another', async () => {
    const userId = newUserId();
    const { key } = await upload(userId, pngImage());
    await attach(userId, newPropertyId(), key);
    expect(await failure(attach(userId, newPropertyId(), key))).toMatchObject({ code: 'FAILED_PRECONDITION', message: mediaMessages.alreadyAttached });
  });
});

describe('bad input', () => {
  it('refuses calls without a user', async () => {
    expect(await failure(call(t.client, t.client.ListPhotos, { propertyId: newPropertyId() }))).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('validates every request with the messages of the API', async () => {
    const userId = newUserId();
    const propertyId = newPropertyId();
    expect(await failure(attach(userId, propertyId, '  '))).toMatchObject({ code: 'INVALID_ARGUMENT', message: mediaMessages.originalPathRequired });
    const { key } = await upload(userId, pngImage());
    const badRoom = await failure(attach(userId, propertyId, key, 'attic'));
    expect(badRoom.code).toBe('INVALID_ARGUMENT');
    expect(badRoom.message).toMatch(/^Room type must be one of: living_room, kitchen/);
    expect(badRoom.fieldErrors).toEqual([{ path: 'roomType', message: badRoom.message }]);
    expect(await failure(attach(userId, 'not-a-uuid', key))).toMatchObject({ code: 'NOT_FOUND', message: 'Property not found' });
    expect(await failure(call(t.client, t.client.UpdatePhoto, { propertyId, photoId: 'nope', roomType: 'kitchen' }, as(userId)))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Photo not found',
    });
    expect(await failure(createUpload(userId, { contentType: 'text/plain', size: 10 }))).toMatchObject({ code: 'INVALID_ARGUMENT', message: mediaMessages.contentTypeNotImage });
    expect(await failure(createUpload(userId, { propertyId: 'bad', size: 10 }))).toMatchObject({ code: 'NOT_FOUND' });

    const sign = (request: { uploadId?: string; key?: string; partNumber?: number }) => call(t.client, t.client.SignPart, request, as(userId));
    for (const request of [{ key, partNumber: 1 }, { uploadId: 'u'.repeat(20), partNumber: 1 }, { uploadId: 'u'.repeat(20), key }]) {
      expect(await failure(sign(request))).toMatchObject({ code: 'INVALID_ARGUMENT', message: mediaMessages.cannotSign });
    }
    expect(await failure(sign({ uploadId: 'u'.repeat(20), key, partNumber: 10_001 }))).toMatchObject({ message: mediaMessages.partNumberInvalid });
    expect(await failure(call(t.client, t.client.CreateMultipartUpload, { size: uploadLimits.multipartThresholdBytes }, as(userId)))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: mediaMessages.multipartTooSmall,
    });
    expect(await failure(call(t.client, t.client.CreateMultipartUpload, { size: 6 * 1024 ** 3 }, as(userId)))).toMatchObject({ message: mediaMessages.fileTooLarge });
    const { uploadId, key: multipartKey } = await call(t.client, t.client.CreateMultipartUpload, { size: 101 * 1024 ** 2 }, as(userId));
    expect(await failure(call(t.client, t.client.CompleteMultipartUpload, { uploadId, key: multipartKey, parts: [] }, as(userId)))).toMatchObject({
      message: mediaMessages.partsRequired,
    });
    expect(await failure(call(t.client, t.client.ListParts, { uploadId: '', key: multipartKey }, as(userId)))).toMatchObject({ message: 'uploadId is required' });
    expect(await failure(call(t.client, t.client.ListParts, { uploadId, key: '' }, as(userId)))).toMatchObject({ message: mediaMessages.keyRequired });
    // An unknown upload of one's own key: NOT_FOUND from storage.
    expect(await failure(call(t.client, t.client.ListParts, { uploadId: 'x'.repeat(40), key: multipartKey }, as(userId)))).toMatchObject({
      code: 'NOT_FOUND',
      message: mediaMessages.uploadNotFound,
    });
    await call(t.client, t.client.AbortMultipartUpload, { uploadId, key: multipartKey }, as(userId));
  });

  it('reports the object storage in readiness', async () => {
    const res = await fetch(`http://127.0.0.1:${t.service.healthPort}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ checks: { database: true, objectStorage: true } });
  });
});

describe('photo rows', () => {
  it('stores each upload once', async () => {
    const userId = newUserId();
    const propertyId = newPropertyId();
    const { key } = await upload(userId, pngImage());
    const photo = await attach(userId, propertyId, key);
    const { photos } = await import('../src');
    const rows = await t.service.database.db.select().from(photos).where(eq(photos.uploadKey, key));
    expect(rows.map((r) => r.id)).toEqual([photo.id]);
  });
});

describe('limits: size, storage quota, photos per property, and uploads that are never attached', () => {
  const MiB = 1024 * 1024;
  let limited: TestMedia;
  beforeAll(async () => {
    limited = await startTestMedia({ userQuotaBytes: 150 * MiB, maxPhotosPerProperty: 2 });
  });
  afterAll(() => limited?.stop());

  const create = (userId: string, request: { propertyId?: string; size: number }) => call(limited.client, limited.client.CreateUpload, request, as(userId));
  const put = async (userId: string, body: Buffer, propertyId?: string) => {
    const res = await create(userId, { size: body.length, ...(propertyId ? { propertyId } : {}) });
    expect((await putTo(res.url, body, res.headers)).status).toBe(200);
    return res.key;
  };
  const attachTo = (userId: string, propertyId: string, key: string) =>
    call(limited.client, limited.client.AttachPhoto, { propertyId, originalPath: key, roomType: 'unassigned' }, as(userId));
  const inStore = async (key: string) => {
    try {
      await limited.s3.client.send(new HeadObjectCommand({ Bucket: testBucket, Key: key }));
      return true;
    } catch {
      return false;
    }
  };
  const later = (hours: number) => new Date(Date.now() + hours * 3_600_000);

  it("counts every open URL against the user's storage until it is attached, aborted or expires", async () => {
    const userId = newUserId();
    const multipart = await call(limited.client, limited.client.CreateMultipartUpload, { size: 101 * MiB }, as(userId));
    for (let i = 0; i < 4; i++) await create(userId, { size: 10 * MiB });
    const full = await failure(create(userId, { size: 10 * MiB }));
    expect(full).toMatchObject({ code: 'FAILED_PRECONDITION', message: mediaMessages.storageFull(150 * MiB) });
    expect(full.message).toBe('Your photo storage is full (150 MB per account). Uploads that were not saved free their space within an hour.');
    // Another user is not affected.
    await create(newUserId(), { size: 10 * MiB });
    // Aborting the multipart upload frees its 101 MiB at once.
    await call(limited.client, limited.client.AbortMultipartUpload, multipart, as(userId));
    await create(userId, { size: 10 * MiB });
  });

  it('deletes uploads nobody attached once they expire (objects and unfinished multipart uploads), and frees their space', async () => {
    const userId = newUserId();
    const key = await put(userId, await photoOf('png'));
    const multipart = await call(limited.client, limited.client.CreateMultipartUpload, { size: 101 * MiB }, as(userId));
    const kept = await put(userId, await photoOf('jpeg'));
    await attachTo(userId, newPropertyId(), kept);

    expect(await limited.service.janitor.sweep(later(0.5))).toBe(0);
    expect(await inStore(key)).toBe(true);
    // A single upload expires after an hour, a multipart one after a day.
    expect(await limited.service.janitor.sweep(later(2))).toBeGreaterThanOrEqual(1);
    expect(await inStore(key)).toBe(false);
    expect((await call(limited.client, limited.client.ListParts, multipart, as(userId))).parts).toEqual([]);
    expect(await limited.service.janitor.sweep(later(25))).toBeGreaterThanOrEqual(1);
    expect(await failure(call(limited.client, limited.client.ListParts, multipart, as(userId)))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await failure(attachTo(userId, newPropertyId(), key))).toMatchObject({ code: 'NOT_FOUND', message: mediaMessages.uploadNotFound });
    // The attached photo is untouched, and the user's space is free again.
    for (let i = 0; i < 14; i++) await create(userId, { size: 10 * MiB });
  });

  it('caps the photos of one property, when a URL is asked for and when attaching', async () => {
    const userId = newUserId();
    const propertyId = newPropertyId();
    const unscoped = await put(userId, await photoOf('jpeg'));
    await attachTo(userId, propertyId, await put(userId, await photoOf('jpeg'), propertyId));
    await create(userId, { propertyId, size: 1000 }); // the second, still open
    expect(await failure(create(userId, { propertyId, size: 1000 }))).toMatchObject({ code: 'FAILED_PRECONDITION', message: mediaMessages.tooManyPhotos(2) });
    await attachTo(userId, propertyId, await put(userId, await photoOf('png')));
    expect(await failure(attachTo(userId, propertyId, unscoped))).toMatchObject({ code: 'FAILED_PRECONDITION', message: 'A property can have at most 2 photos' });
    // The refused upload stays the user's for another property.
    expect((await attachTo(userId, newPropertyId(), unscoped)).contentType).toBe('image/jpeg');
  });
});
