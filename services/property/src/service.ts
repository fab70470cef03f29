import path from 'node:path';
import { loadPropertyProto } from '@hsa/protos';
import {
  Cleanups,
  createLogger,
  openDatabase,
  serveGrpc,
  startEventOutbox,
  type EventBus,
  type Database,
  type Logger,
  type ServingEndpoints,
  type OutboxRelay,
  InternalTokenVerifier,
  optionalCheck,
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

export interface RunningPropertyService extends ServingEndpoints {
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
  const cleanups = new Cleanups(logger);
  const close = () => cleanups.run();

  try {
    const database = await openDatabase({
      serverUrl: config.databaseUrl,
      name: config.databaseName,
      migrationsFolder,
      logger,
    });
    cleanups.push(() => database.close());
    const { bus, relay } = startEventOutbox({
      name: 'property',
      natsUrl: config.natsUrl,
      database,
      logger,
      cleanups,
      relayIntervalMs: options.relayIntervalMs,
    });

    const repository = new PropertyRepository(database.db);
    const endpoints = await serveGrpc({
      host: config.grpcHost,
      auth: new InternalTokenVerifier(config.trustedCallerKeys, 'property'),
      port: config.grpcPort,
      healthPort: config.healthPort,
      services: [
        {
          name: PROPERTY_SERVICE_NAME,
          definition: loadPropertyProto().PropertyService.service,
          handlers: propertyServiceHandlers(repository, logger),
        },
      ],
      readiness: {
        database: async () => (await database.pool.query('select 1')).rowCount === 1,
        // Events wait in the outbox while NATS is down and go out once it is back: reported as degraded, not failing.
        nats: optionalCheck(() => bus.connected),
      },
      logger,
      cleanups,
    });
    return { ...endpoints, database, bus, relay, logger, close };
  } catch (err) {
    await close();
    throw err;
  }
}
