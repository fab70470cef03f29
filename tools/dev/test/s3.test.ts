import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ensureS3 } from '../src/s3';

describe('ensureS3', () => {
  test('starts the embedded S3 server (built entry point) and hands out the environment the media service needs', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hsa-ensure-s3-'));
    const s3 = await ensureS3({ dataDir, port: 0, corsOrigins: ['http://localhost:8080'], logs: { kind: 'file', dir: dataDir }, env: {} });
    try {
      expect(s3.started).toBe(true);
      expect(s3.env).toMatchObject({
        S3_ENDPOINT: s3.endpoint,
        S3_PUBLIC_ENDPOINT: s3.endpoint,
        S3_BUCKET: 'hsa-media',
        S3_REGION: 'us-east-1',
        S3_FORCE_PATH_STYLE: 'true',
      });
      expect(s3.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      // Keys are made for the run, never the published development ones.
      expect(s3.env.S3_SECRET_ACCESS_KEY!.length).toBeGreaterThanOrEqual(32);
      expect(s3.env.S3_SECRET_ACCESS_KEY).not.toBe('hsa-dev-secret-key');
      const client = new S3Client({
        endpoint: s3.env.S3_ENDPOINT,
        region: s3.env.S3_REGION,
        forcePathStyle: true,
        credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
        requestChecksumCalculation: 'WHEN_REQUIRED',
      });
      await client.send(new PutObjectCommand({ Bucket: s3.env.S3_BUCKET, Key: 'launcher/check.txt', Body: 'stored' }));
      const got = await client.send(new GetObjectCommand({ Bucket: s3.env.S3_BUCKET, Key: 'launcher/check.txt' }));
      expect(await got.Body!.transformToString()).toBe('stored');
      client.destroy();
      expect(await readdir(path.join(dataDir, 'buckets'))).toEqual(['hsa-media']);
    } finally {
      await s3.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
    await expect(fetch(`${s3.endpoint}/minio/health/live`)).rejects.toThrow();
  });

  test('uses S3_ENDPOINT as it is when set (MinIO, AWS S3)', async () => {
    const env = { S3_ENDPOINT: 'http://minio.example:9000', S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', OTHER: 'x' };
    const s3 = await ensureS3({ dataDir: '/nonexistent', corsOrigins: ['http://localhost:8080'], logs: { kind: 'console' }, env });
    expect(s3).toMatchObject({ started: false, endpoint: 'http://minio.example:9000' });
    expect(s3.env).toEqual({ S3_ENDPOINT: 'http://minio.example:9000', S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
  });
});
