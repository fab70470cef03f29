import path from 'node:path';
import { loadMediaProto } from '@hsa/protos';
import {
  Cleanups,
  createLogger,
  type EventBus,
  openDatabase,
  serveGrpc,
  startEventOutbox,
  type Database,
  type Logger,
  type ServingEndpoints,
  type OutboxRelay,
  InternalTokenVerifier,
  optionalCheck,
} from '@hsa/service-kit';
import { PhotoRepository } from './adapters/db/photo-repository';
import { UploadRepository } from './adapters/db/upload-repository';
import { ObjectStore } from './adapters/s3/object-store';
import { UploadJanitor } from './adapters/upload-janitor';
import { mediaDefaults, type MediaServiceConfig } from './config';
import { mediaServiceHandlers } from './grpc/media-handlers';

/** The gRPC service name reported by the health service. */
export const MEDIA_SERVICE_NAME = 'media.v1.MediaService';

/** Committed SQL migrations (one level above both src/ and dist/). */
export const migrationsFolder = path.resolve(__dirname, '..', 'migrations');

export interface MediaServiceOptions {
  logger?: Logger;
  /** How often the outbox relay retries pending events (ms); it is also woken at every commit. */
  relayIntervalMs?: number;
}

export interface RunningMediaService extends ServingEndpoints {
  database: Database;
  store: ObjectStore;
  bus: EventBus;
  relay: OutboxRelay;
  /** Deletes expired uploads that were never attached (also on its own every cleanupIntervalMs). */
  janitor: UploadJanitor;
  logger: Logger;
  close(): Promise<void>;
}

/**
 * Starts the media service in this process: database (created and migrated), object storage client, event bus,
 * outbox relay, gRPC server with the health service, and the HTTP health server. main.ts and tests use it.
 */
export async function startMediaService(config: MediaServiceConfig, options: MediaServiceOptions = {}): Promise<RunningMediaService> {
  const logger = options.logger ?? createLogger('media', config.logLevel);
  const cleanups = new Cleanups(logger);
  const close = () => cleanups.run();

  try {
    const database = await openDatabase({ serverUrl: config.databaseUrl, name: config.databaseName, migrationsFolder, logger });
    cleanups.push(() => database.close());

    const store = new ObjectStore(config.s3);
    cleanups.push(async () => store.close());

    const uploads = new UploadRepository(database.db);
    const janitor = new UploadJanitor(uploads, store, logger);
    cleanups.push(janitor.start(config.cleanupIntervalMs ?? mediaDefaults.cleanupIntervalMs));

    const { bus, relay } = startEventOutbox({ name: 'media', natsUrl: config.natsUrl, database, logger, cleanups, relayIntervalMs: options.relayIntervalMs });

    const endpoints = await serveGrpc({
      host: config.grpcHost,
      auth: new InternalTokenVerifier(config.trustedCallerKeys, 'media'),
      port: config.grpcPort,
      healthPort: config.healthPort,
      services: [
        {
          name: MEDIA_SERVICE_NAME,
          definition: loadMediaProto().MediaService.service,
          handlers: mediaServiceHandlers({
            photos: new PhotoRepository(database.db),
            uploads,
            store,
            logger,
            limits: {
              maxObjectBytes: config.maxObjectBytes ?? mediaDefaults.maxObjectBytes,
              userQuotaBytes: config.userQuotaBytes ?? mediaDefaults.userQuotaBytes,
              maxPhotosPerProperty: config.maxPhotosPerProperty ?? mediaDefaults.maxPhotosPerProperty,
              uploadTtlMs: config.uploadTtlMs ?? mediaDefaults.uploadTtlMs,
              multipartTtlMs: config.multipartTtlMs ?? mediaDefaults.multipartTtlMs,
            },
          }),
        },
      ],
      readiness: {
        database: async () => (await database.pool.query('select 1')).rowCount === 1,
        // Required: every media call but listing needs the bucket. Upload URLs are signed locally, so without it the
        // service would still hand them out but each upload, attach (the object is read and processed), copy and
        // delete would fail; a replica that cannot take photos is not ready. Only media goes out of rotation: the
        // gateway counts the media service as optional, so the rest of the application stays up.
        objectStorage: () => store.ready(),
        // Events wait in the outbox while NATS is down and go out once it is back: reported as degraded, not failing.
        nats: optionalCheck(() => bus.connected),
      },
      logger,
      cleanups,
    });
    return {
      ...endpoints,
      database,
      store,
      bus,
      relay,
      janitor,
      logger,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
