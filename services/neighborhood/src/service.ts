import path from 'node:path';
import { loadNeighborhoodProto } from '@hsa/protos';
import { Cleanups, createLogger, openDatabase, serveGrpc, type Database, type Logger, type ServingEndpoints } from '@hsa/service-kit';
import { AiNarrator } from './adapters/ai-narrator';
import { InsightsCache } from './adapters/db/insights-cache';
import { ValuationMarket } from './adapters/valuation-market';
import type { NeighborhoodServiceConfig } from './config';
import { NeighborhoodOperations } from './domain/operations';
import { neighborhoodServiceHandlers } from './grpc/neighborhood-handlers';

export const NEIGHBORHOOD_SERVICE_NAME = 'neighborhood.v1.NeighborhoodService';

/** Committed SQL migrations (one level above both src/ and dist/). */
export const migrationsFolder = path.resolve(__dirname, '..', 'migrations');

export interface RunningNeighborhoodService extends ServingEndpoints {
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
  const cleanups = new Cleanups(logger);
  const close = () => cleanups.run();

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

    const endpoints = await serveGrpc({
      host: config.grpcHost,
      port: config.grpcPort,
      healthPort: config.healthPort,
      services: [
        {
          name: NEIGHBORHOOD_SERVICE_NAME,
          definition: loadNeighborhoodProto().NeighborhoodService.service,
          handlers: neighborhoodServiceHandlers(operations, logger),
        },
      ],
      readiness: { database: async () => (await database.pool.query('select 1')).rowCount === 1 },
      // Without the valuation service the insights lack market context but still answer.
      informational: { valuationService: () => market.ready() },
      logger,
      cleanups,
    });
    return { ...endpoints, database, cache, logger, close };
  } catch (err) {
    await close();
    throw err;
  }
}
