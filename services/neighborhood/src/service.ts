import path from 'node:path';
import { loadNeighborhoodProto } from '@hsa/protos';
import {
  Cleanups,
  createLogger,
  defaultProviderCalls,
  InternalTokenSigner,
  InternalTokenVerifier,
  openDatabase,
  ProviderCache,
  ProviderHttp,
  serveGrpc,
  type Database,
  type Logger,
  type ServingEndpoints,
  optionalCheck,
} from '@hsa/service-kit';
import { AiNarrator } from './adapters/ai-narrator';
import { InsightsCache } from './adapters/db/insights-cache';
import { GooglePlacesNearby, googleNearbyConfigurationHint } from './adapters/google-places-nearby';
import { MapTiles } from './adapters/open-data/map-tiles';
import { OpenNeighborhoodData } from './adapters/open-data/open-data';
import { ValuationMarket } from './adapters/valuation-market';
import type { NeighborhoodServiceConfig } from './config';
import { NeighborhoodOperations } from './domain/operations';
import type { PlaceSource } from './domain/places';
import { neighborhoodServiceHandlers } from './grpc/neighborhood-handlers';

export const NEIGHBORHOOD_SERVICE_NAME = 'neighborhood.v1.NeighborhoodService';

/** Committed SQL migrations (one level above both src/ and dist/). */
export const migrationsFolder = path.resolve(__dirname, '..', 'migrations');

export interface RunningNeighborhoodService extends ServingEndpoints {
  database: Database;
  cache: InsightsCache;
  data: OpenNeighborhoodData;
  logger: Logger;
  close(): Promise<void>;
}

/** Reads the neighborhood data folder, or says plainly where it was looked for. */
function loadData(dataDir: string, logger: Logger): OpenNeighborhoodData {
  try {
    const started = Date.now();
    const { data, skipped } = OpenNeighborhoodData.load(dataDir);
    logger.info(
      { dataDir, schools: data.schools.length, parks: data.parks.length, grocery: data.grocery.length, stops: data.stops.length, ms: Date.now() - started },
      'neighborhood data loaded',
    );
    for (const s of skipped) logger.warn(s, 'rows skipped in the neighborhood data (unreadable or without coordinates)');
    return data;
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') throw new Error(`Neighborhood data not found in ${dataDir}: set NEIGHBORHOOD_DATA_DIR`);
    throw err;
  }
}

/**
 * Starts the neighborhood service in this process: database (created and migrated), the neighborhood data and
 * its map tiles, the place source (public data, or Google Places), the clients of the valuation and AI services,
 * the gRPC server with health, and the HTTP health server.
 */
export async function startNeighborhoodService(
  config: NeighborhoodServiceConfig,
  options: { logger?: Logger } = {},
): Promise<RunningNeighborhoodService> {
  const logger = options.logger ?? createLogger('neighborhood', config.logLevel);
  const cleanups = new Cleanups(logger);
  const close = () => cleanups.run();

  try {
    const data = loadData(config.dataDir, logger);
    const tiles = await MapTiles.build(data);
    const database = await openDatabase({ serverUrl: config.databaseUrl, name: config.databaseName, migrationsFolder, logger, poolSize: 5 });
    cleanups.push(() => database.close());
    const cache = new InsightsCache(database.db, config.cacheTtlMs);
    const providerCache = new ProviderCache(database.db);
    const purge = () => {
      void cache.purge().catch((err: unknown) => logger.warn({ err }, 'cache purge failed'));
      void providerCache.prune().catch((err: unknown) => logger.warn({ err }, 'provider cache prune failed'));
    };
    purge();
    const timer = setInterval(purge, 3_600_000);
    cleanups.push(() => clearInterval(timer));

    let places: PlaceSource = data;
    if (config.placesProvider === 'google') {
      if (!config.google) throw new Error('Invalid configuration:\n  GOOGLE_MAPS_API_KEY: required when NEIGHBORHOOD_PLACES_PROVIDER=google');
      const calls = { ...defaultProviderCalls, ...config.providerCalls };
      places = new GooglePlacesNearby(
        new ProviderHttp({ provider: 'google-places-nearby', label: 'Google Places', ...calls, cache: providerCache, logger, authHint: googleNearbyConfigurationHint }),
        config.google,
      );
    }
    logger.info({ placesProvider: places.name }, 'place source ready');

    const signer = new InternalTokenSigner(config.callerKey, 'neighborhood');
    const market = new ValuationMarket(config.valuationAddress, config.valuationTimeoutMs, signer);
    cleanups.push(() => market.close());
    const narrator = config.aiAddress ? new AiNarrator(config.aiAddress, config.aiTimeoutMs, signer) : null;
    if (narrator) cleanups.push(() => narrator.close());
    const operations = new NeighborhoodOperations({ market, places, areas: data, narrator, store: cache, logger });

    const endpoints = await serveGrpc({
      host: config.grpcHost,
      auth: new InternalTokenVerifier(config.trustedCallerKeys, 'neighborhood'),
      port: config.grpcPort,
      healthPort: config.healthPort,
      services: [
        {
          name: NEIGHBORHOOD_SERVICE_NAME,
          definition: loadNeighborhoodProto().NeighborhoodService.service,
          handlers: neighborhoodServiceHandlers(operations, tiles, logger),
        },
      ],
      readiness: {
        database: async () => (await database.pool.query('select 1')).rowCount === 1,
        // Without the valuation service the insights lack market context but still answer: degraded, not failing.
        valuationService: optionalCheck(() => market.ready()),
      },
      logger,
      cleanups,
    });
    return { ...endpoints, database, cache, data, logger, close };
  } catch (err) {
    await close();
    throw err;
  }
}
