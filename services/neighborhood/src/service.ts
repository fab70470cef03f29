import path from 'node:path';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadNeighborhoodProto } from '@hsa/protos';
import { createLogger, openDatabase, startGrpcServer, startHealthServer, type Database, type Logger } from '@hsa/service-kit';
import { AiNarrator } from './adapters/ai-narrator';
import { InsightsCache } from './adapters/db/insights-cache';
import { ValuationMarket } from './adapters/valuation-market';
import type { NeighborhoodServiceConfig } from './config';
import { NeighborhoodOperations } from './domain/operations';
import { neighborhoodServiceHandlers } from './grpc/neighborhood-handlers';

export const NEIGHBORHOOD_SERVICE_NAME = 'neighborhood.v1.NeighborhoodService';

/** Committed SQL migrations (one level above both src/ and dist/). */
export const migrationsFolder = path.resolve(__dirname, '..', 'migrations');

export interface RunningNeighborhoodService {
  grpcPort: number;
  grpcAddress: string;
  healthPort: number | undefined;
  database: Database;
  cache: InsightsCache;
  logger: Logger;
  close(): Promise<void>;
}

/**
 * Starts the neighborhood service in this process: database (created and migrated), the clients of the
 * valuation and AI services, the gRPC server with health, and the HTTP health server.
 */
export async function startNeighborhoodService(
  config: NeighborhoodServiceConfig,
  options: { logger?: Logger } = {},
): Promise<RunningNeighborhoodService> {
  const logger = options.logger ?? createLogger('neighborhood', config.logLevel);
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (err) {
        logger.warn({ err }, 'cleanup failed');
      }
    }
  };

  try {
    const database = await openDatabase({ serverUrl: config.databaseUrl, name: config.databaseName, migrationsFolder, logger, poolSize: 5 });
    cleanups.push(() => database.close());
    const cache = new InsightsCache(database.db, config.cacheTtlMs);
    const purge = setInterval(() => void cache.purge().catch((err: unknown) => logger.warn({ err }, 'cache purge failed')), 3_600_000);
    cleanups.push(() => clearInterval(purge));

    const market = new ValuationMarket(config.valuationAddress, config.valuationTimeoutMs);
    cleanups.push(() => market.close());
    const narrator = config.aiAddress ? new AiNarrator(config.aiAddress, config.aiTimeoutMs) : null;
    if (narrator) cleanups.push(() => narrator.close());
    const operations = new NeighborhoodOperations(market, narrator, cache, logger);

    const grpcServer = await startGrpcServer({
      address: `${config.grpcHost}:${config.grpcPort}`,
      services: [
        {
          name: NEIGHBORHOOD_SERVICE_NAME,
          definition: loadNeighborhoodProto().NeighborhoodService.service,
          handlers: neighborhoodServiceHandlers(operations, logger),
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
        // Without the valuation service the insights lack market context but still answer.
        { informational: { valuationService: () => market.ready() } },
      );
      cleanups.push(() => closeHttpServer(healthServer));
      healthPort = (healthServer.address() as AddressInfo).port;
    }

    const dialHost = config.grpcHost === '0.0.0.0' || config.grpcHost === '::' ? '127.0.0.1' : config.grpcHost;
    return { grpcPort: grpcServer.port, grpcAddress: `${dialHost}:${grpcServer.port}`, healthPort, database, cache, logger, close };
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
