import path from 'node:path';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadPropertyProto } from '@hsa/protos';
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
import { PropertyRepository } from './adapters/db/property-repository';
import type { PropertyServiceConfig } from './config';
import { propertyServiceHandlers } from './grpc/property-handlers';

/** The gRPC service name reported by the health service. */
export const PROPERTY_SERVICE_NAME = 'property.v1.PropertyService';

/** Committed SQL migrations (one level above both src/ and dist/). */
export const migrationsFolder = path.resolve(__dirname, '..', 'migrations');

export interface PropertyServiceOptions {
  logger?: Logger;
  /** How often the outbox relay retries pending events (ms); it is also woken at every commit. */
  relayIntervalMs?: number;
}

export interface RunningPropertyService {
  grpcPort: number;
  /** host:port a client on this machine can dial. */
  grpcAddress: string;
  healthPort: number | undefined;
  database: Database;
  bus: EventBus;
  relay: OutboxRelay;
  logger: Logger;
  close(): Promise<void>;
}

/**
 * Starts the property service in this process: database (created and migrated), event bus, outbox
 * relay, gRPC server with the health service, and the HTTP health server. main.ts and tests use it.
 */
export async function startPropertyService(
  config: PropertyServiceConfig,
  options: PropertyServiceOptions = {},
): Promise<RunningPropertyService> {
  const logger = options.logger ?? createLogger('property', config.logLevel);
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((err: unknown) => logger.warn({ err }, 'cleanup failed'));
    }
  };

  try {
    const database = await openDatabase({
      serverUrl: config.databaseUrl,
      name: config.databaseName,
      migrationsFolder,
      logger,
    });
    cleanups.push(() => database.close());

    const bus = new EventBus(config.natsUrl, logger, 'property');
    cleanups.push(() => bus.close());

    const relay = startOutboxRelay({
      pool: database.pool,
      db: database.db,
      bus,
      logger,
      ...(options.relayIntervalMs ? { intervalMs: options.relayIntervalMs } : {}),
    });
    cleanups.push(() => relay.stop());

    const repository = new PropertyRepository(database.db);
    const grpcServer = await startGrpcServer({
      address: `${config.grpcHost}:${config.grpcPort}`,
      services: [
        {
          name: PROPERTY_SERVICE_NAME,
          definition: loadPropertyProto().PropertyService.service,
          handlers: propertyServiceHandlers(repository, logger),
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
        { database: async () => (await database.pool.query('select 1')).rowCount === 1 },
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
