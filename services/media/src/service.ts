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
} from '@hsa/service-kit';
import { PhotoRepository } from './adapters/db/photo-repository';
import { ObjectStore } from './adapters/s3/object-store';
import type { MediaServiceConfig } from './config';
import { mediaServiceHandlers } from './grpc/media-handlers';

/** The gRPC service name reported by the health service. */
export const MEDIA_SERVICE_NAME = 'media.v1.MediaService';

/** Committed SQL migrations (one level above both src/ and dist/). */
export const migrationsFolder = path.resolve(__dirname, '..', 'migrations');

const DEFAULT_MAX_OBJECT_BYTES = 5 * 1024 * 1024 * 1024;

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

    const { bus, relay } = startEventOutbox({ name: 'media', natsUrl: config.natsUrl, database, logger, cleanups, relayIntervalMs: options.relayIntervalMs });

    const endpoints = await serveGrpc({
      host: config.grpcHost,
      port: config.grpcPort,
      healthPort: config.healthPort,
      services: [
        {
          name: MEDIA_SERVICE_NAME,
          definition: loadMediaProto().MediaService.service,
          handlers: mediaServiceHandlers({
            photos: new PhotoRepository(database.db),
            store,
            logger,
            maxObjectBytes: config.maxObjectBytes ?? DEFAULT_MAX_OBJECT_BYTES,
          }),
        },
      ],
      readiness: {
        database: async () => (await database.pool.query('select 1')).rowCount === 1,
        objectStorage: () => store.ready(),
      },
      // The outbox keeps events while NATS is down, so NATS is reported but does not gate readiness.
      informational: { nats: () => bus.connected },
      logger,
      cleanups,
    });
    return {
      ...endpoints,
      database,
      store,
      bus,
      relay,
      logger,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
