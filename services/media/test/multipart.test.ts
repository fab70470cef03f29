import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { mediaMessages, uploadLimits } from '@hsa/contracts';
import { call } from '@hsa/service-kit';
import { failure, newUserId, putTo, startTestMedia, type TestMedia } from './helpers';
import { imageHeads } from './images';
import { testBucket } from './s3-support';

let t: TestMedia;
beforeAll(async () => {
  t = await startTestMedia();
});
afterAll(() => t?.stop());

const MiB = 1024 * 1024;
/** A file just over the multipart threshold: 21 parts of 5 MiB, the last 1 MiB. */
const ANNOUNCED = 101 * MiB;
const as = (userId: string) => ({ userId });

/**
 * A file over the multipart threshold, made part by part in memory (never committed, never held whole): a PNG
 * header, then bytes that depend on the part number, so every part has its own ETag.
 */
function partOf(partNumber: number, partSize: number, total: number): Buffer {
  const start = (partNumber - 1) * partSize;
  const size = Math.min(partSize, total - start);
  const part = Buffer.alloc(size, partNumber % 251);
  if (partNumber === 1) imageHeads.png.copy(part, 0);
  return part;
}

/** What the uploader does for each part: ask the gateway (here: the service) to sign it, PUT it, keep the ETag. */
async function uploadPart(userId: string, uploadId: string, key: string, partNumber: number, body: Buffer) {
  const { url, expiresInSeconds } = await call(t.client, t.client.SignPart, { uploadId, key, partNumber }, as(userId));
  expect(expiresInSeconds).toBe(900);
  const res = await putTo(url, body);
  expect(res.status, res.text).toBe(200);
  return { partNumber, etag: res.etag! };
}

/** Runs `tasks` with at most `limit` at once (the uploader's 6 concurrent requests). */
async function inParallel<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
}

