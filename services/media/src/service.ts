import path from 'node:path';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadMediaProto } from '@hsa/protos';
import {
  createLogger,
  EventBus,
  openDatabase,
  startGrpcServer,
  startHealthServer,
  startOutboxRelay,
  type Database,
  type Logger,
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

export interface RunningMediaService {
  grpcPort: number;
  /** host:port a client on this machine can dial. */
  grpcAddress: string;
  healthPort: number | undefined;
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
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((err: unknown) => logger.warn({ err }, 'cleanup failed'));
    }
  };

  try {
    const database = await openDatabase({ serverUrl: config.databaseUrl, name: config.databaseName, migrationsFolder, logger });
    cleanups.push(() => database.close());

    const store = new ObjectStore(config.s3);
    cleanups.push(async () => store.close());

    const bus = new EventBus(config.natsUrl, logger, 'media');
    cleanups.push(() => bus.close());

    const relay = startOutboxRelay({
      pool: database.pool,
      db: database.db,
      bus,
      logger,
      ...(options.relayIntervalMs ? { intervalMs: options.relayIntervalMs } : {}),
    });
    cleanups.push(() => relay.stop());

    const grpcServer = await startGrpcServer({
      address: `${config.grpcHost}:${config.grpcPort}`,
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
      logger,
    });
    cleanups.push(() => grpcServer.close());

    let healthPort: number | undefined;
    if (config.healthPort !== undefined) {
      const healthServer = await startHealthServer(
        config.healthPort,
        config.grpcHost,
        {
          database: async () => (await database.pool.query('select 1')).rowCount === 1,
          objectStorage: () => store.ready(),
        },
        // The outbox keeps events while NATS is down, so NATS is reported but does not gate readiness.
        { informational: { nats: () => bus.connected } },
      );
      cleanups.push(() => closeHttpServer(healthServer));
      healthPort = (healthServer.address() as AddressInfo).port;
      logger.info({ port: healthPort }, 'health server listening');
    }

    const dialHost = config.grpcHost === '0.0.0.0' || config.grpcHost === '::' ? '127.0.0.1' : config.grpcHost;
    return {
      grpcPort: grpcServer.port,
      grpcAddress: `${dialHost}:${grpcServer.port}`,
      healthPort,
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

function closeHttpServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
