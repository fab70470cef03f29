import path from 'node:path';
import { loadValuationProto } from '@hsa/protos';
import {
  Cleanups,
  createLogger,
  defaultProviderCalls,
  openDatabase,
  ProviderCache,
  ProviderHttp,
  serveGrpc,
  type Database,
  type Logger,
  type ProviderHttpOptions,
  type ServingEndpoints,
  InternalTokenVerifier,
} from '@hsa/service-kit';
import { SalesRepository } from './adapters/db/sales-repository';
import { MeasuredEstimates } from './adapters/measured-estimates';
import { loadHpiCatalogOrWarn, loadOpenDataMarket, type LoadedMarket } from './adapters/open-data-loader';
import { GooglePlacesAddressProvider, googleConfigurationHint } from './adapters/providers/google-places';
import { OpenDataAddressProvider, OpenDataPropertyProvider } from './adapters/providers/open-data';
import { RentCastPropertyProvider, rentCastAuthHint } from './adapters/providers/rentcast';
import type { ValuationServiceConfig } from './config';
import { PlaceIndexes } from './domain/hpi';
import { ValuationOperations } from './domain/operations';
import type { AddressProvider, PropertyDataProvider } from './domain/providers';
import { valuationServiceHandlers } from './grpc/valuation-handlers';

/** The gRPC service name reported by the health service. */
export const VALUATION_SERVICE_NAME = 'valuation.v1.ValuationService';

/** Committed SQL migrations (one level above both src/ and dist/). */
export const migrationsFolder = path.resolve(__dirname, '..', 'migrations');

export interface ValuationServiceOptions {
  logger?: Logger;
}

export interface RunningValuationService extends ServingEndpoints {
  database: Database;
  operations: ValuationOperations;
  /** The embedded market (when a provider is open-data). */
  openData: LoadedMarket | undefined;
  /** What the UI says about the property data, e.g. "Sample market data: Sacramento, CA sales, May 2008". */
  dataSource: string;
  logger: Logger;
  close(): Promise<void>;
}

/**
 * Starts the valuation service in this process: database (created and migrated), the embedded sales
 * data (imported, AVM trained) when a provider needs it, the configured providers, the gRPC server with
 * the health service, and the HTTP health server. main.ts and tests use it.
 */
export async function startValuationService(
  config: ValuationServiceConfig,
  options: ValuationServiceOptions = {},
): Promise<RunningValuationService> {
  const logger = options.logger ?? createLogger('valuation', config.logLevel);
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

    const cache = new ProviderCache(database.db);
    await cache.prune().catch((err: unknown) => logger.warn({ err }, 'provider cache prune failed'));

    const hpiCatalog = loadHpiCatalogOrWarn(config.hpiDir, logger);
    const needsOpenData = config.addressProvider === 'open-data' || config.propertyDataProvider === 'open-data';
    const openData = needsOpenData
      ? await loadOpenDataMarket({
          repository: new SalesRepository(database.db),
          salesCsv: config.salesCsv,
          hpiCatalog,
          maxDistanceMiles: config.maxDistanceMiles,
          logger,
        })
      : undefined;

    const calls = { ...defaultProviderCalls, ...config.providerCalls };
    const http = (provider: string, label: string, authHint: string) =>
      new ProviderHttp({ provider, label, ...calls, cache, logger, authHint } satisfies ProviderHttpOptions);

    let addresses: AddressProvider;
    if (config.addressProvider === 'google') {
      if (!config.google) throw new Error('Invalid configuration:\n  GOOGLE_MAPS_API_KEY: required when ADDRESS_PROVIDER=google');
      addresses = new GooglePlacesAddressProvider(http('google-places', 'Google Places', googleConfigurationHint), config.google);
    } else {
      addresses = new OpenDataAddressProvider(openData!.market);
    }

    let data: PropertyDataProvider;
    if (config.propertyDataProvider === 'rentcast') {
      if (!config.rentcast) throw new Error('Invalid configuration:\n  RENTCAST_API_KEY: required when PROPERTY_DATA_PROVIDER=rentcast');
      data = new RentCastPropertyProvider(http('rentcast', 'RentCast', rentCastAuthHint), config.rentcast);
    } else {
      data = new OpenDataPropertyProvider(openData!.market);
    }
    logger.info({ addressProvider: addresses.name, propertyDataProvider: data.name, dataSource: data.dataSource }, 'providers ready');

    const operations = new ValuationOperations(addresses, new MeasuredEstimates(data), {
      indexes: hpiCatalog && new PlaceIndexes(hpiCatalog),
      priceIndex: openData?.index,
    });
    const endpoints = await serveGrpc({
      host: config.grpcHost,
      auth: new InternalTokenVerifier(config.trustedCallerKeys, 'valuation'),
      port: config.grpcPort,
      healthPort: config.healthPort,
      services: [
        {
          name: VALUATION_SERVICE_NAME,
          definition: loadValuationProto().ValuationService.service,
          handlers: valuationServiceHandlers(operations, logger),
        },
      ],
      readiness: { database: async () => (await database.pool.query('select 1')).rowCount === 1 },
      logger,
      cleanups,
    });
    return {
      ...endpoints,
      database,
      operations,
      openData,
      dataSource: data.dataSource,
      logger,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
