import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { startMediaService, type RunningMediaService } from '@hsa/media';
import { startEmbeddedS3, type RunningEmbeddedS3 } from '@hsa/media/embedded-s3';
import { startPropertyService, type RunningPropertyService } from '@hsa/property';
import { createLogger } from '@hsa/service-kit';
import { dropDatabase, testNatsUrl, testServerUrl, uniqueDatabaseName, testTrustedCallerKeys, testSigner } from '@hsa/service-kit/testing';
import { MediaClient } from '../../src/adapters/media-client';
import { PropertyClient } from '../../src/adapters/property-client';
import { apiNotFound, errorHandler } from '../../src/http/errors';
import { mediaRoutes } from '../../src/http/media-routes';
import { noRateLimits } from '../../src/http/rate-limits';

/** Header naming the signed-in user in the composed test app (the real gateway takes it from the session). */
export const TEST_USER_HEADER = 'x-test-user';

export interface MediaTestStack {
  url: string;
  s3: RunningEmbeddedS3;
  property: RunningPropertyService;
  media: RunningMediaService;
  properties: PropertyClient;
  close(): Promise<void>;
}

/**
 * The real property and media services and the embedded S3 server (real PostgreSQL and NATS) behind a small
 * Express app composed like the gateway's /api: JSON body parser, the media routes, the API 404 and the gateway's
 * error handler. The signed-in user comes from a test header.
 */
export async function startMediaTestStack(): Promise<MediaTestStack> {
  const logger = createLogger('gateway-media-test', process.env.LOG_LEVEL ?? 'silent');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hsa-gw-s3-'));
  const credentials = { accessKeyId: 'gw-test-key', secretAccessKey: 'gw-test-secret-0123456789' };
  const bucket = 'hsa-gw-test';
  const s3 = await startEmbeddedS3({ dataDir, credentials, region: 'us-east-1', buckets: [bucket], corsOrigins: ['http://app.test'] });
  const propertyDb = uniqueDatabaseName('gwm_prop');
  const mediaDb = uniqueDatabaseName('gwm_media');
  const property = await startPropertyService(
    { databaseUrl: testServerUrl(), databaseName: propertyDb, grpcHost: '127.0.0.1', trustedCallerKeys: testTrustedCallerKeys(), grpcPort: 0, natsUrl: testNatsUrl() },
    { logger, relayIntervalMs: 200 },
  );
  const media = await startMediaService(
    {
      databaseUrl: testServerUrl(),
      databaseName: mediaDb,
      grpcHost: '127.0.0.1', trustedCallerKeys: testTrustedCallerKeys(),
      grpcPort: 0,
      natsUrl: testNatsUrl(),
      s3: { endpoint: s3.endpoint, region: 'us-east-1', bucket, ...credentials, forcePathStyle: true },
    },
    { logger, relayIntervalMs: 200 },
  );
  const properties = new PropertyClient(testSigner(), property.grpcAddress, 5000);
  const mediaClient = new MediaClient(testSigner(), media.grpcAddress, 5000);

  const app = express();
  app.use('/api', express.json({ limit: '1mb' }));
  app.use((req, _res, next) => {
    const id = req.get(TEST_USER_HEADER);
    if (id) req.user = { id, email: `${id}@example.com`, firstName: 'Test', lastName: 'User', profileImageUrl: null };
    next();
  });
  app.use(mediaRoutes({ media: mediaClient, properties, limit: noRateLimits }));
  app.use('/api', apiNotFound);
  app.use(errorHandler(logger));

  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    s3,
    property,
    media,
    properties,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      mediaClient.close();
      properties.close();
      await media.close();
      await property.close();
      await s3.close();
      await rm(dataDir, { recursive: true, force: true });
      await dropDatabase(propertyDb);
      await dropDatabase(mediaDb);
    },
  };
}
