import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { isLoopbackHost, readEmbeddedS3Config, startEmbeddedS3 } from '../src/embedded-s3';
import { sdkClient, startTestS3, testBucket, testCredentials, type TestS3 } from './s3-support';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3({ corsOrigins: ['http://app.test'] });
});
afterAll(() => s3?.close());

const Bucket = testBucket;
const MiB = 1024 * 1024;
const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

/** The S3 error a promise rejects with (code, status, message). */
async function s3Failure(promise: Promise<unknown>): Promise<{ name: string; status: number | undefined; message: string }> {
  const err = await promise.then(
    () => {
      throw new Error('expected an S3 error');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(S3ServiceException);
  const e = err as S3ServiceException;
  return { name: e.name, status: e.$metadata.httpStatusCode, message: e.message };
}

/** A raw HTTP answer: status, headers and body text. */
async function raw(url: string, init: RequestInit = {}) {
  const res = await fetch(url, init);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('objects through the AWS SDK (header-signed)', () => {
  it('puts, heads, gets (whole and ranges) and deletes an object', async () => {
    const body = Buffer.from('hello embedded S3 \u00e9', 'utf8');
    const put = await s3.client.send(new PutObjectCommand({ Bucket, Key: 'docs/hello world+.txt', Body: body, ContentType: 'text/plain', Metadata: { owner: 'me' } }));
    expect(put.ETag).toBe(`"${md5(body)}"`);

    const head = await s3.client.send(new HeadObjectCommand({ Bucket, Key: 'docs/hello world+.txt' }));
    expect(head).toMatchObject({ ContentLength: body.length, ContentType: 'text/plain', ETag: put.ETag, Metadata: { owner: 'me' } });

    const got = await s3.client.send(new GetObjectCommand({ Bucket, Key: 'docs/hello world+.txt' }));
    expect(Buffer.from(await got.Body!.transformToByteArray())).toEqual(body);

    const range = await s3.client.send(new GetObjectCommand({ Bucket, Key: 'docs/hello world+.txt', Range: 'bytes=0-4' }));
    expect(range.ContentRange).toBe(`bytes 0-4/${body.length}`);
    expect(await range.Body!.transformToString()).toBe('hello');
    const suffix = await s3.client.send(new GetObjectCommand({ Bucket, Key: 'docs/hello world+.txt', Range: 'bytes=-3' }));
    expect(Buffer.from(await suffix.Body!.transformToByteArray())).toEqual(body.subarray(body.length - 3));

    await s3.client.send(new DeleteObjectCommand({ Bucket, Key: 'docs/hello world+.txt' }));
    const missing = await s3Failure(s3.client.send(new GetObjectCommand({ Bucket, Key: 'docs/hello world+.txt' })));
    expect(missing).toMatchObject({ name: 'NoSuchKey', status: 404, message: 'The specified key does not exist.' });
    expect((await s3Failure(s3.client.send(new HeadObjectCommand({ Bucket, Key: 'docs/hello world+.txt' })))).status).toBe(404);
  });

  it('creates and heads buckets; unknown buckets are NoSuchBucket', async () => {
    await s3.client.send(new CreateBucketCommand({ Bucket: 'another-bucket' }));
    await s3.client.send(new HeadBucketCommand({ Bucket: 'another-bucket' }));
    const err = await s3Failure(s3.client.send(new PutObjectCommand({ Bucket: 'no-such-bucket', Key: 'x', Body: 'x' })));
    expect(err).toMatchObject({ name: 'NoSuchBucket', status: 404 });
  });

  it('refuses a wrong secret and an unknown access key', async () => {
    const wrongSecret = sdkClient(s3.server.endpoint, { ...testCredentials, secretAccessKey: 'not-the-secret' });
    expect(await s3Failure(wrongSecret.send(new PutObjectCommand({ Bucket, Key: 'a', Body: 'a' })))).toMatchObject({ name: 'SignatureDoesNotMatch', status: 403 });
    const unknown = sdkClient(s3.server.endpoint, { accessKeyId: 'nobody', secretAccessKey: 'x' });
    expect(await s3Failure(unknown.send(new PutObjectCommand({ Bucket, Key: 'a', Body: 'a' })))).toMatchObject({ name: 'InvalidAccessKeyId', status: 403 });
    wrongSecret.destroy();
    unknown.destroy();
  });

  it('answers anonymous requests 403 with an S3 XML error body', async () => {
    const res = await raw(`${s3.server.endpoint}/${Bucket}/anything`);
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toBe('application/xml');
    expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<Error><Code>AccessDenied<\/Code><Message>Access Denied<\/Message>.*<RequestId>[0-9A-F]+<\/RequestId><\/Error>$/);
  });
});

describe('presigned URLs (query-signed)', () => {
  it('uploads with a presigned PUT and downloads with a presigned GET', async () => {
    const body = Buffer.from('presigned body');
    const url = await getSignedUrl(s3.client, new PutObjectCommand({ Bucket, Key: 'p/put.bin' }), { expiresIn: 60 });
    const put = await raw(url, { method: 'PUT', body });
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toBe(`"${md5(body)}"`);
    const getUrl = await getSignedUrl(s3.client, new GetObjectCommand({ Bucket, Key: 'p/put.bin' }), { expiresIn: 60 });
    const get = await raw(getUrl);
    expect(get).toMatchObject({ status: 200, text: 'presigned body' });
  });

  it('binds a signed Content-Length and Content-Type: other sizes or types are refused', async () => {
    const url = await getSignedUrl(s3.client, new PutObjectCommand({ Bucket, Key: 'p/sized.bin', ContentLength: 5, ContentType: 'image/png' }), {
      expiresIn: 60,
      signableHeaders: new Set(['content-length', 'content-type']),
    });
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect((await raw(url, { method: 'PUT', body: 'six!!!', headers: { 'content-type': 'image/png' } })).status).toBe(403);
    const wrongType = await raw(url, { method: 'PUT', body: 'five!', headers: { 'content-type': 'text/plain' } });
    expect(wrongType.status).toBe(403);
    expect(wrongType.text).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect((await raw(url, { method: 'PUT', body: 'five!', headers: { 'content-type': 'image/png' } })).status).toBe(200);
  });

  it('refuses an expired URL with 403 "Request has expired" and a tampered one with SignatureDoesNotMatch', async () => {
    const url = await getSignedUrl(s3.client, new PutObjectCommand({ Bucket, Key: 'p/expiring.bin' }), {
      expiresIn: 60,
      signingDate: new Date(Date.now() - 61_000),
    });
    const expired = await raw(url, { method: 'PUT', body: 'late' });
    expect(expired.status).toBe(403);
    expect(expired.text).toContain('<Code>AccessDenied</Code><Message>Request has expired</Message>');

    const fresh = await getSignedUrl(s3.client, new PutObjectCommand({ Bucket, Key: 'p/mine.bin' }), { expiresIn: 60 });
    const tampered = fresh.replace('p/mine.bin', 'p/other.bin');
    expect((await raw(tampered, { method: 'PUT', body: 'x' })).text).toContain('<Code>SignatureDoesNotMatch</Code>');
    const tooLong = await getSignedUrl(s3.client, new GetObjectCommand({ Bucket, Key: 'p/mine.bin' }), { expiresIn: 60 });
    const week = new URL(tooLong);
    week.searchParams.set('X-Amz-Expires', '604801');
    expect((await raw(week.toString())).text).toContain('X-Amz-Expires must be less than a week');
  });
});

describe('multipart uploads', () => {
  const part = (size: number, fill: number) => Buffer.alloc(size, fill);

  it('creates, uploads parts, lists them (paginated), completes with S3 ETags and refuses what S3 refuses', async () => {
    const Key = 'm/big.bin';
    const { UploadId } = await s3.client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType: 'image/png' }));
    expect(UploadId).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const bodies = [part(5 * MiB, 1), part(5 * MiB, 2), part(1234, 3)];
    const etags: string[] = [];
    for (const [i, Body] of bodies.entries()) {
      const res = await s3.client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: i + 1, Body }));
      expect(res.ETag).toBe(`"${md5(Body)}"`);
      etags.push(res.ETag!);
    }
    const listed = await s3.client.send(new ListPartsCommand({ Bucket, Key, UploadId }));
    expect(listed.Parts!.map((p) => [p.PartNumber, p.ETag, p.Size])).toEqual(bodies.map((b, i) => [i + 1, etags[i], b.length]));
    expect(listed.IsTruncated).toBe(false);
    const page = await s3.client.send(new ListPartsCommand({ Bucket, Key, UploadId, MaxParts: 2 }));
    expect(page).toMatchObject({ IsTruncated: true, NextPartNumberMarker: '2' });
    const rest = await s3.client.send(new ListPartsCommand({ Bucket, Key, UploadId, PartNumberMarker: '2' }));
    expect(rest.Parts!.map((p) => p.PartNumber)).toEqual([3]);

    // Another key with the same upload id: NoSuchUpload.
    expect(await s3Failure(s3.client.send(new ListPartsCommand({ Bucket, Key: 'm/other.bin', UploadId })))).toMatchObject({ name: 'NoSuchUpload', status: 404 });

    const complete = (parts: { PartNumber: number; ETag: string }[]) =>
      s3.client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
    expect(await s3Failure(complete([{ PartNumber: 1, ETag: etags[0]! }, { PartNumber: 2, ETag: etags[0]! }]))).toMatchObject({ name: 'InvalidPart', status: 400 });
    expect(await s3Failure(complete([{ PartNumber: 2, ETag: etags[1]! }, { PartNumber: 1, ETag: etags[0]! }]))).toMatchObject({ name: 'InvalidPartOrder', status: 400 });
    expect(await s3Failure(complete([{ PartNumber: 3, ETag: etags[2]! }, { PartNumber: 4, ETag: etags[2]! }]))).toMatchObject({ name: 'InvalidPart' });

    const done = await complete(etags.map((ETag, i) => ({ PartNumber: i + 1, ETag })));
    const expectedEtag = createHash('md5').update(Buffer.concat(bodies.map((b) => createHash('md5').update(b).digest()))).digest('hex');
    expect(done).toMatchObject({ Bucket, Key, ETag: `"${expectedEtag}-3"` });
    expect(done.Location).toBe(`${s3.server.endpoint}/${Bucket}/m/big.bin`);
    const head = await s3.client.send(new HeadObjectCommand({ Bucket, Key }));
    expect(head).toMatchObject({ ContentLength: 10 * MiB + 1234, ContentType: 'image/png' });
    const tail = await s3.client.send(new GetObjectCommand({ Bucket, Key, Range: `bytes=${5 * MiB - 1}-${5 * MiB}` }));
    expect([...(await tail.Body!.transformToByteArray())]).toEqual([1, 2]);
    // Completed: the upload is gone.
    expect(await s3Failure(s3.client.send(new ListPartsCommand({ Bucket, Key, UploadId })))).toMatchObject({ name: 'NoSuchUpload' });
  });

  it('refuses parts under 5 MiB except the last (EntityTooSmall) and aborts uploads', async () => {
    const Key = 'm/small-parts.bin';
    const { UploadId } = await s3.client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
    const a = await s3.client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 1, Body: part(1000, 7) }));
    const b = await s3.client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 2, Body: part(1000, 8) }));
    const err = await s3Failure(
      s3.client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: [{ PartNumber: 1, ETag: a.ETag }, { PartNumber: 2, ETag: b.ETag }] } }),
      ),
    );
    expect(err).toMatchObject({ name: 'EntityTooSmall', status: 400 });
    expect(await s3Failure(s3.client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 10_001, Body: 'x' })))).toMatchObject({ status: 400 });

    await s3.client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
    expect(await s3Failure(s3.client.send(new ListPartsCommand({ Bucket, Key, UploadId })))).toMatchObject({ name: 'NoSuchUpload', status: 404 });
    expect(await s3Failure(s3.client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 3, Body: 'x' })))).toMatchObject({ name: 'NoSuchUpload' });
    expect(await s3Failure(s3.client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })))).toMatchObject({ name: 'NoSuchUpload' });
    expect(await s3Failure(s3.client.send(new HeadObjectCommand({ Bucket, Key })))).toMatchObject({ status: 404 });
  });

  it('uploads parts through presigned URLs and answers the ETag to a browser origin', async () => {
    const Key = 'm/presigned-parts.bin';
    const { UploadId } = await s3.client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
    const url = await getSignedUrl(s3.client, new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 1 }), { expiresIn: 60 });
    const body = part(2048, 9);
    const res = await raw(url, { method: 'PUT', body, headers: { origin: 'http://app.test' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(`"${md5(body)}"`);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://app.test');
    expect(res.headers.get('access-control-expose-headers')).toContain('ETag');
  });
});

