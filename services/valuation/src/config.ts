import path from 'node:path';
import { z } from 'zod';
import {
  commonConfigSchema,
  portVar,
  providerCallEnv,
  providerCallsFrom,
  readConfig,
  trustedCallerKeysVar,
  type JSONWebKeySet,
  type ProviderCallSettings,
} from '@hsa/service-kit';
import type { AddressProviderName, PropertyDataProviderName } from './domain/providers';

/** The repository root (this file is in services/valuation/src or services/valuation/dist). */
export const repoRoot = path.resolve(__dirname, '..', '..', '..');
/** The shared data folder next to the repository (sales CSV, FHFA index files). */
export const defaultDataDir = path.resolve(repoRoot, '..', 'shared', 'data');

/** What the valuation service needs to run (see the README's configuration table). */
export interface ValuationServiceConfig {
  databaseUrl: string;
  databaseName: string;
  grpcHost: string;
  /** Public keys of the components allowed to call (INTERNAL_AUTH_PUBLIC_KEYS). */
  trustedCallerKeys: JSONWebKeySet;
  /** 0 picks a free port (tests). */
  grpcPort: number;
  /** HTTP /healthz and /readyz; undefined = no health server, 0 = a free port (tests). */
  healthPort?: number | undefined;
  /** The embedded sales data (imported at start when a provider is open-data). */
  salesCsv: string;
  /** Folder of the FHFA house price index files. */
  hpiDir: string;
  addressProvider: AddressProviderName;
  propertyDataProvider: PropertyDataProviderName;
  google?: { apiKey: string; baseUrl: string } | undefined;
  rentcast?: { apiKey: string; baseUrl: string } | undefined;
  providerCalls?: Partial<ProviderCallSettings>;
  /** No estimate for homes farther than this from every embedded sale. */
  maxDistanceMiles?: number;
  logLevel?: string;
}

export const valuationEnvSchema = commonConfigSchema
  .extend({
    DATABASE_URL: z.string().url(),
    VALUATION_DATABASE_NAME: z.string().default('hsa_valuation'),
    VALUATION_GRPC_HOST: z.string().default('127.0.0.1'),
  INTERNAL_AUTH_PUBLIC_KEYS: trustedCallerKeysVar,
    VALUATION_GRPC_PORT: portVar(50052),
    VALUATION_HEALTH_PORT: portVar(8092),
    VALUATION_SALES_CSV: z.string().default(path.join(defaultDataDir, 'sacramento-sales.csv')),
    VALUATION_HPI_DIR: z.string().default(defaultDataDir),
    VALUATION_MAX_DISTANCE_MILES: z.coerce.number().positive().default(15),
    ADDRESS_PROVIDER: z.enum(['open-data', 'google']).default('open-data'),
    PROPERTY_DATA_PROVIDER: z.enum(['open-data', 'rentcast']).default('open-data'),
    ...providerCallEnv,
    RENTCAST_API_KEY: z.string().optional(),
    RENTCAST_BASE_URL: z.string().url().default('https://api.rentcast.io'),
  })
  .superRefine((env, ctx) => {
    if (env.ADDRESS_PROVIDER === 'google' && !env.GOOGLE_MAPS_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_MAPS_API_KEY'], message: 'required when ADDRESS_PROVIDER=google' });
    }
    if (env.PROPERTY_DATA_PROVIDER === 'rentcast' && !env.RENTCAST_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['RENTCAST_API_KEY'], message: 'required when PROPERTY_DATA_PROVIDER=rentcast' });
    }
  });

/** Reads the service's environment; VALUATION_HEALTH_PORT=0 turns the health server off. */
export function readValuationConfig(env: NodeJS.ProcessEnv = process.env): ValuationServiceConfig {
  const e = readConfig(valuationEnvSchema, env);
  return {
    databaseUrl: e.DATABASE_URL,
    databaseName: e.VALUATION_DATABASE_NAME,
    grpcHost: e.VALUATION_GRPC_HOST,
    trustedCallerKeys: e.INTERNAL_AUTH_PUBLIC_KEYS,
    grpcPort: e.VALUATION_GRPC_PORT,
    healthPort: e.VALUATION_HEALTH_PORT === 0 ? undefined : e.VALUATION_HEALTH_PORT,
    salesCsv: path.resolve(e.VALUATION_SALES_CSV),
    hpiDir: path.resolve(e.VALUATION_HPI_DIR),
    addressProvider: e.ADDRESS_PROVIDER,
    propertyDataProvider: e.PROPERTY_DATA_PROVIDER,
    google: e.GOOGLE_MAPS_API_KEY ? { apiKey: e.GOOGLE_MAPS_API_KEY, baseUrl: e.GOOGLE_PLACES_BASE_URL } : undefined,
    rentcast: e.RENTCAST_API_KEY ? { apiKey: e.RENTCAST_API_KEY, baseUrl: e.RENTCAST_BASE_URL } : undefined,
    providerCalls: providerCallsFrom(e),
    maxDistanceMiles: e.VALUATION_MAX_DISTANCE_MILES,
    logLevel: e.LOG_LEVEL,
  };
}
