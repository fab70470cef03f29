import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { startEmbeddedS3, type RunningEmbeddedS3 } from '../src/embedded-s3';

export const testCredentials = { accessKeyId: 'test-access-key', secretAccessKey: 'test-secret-key-0123456789' };
export const testRegion = 'us-east-1';
export const testBucket = 'hsa-test-media';
/** The product's origin as the tests' S3 server knows it (CORS). */
export const testOrigin = 'http://app.test';

export interface TestS3 {
  server: RunningEmbeddedS3;
  dataDir: string;
  /** An SDK client for the server, as the media service configures one. */
  client: S3Client;
  close(): Promise<void>;
}

/** The embedded S3 server on a free loopback port with its own temporary data folder. */
export async function startTestS3(options: { corsOrigins?: string[] } = {}): Promise<TestS3> {
  const corsOrigins = options.corsOrigins ?? [testOrigin];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hsa-s3-'));
  const server = await startEmbeddedS3({
    dataDir,
    credentials: testCredentials,
    region: testRegion,
    buckets: [testBucket],
    corsOrigins,
  });
  const client = sdkClient(server.endpoint);
  return {
    server,
    dataDir,
    client,
    close: async () => {
      client.destroy();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function sdkClient(endpoint: string, credentials = testCredentials, region = testRegion): S3Client {
  return new S3Client({
    endpoint,
    region,
    credentials,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
