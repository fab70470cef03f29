import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import { mediaMessages, uploadLimits } from '@hsa/contracts';
import { call, outbox } from '@hsa/service-kit';
import { userKeyPrefix } from '../src';
import { failure, newPropertyId, newUserId, putTo, sleep, startTestMedia, type TestMedia } from './helpers';
import { imageHeads, pngImage, withHead } from './images';
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

/** Uploads bytes as the browser does: ask for a URL, PUT the file. Resolves the key and the upload URL. */
async function upload(userId: string, body: Buffer, request: { propertyId?: string; contentType?: string; sized?: boolean } = {}) {
  const { sized = true, ...scope } = request;
  const res = await createUpload(userId, { ...scope, ...(sized ? { size: body.length } : {}) });
  const put = await putTo(res.url, body, res.headers);
  expect(put.status, put.text).toBe(200);
  return { key: res.key, url: res.url, uploadURL: res.url.split('?')[0]! };
}

describe('small photo upload: presigned PUT, attach, list, room type, image', () => {
  it('keeps the photo under a server-made key, detects its type and publishes photo.added', async () => {
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
    expect(photo).toMatchObject({ propertyId, userId, roomType: 'unassigned', contentType: 'image/png', size: image.length });
    expect(photo.objectKey).toMatch(new RegExp(`^photos/[0-9a-f]{32}/${propertyId}/${photo.id}$`));
    // The upload itself is gone; the photo has its own copy.
    expect(await exists(created.key)).toBe(false);
    expect(await exists(photo.objectKey)).toBe(true);

    // Attaching the same upload again (a retried request) answers the same photo.
    expect(await attach(userId, propertyId, created.key)).toEqual(photo);
    expect(await list(userId, propertyId)).toEqual([photo]);

    const kitchen = await call(t.client, t.client.UpdatePhoto, { propertyId, photoId: photo.id, roomType: 'kitchen' }, as(userId));
    expect(kitchen).toEqual({ ...photo, roomType: 'kitchen' });
    expect((await list(userId, propertyId))[0]!.roomType).toBe('kitchen');

    const { url, expiresInSeconds } = await call(t.client, t.client.GetPhotoUrl, { propertyId, photoId: photo.id }, as(userId));
    expect(expiresInSeconds).toBe(300);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(image);

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

  it('accepts JPEG, WebP, HEIC and HEIF by their bytes, lists oldest first', async () => {
    const userId = newUserId();
    const propertyId = newPropertyId();
    const expected: string[] = [];
    for (const [format, type] of [['jpeg', 'image/jpeg'], ['webp', 'image/webp'], ['heic', 'image/heic'], ['heif', 'image/heif']] as const) {
      const { key } = await upload(userId, withHead(imageHeads[format], 2000), { contentType: '' });
      const photo = await attach(userId, propertyId, `/${testBucket}/${key}`, 'bedroom');
      expect(photo.contentType).toBe(type);
      expected.push(photo.id);
    }
    expect((await list(userId, propertyId)).map((p) => p.id)).toEqual(expected);
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

  it('refuses an oversize photo: at signing when the size is given, after upload (deleted) when it is not', async () => {
    const userId = newUserId();
    const propertyId = newPropertyId();
    const tooBig = uploadLimits.maxPhotoBytes + 1;
    expect(await failure(createUpload(userId, { size: tooBig }))).toMatchObject({ code: 'INVALID_ARGUMENT', message: mediaMessages.photoTooLarge });

    const { key, uploadURL } = await upload(userId, withHead(imageHeads.jpeg, tooBig), { sized: false });
    expect(await failure(attach(userId, propertyId, uploadURL))).toMatchObject({ code: 'INVALID_ARGUMENT', message: mediaMessages.photoTooLarge });
    expect(await exists(key)).toBe(false);

    // Exactly 10 MB is allowed.
    const atLimit = await upload(userId, withHead(imageHeads.jpeg, uploadLimits.maxPhotoBytes));
    expect((await attach(userId, propertyId, atLimit.key)).size).toBe(uploadLimits.maxPhotoBytes);
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
    const empty = await upload(userId, Buffer.alloc(0), { sized: false });
    expect(await failure(attach(userId, propertyId, empty.key))).toMatchObject({ message: mediaMessages.photoEmpty });
    const never = await createUpload(userId);
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
    expect(await failure(createUpload(userId, { contentType: 'text/plain' }))).toMatchObject({ code: 'INVALID_ARGUMENT', message: mediaMessages.contentTypeNotImage });
    expect(await failure(createUpload(userId, { propertyId: 'bad' }))).toMatchObject({ code: 'NOT_FOUND' });

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
    const { uploadId, key: multipartKey } = await call(t.client, t.client.CreateMultipartUpload, {}, as(userId));
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
