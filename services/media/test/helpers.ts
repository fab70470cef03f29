import { randomUUID } from 'node:crypto';
import { loadMediaProto, type MediaServiceClient } from '@hsa/protos';
import { AppError, createClient, createLogger, type Logger } from '@hsa/service-kit';
import { dropDatabase, testNatsUrl, testServerUrl, uniqueDatabaseName, testTrustedCallerKeys, testClientAuth } from '@hsa/service-kit/testing';
import { expect } from 'vitest';
import { startMediaService, type MediaServiceConfig, type RunningMediaService } from '../src';
import { startTestS3, testBucket, testCredentials, testRegion, type TestS3 } from './s3-support';

export const testLogger = (): Logger => createLogger('media-test', process.env.LOG_LEVEL ?? 'silent');

export interface TestMedia {
  s3: TestS3;
  service: RunningMediaService;
  client: MediaServiceClient;
  databaseName: string;
  stop(): Promise<void>;
}

/** The embedded S3 server and the real media service on free ports, with a throwaway database. */
export async function startTestMedia(overrides: Partial<MediaServiceConfig> = {}): Promise<TestMedia> {
  const s3 = await startTestS3();
  const databaseName = uniqueDatabaseName('media');
  const service = await startMediaService(
    {
      databaseUrl: testServerUrl(),
      databaseName,
      grpcHost: '127.0.0.1', trustedCallerKeys: testTrustedCallerKeys(),
      grpcPort: 0,
      healthPort: 0,
      natsUrl: testNatsUrl(),
      s3: {
        endpoint: s3.server.endpoint,
        region: testRegion,
        bucket: testBucket,
        accessKeyId: testCredentials.accessKeyId,
        secretAccessKey: testCredentials.secretAccessKey,
        forcePathStyle: true,
      },
      ...overrides,
    },
    { logger: testLogger(), relayIntervalMs: 200 },
  );
  const client = createClient(loadMediaProto().MediaService, service.grpcAddress, testClientAuth('media'));
  return {
    s3,
    service,
    client,
    databaseName,
    stop: async () => {
      client.close();
      await service.close();
      await s3.close();
      await dropDatabase(databaseName);
    },
  };
}

export const newUserId = () => `user-${randomUUID()}`;
export const newPropertyId = () => randomUUID();

/** The AppError a call rejects with. */
export async function failure(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

/** PUTs bytes to a presigned URL the way a browser does (headers the URL was signed with included). */
export async function putTo(url: string, body: Uint8Array | string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'PUT', body, headers });
  return { status: res.status, etag: res.headers.get('etag'), text: await res.text() };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