describe('CORS', () => {
  it('answers preflights of allowed origins and refuses others', async () => {
    const ok = await raw(`${s3.server.endpoint}/${Bucket}/any/key`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.test', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://app.test');
    expect(ok.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(ok.headers.get('access-control-allow-headers')).toBe('content-type');
    const other = await raw(`${s3.server.endpoint}/${Bucket}/any/key`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.test', 'access-control-request-method': 'PUT' },
    });
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("gives another origin's page nothing to read: no CORS answer on signed requests, nosniff on every answer", async () => {
    await s3.client.send(new PutObjectCommand({ Bucket, Key: 'cors/photo.jpg', Body: 'bytes', ContentType: 'image/jpeg' }));
    const url = await getSignedUrl(s3.client, new GetObjectCommand({ Bucket, Key: 'cors/photo.jpg' }), { expiresIn: 60 });
    const foreign = await raw(url, { headers: { origin: 'http://evil.test' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreign.headers.get('x-content-type-options')).toBe('nosniff');
    const own = await raw(url, { headers: { origin: 'http://app.test' } });
    expect(own.headers.get('access-control-allow-origin')).toBe('http://app.test');
    expect(own.headers.get('vary')).toContain('Origin');
    expect((await raw(`${s3.server.endpoint}/${Bucket}/cors/photo.jpg`)).headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('a development server only', () => {
  const base = { dataDir: '/tmp/unused-hsa-s3', credentials: testCredentials, region: 'us-east-1', buckets: [Bucket], corsOrigins: ['http://app.test'] };
  it('listens on loopback only and allows exact origins only', async () => {
    await expect(startEmbeddedS3({ ...base, host: '0.0.0.0' })).rejects.toThrow(/loopback only/);
    await expect(startEmbeddedS3({ ...base, corsOrigins: ['*'] })).rejects.toThrow(/exact origins/);
    expect(isLoopbackHost('127.0.0.1') && isLoopbackHost('::1') && !isLoopbackHost('10.0.0.2')).toBe(true);
  });

  it('refuses production, published keys and a missing product origin', () => {
    const env = { S3_ACCESS_KEY_ID: 'a'.repeat(20), S3_SECRET_ACCESS_KEY: 'b'.repeat(40), EMBEDDED_S3_CORS_ORIGINS: 'http://localhost:8080' };
    expect(readEmbeddedS3Config(env).corsOrigins).toEqual(['http://localhost:8080']);
    expect(() => readEmbeddedS3Config({ ...env, NODE_ENV: 'production' })).toThrow(/refuses NODE_ENV=production/);
    expect(() => readEmbeddedS3Config({ EMBEDDED_S3_CORS_ORIGINS: 'http://localhost:8080' })).toThrow(/S3_ACCESS_KEY_ID: is required/);
    expect(() => readEmbeddedS3Config({ ...env, S3_SECRET_ACCESS_KEY: 'hsa-dev-secret-key' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => readEmbeddedS3Config({ ...env, EMBEDDED_S3_CORS_ORIGINS: undefined })).toThrow(/EMBEDDED_S3_CORS_ORIGINS/);
  });
});