describe('multipart upload of a file over 100 MB', () => {
  it('uploads, pauses between parts, resumes from ListParts and completes', async () => {
    const userId = newUserId();
    const total = uploadLimits.multipartThresholdBytes + 3 * MiB + 12_345; // 103 MiB and a bit
    const partSize = uploadLimits.minPartBytes; // the uploader's chunk size for this file: 5 MiB
    const partCount = Math.ceil(total / partSize);
    expect(partCount).toBe(21);
    const began = performance.now();

    const { uploadId, key } = await call(t.client, t.client.CreateMultipartUpload, { contentType: 'image/png', size: total }, as(userId));
    expect(key.startsWith('uploads/')).toBe(true);

    // First session: parts 1-8, six at a time, then the user pauses (nothing more is sent).
    const firstSession = Array.from({ length: 8 }, (_, i) => () => uploadPart(userId, uploadId, key, i + 1, partOf(i + 1, partSize, total)));
    const uploadedBeforePause = await inParallel(firstSession, uploadLimits.concurrentRequests);

    // Resume: ListParts says what is there; only the rest is sent.
    const listed = (await call(t.client, t.client.ListParts, { uploadId, key }, as(userId))).parts;
    expect(listed.map((p) => p.partNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(listed.map((p) => p.etag)).toEqual(uploadedBeforePause.map((p) => p.etag));
    expect(listed.every((p) => p.size === partSize)).toBe(true);
    const missing = Array.from({ length: partCount }, (_, i) => i + 1).filter((n) => !listed.some((p) => p.partNumber === n));
    const uploadedAfterResume = await inParallel(
      missing.map((n) => () => uploadPart(userId, uploadId, key, n, partOf(n, partSize, total))),
      uploadLimits.concurrentRequests,
    );

    const parts = [...listed.map((p) => ({ partNumber: p.partNumber, etag: p.etag })), ...uploadedAfterResume].sort((a, b) => a.partNumber - b.partNumber);
    const done = await call(t.client, t.client.CompleteMultipartUpload, { uploadId, key, parts }, as(userId));
    const seconds = (performance.now() - began) / 1000;
    console.log(`[multipart] ${(total / MiB).toFixed(1)} MiB in ${partCount} parts: ${seconds.toFixed(2)} s (${(total / MiB / seconds).toFixed(0)} MiB/s)`);

    expect(done).toMatchObject({ key, contentType: 'image/png', size: total });
    expect(done.location).toBe(`${t.s3.server.endpoint}/${testBucket}/${key}`);
    const head = await t.s3.client.send(new HeadObjectCommand({ Bucket: testBucket, Key: key }));
    expect(head.ContentLength).toBe(total);
    expect(head.ETag).toMatch(/-21"$/);
    // The joined object holds each part in order: check the boundary between parts 8 and 9 and the tail.
    const boundary = await t.s3.client.send(new GetObjectCommand({ Bucket: testBucket, Key: key, Range: `bytes=${8 * partSize - 1}-${8 * partSize}` }));
    expect([...(await boundary.Body!.transformToByteArray())]).toEqual([8, 9]);
    const tail = await t.s3.client.send(new GetObjectCommand({ Bucket: testBucket, Key: key, Range: `bytes=-3` }));
    expect([...(await tail.Body!.transformToByteArray())]).toEqual([21, 21, 21]);
    // Finished: the upload cannot be listed or added to any more.
    expect(await failure(call(t.client, t.client.ListParts, { uploadId, key }, as(userId)))).toMatchObject({ code: 'NOT_FOUND' });
    // Too big for a photo: attaching it is refused and it is deleted.
    expect(await failure(call(t.client, t.client.AttachPhoto, { propertyId: crypto.randomUUID(), originalPath: done.location }, as(userId)))).toMatchObject({
      message: mediaMessages.photoTooLarge,
    });
  }, 120_000);

  it('signs every part for exactly its length of the announced size, and no part beyond it', async () => {
    const userId = newUserId();
    expect(await failure(call(t.client, t.client.CreateMultipartUpload, {}, as(userId)))).toMatchObject({ code: 'INVALID_ARGUMENT', message: mediaMessages.sizeRequired });
    const { uploadId, key } = await call(t.client, t.client.CreateMultipartUpload, { size: ANNOUNCED }, as(userId));
    const sign = (partNumber: number) => call(t.client, t.client.SignPart, { uploadId, key, partNumber }, as(userId));
    expect(await failure(sign(22))).toMatchObject({ code: 'INVALID_ARGUMENT', message: mediaMessages.partOutOfRange });
    const first = await sign(1);
    const tooLong = await putTo(first.url, Buffer.alloc(5 * MiB + 1));
    expect(tooLong.status).toBe(403);
    expect(tooLong.text).toContain('<Code>SignatureDoesNotMatch</Code>');
    // The last part is what is left: 1 MiB.
    expect((await putTo((await sign(21)).url, Buffer.alloc(MiB, 7))).status).toBe(200);
    expect((await putTo((await sign(21)).url, Buffer.alloc(MiB + 1, 7))).status).toBe(403);
    await call(t.client, t.client.AbortMultipartUpload, { uploadId, key }, as(userId));
  });

  it('aborts an upload: its parts are gone and it takes no more', async () => {
    const userId = newUserId();
    const { uploadId, key } = await call(t.client, t.client.CreateMultipartUpload, { size: ANNOUNCED }, as(userId));
    await uploadPart(userId, uploadId, key, 1, partOf(1, 5 * MiB, ANNOUNCED));
    await uploadPart(userId, uploadId, key, 2, partOf(2, 5 * MiB, ANNOUNCED));
    expect((await call(t.client, t.client.ListParts, { uploadId, key }, as(userId))).parts).toHaveLength(2);

    await call(t.client, t.client.AbortMultipartUpload, { uploadId, key }, as(userId));
    expect(await failure(call(t.client, t.client.ListParts, { uploadId, key }, as(userId)))).toMatchObject({ code: 'NOT_FOUND', message: mediaMessages.uploadNotFound });
    expect(await failure(call(t.client, t.client.SignPart, { uploadId, key, partNumber: 3 }, as(userId)))).toMatchObject({
      code: 'NOT_FOUND',
      message: mediaMessages.uploadNotFound,
    });
    expect(await failure(call(t.client, t.client.AbortMultipartUpload, { uploadId, key }, as(userId)))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses and deletes a completed upload that is not an image', async () => {
    const userId = newUserId();
    const { uploadId, key } = await call(t.client, t.client.CreateMultipartUpload, { contentType: 'image/jpeg', size: ANNOUNCED }, as(userId));
    const text = (size: number) => Buffer.from('plain text, not a photo. '.repeat(Math.ceil(size / 25)).slice(0, size));
    // S3 completes with the parts named (here the first two): what was sent is what is checked.
    const parts = [
      await uploadPart(userId, uploadId, key, 1, text(5 * MiB)),
      await uploadPart(userId, uploadId, key, 2, text(5 * MiB)),
    ];
    expect(await failure(call(t.client, t.client.CompleteMultipartUpload, { uploadId, key, parts }, as(userId)))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: mediaMessages.notAnImage,
    });
    await expect(t.s3.client.send(new HeadObjectCommand({ Bucket: testBucket, Key: key }))).rejects.toMatchObject({ name: 'NotFound' });
  });

  it("refuses another user's upload in every multipart call (sign, list, complete, abort)", async () => {
    const owner = newUserId();
    const intruder = newUserId();
    const { uploadId, key } = await call(t.client, t.client.CreateMultipartUpload, { size: ANNOUNCED }, as(owner));
    const part = await uploadPart(owner, uploadId, key, 1, Buffer.concat([imageHeads.jpeg, Buffer.alloc(5 * MiB - imageHeads.jpeg.length)]));
    const calls = [
      () => call(t.client, t.client.SignPart, { uploadId, key, partNumber: 2 }, as(intruder)),
      () => call(t.client, t.client.ListParts, { uploadId, key }, as(intruder)),
      () => call(t.client, t.client.CompleteMultipartUpload, { uploadId, key, parts: [part] }, as(intruder)),
      () => call(t.client, t.client.AbortMultipartUpload, { uploadId, key }, as(intruder)),
    ];
    for (const attempt of calls) expect(await failure(attempt())).toMatchObject({ code: 'NOT_FOUND', message: mediaMessages.notYourUpload });
    // The intruder's own key with the owner's upload id: the storage knows no such upload for that key.
    const own = await call(t.client, t.client.CreateMultipartUpload, { size: ANNOUNCED }, as(intruder));
    expect(await failure(call(t.client, t.client.ListParts, { uploadId, key: own.key }, as(intruder)))).toMatchObject({ code: 'NOT_FOUND' });
    // The owner's upload is untouched.
    const parts = (await call(t.client, t.client.ListParts, { uploadId, key }, as(owner))).parts;
    expect(parts.map((p) => [p.partNumber, p.etag])).toEqual([[1, part.etag]]);
    const done = await call(t.client, t.client.CompleteMultipartUpload, { uploadId, key, parts: [part] }, as(owner));
    expect(done.contentType).toBe('image/jpeg');
  });
});
