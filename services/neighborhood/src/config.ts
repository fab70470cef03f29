import path from 'node:path';
import { z } from 'zod';
import {
  callerKeyEnv,
  callerKeyFrom,
  commonConfigSchema,
  portVar,
  providerCallEnv,
  providerCallsFrom,
  readConfig,
  trustedCallerKeysVar,
  type JSONWebKeySet,
  type JWK,
  type ProviderCallSettings,
} from '@hsa/service-kit';

/** The repository root (this file is in services/neighborhood/src or services/neighborhood/dist). */
export const repoRoot = path.resolve(__dirname, '..', '..', '..');
/** The neighborhood data next to the repository (schools, parks, grocery, transit, tracts, neighborhood names). */
export const defaultNeighborhoodDataDir = path.resolve(repoRoot, '..', 'shared', 'data', 'neighborhood');

export type PlacesProviderName = 'open-data' | 'google';


/** What the neighborhood service needs to run (see the README's configuration table). */
export interface NeighborhoodServiceConfig {
  databaseUrl: string;
  databaseName: string;
  grpcHost: string;
  /** Public keys of the components allowed to call (INTERNAL_AUTH_PUBLIC_KEYS). */
  trustedCallerKeys: JSONWebKeySet;
  /** Its own private key, signing its calls to valuation and ai (INTERNAL_AUTH_PRIVATE_KEY). */
  callerKey: JWK;
  /** 0 picks a free port (tests). */
  grpcPort: number;
  /** HTTP /healthz and /readyz; undefined = no health server, 0 = a free port (tests). */
  healthPort?: number | undefined;
  /** The valuation service (nearby recorded sales). */
  valuationAddress: string;
  /** The AI service (narrative by a model); undefined = the embedded text only. */
  aiAddress?: string | undefined;
  /** How long insights are kept per location. */
  cacheTtlMs: number;
  valuationTimeoutMs: number;
  aiTimeoutMs: number;
  /** The neighborhood data folder (areas and map layers always; places with the open-data provider). */
  dataDir: string;
  placesProvider: PlacesProviderName;
  google?: { apiKey: string; baseUrl: string } | undefined;
  providerCalls?: Partial<ProviderCallSettings>;
  logLevel?: string;
}

export const neighborhoodEnvSchema = commonConfigSchema
  .extend({
    DATABASE_URL: z.string().url(),
    NEIGHBORHOOD_DATABASE_NAME: z.string().default('hsa_neighborhood'),
    NEIGHBORHOOD_GRPC_HOST: z.string().default('127.0.0.1'),
    INTERNAL_AUTH_PUBLIC_KEYS: trustedCallerKeysVar,
    ...callerKeyEnv('neighborhood'),
    NEIGHBORHOOD_GRPC_PORT: portVar(50055),
    NEIGHBORHOOD_HEALTH_PORT: portVar(8095),
    VALUATION_SERVICE_ADDRESS: z.string().default('127.0.0.1:50052'),
    /** Empty turns the model narrative off. */
    AI_SERVICE_ADDRESS: z.string().default('127.0.0.1:50054'),
    NEIGHBORHOOD_CACHE_TTL_HOURS: z.coerce.number().min(0).default(24 * 7),
    NEIGHBORHOOD_VALUATION_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    NEIGHBORHOOD_AI_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
    NEIGHBORHOOD_DATA_DIR: z.string().default(defaultNeighborhoodDataDir),
    NEIGHBORHOOD_PLACES_PROVIDER: z.enum(['open-data', 'google']).default('open-data'),
    ...providerCallEnv,
  })
  .superRefine((env, ctx) => {
    if (env.NEIGHBORHOOD_PLACES_PROVIDER === 'google' && !env.GOOGLE_MAPS_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_MAPS_API_KEY'], message: 'required when NEIGHBORHOOD_PLACES_PROVIDER=google' });
    }
  });

export function readNeighborhoodConfig(env: NodeJS.ProcessEnv = process.env): NeighborhoodServiceConfig {
  const e = readConfig(neighborhoodEnvSchema, env);
  return {
    databaseUrl: e.DATABASE_URL,
    databaseName: e.NEIGHBORHOOD_DATABASE_NAME,
    grpcHost: e.NEIGHBORHOOD_GRPC_HOST,
    trustedCallerKeys: e.INTERNAL_AUTH_PUBLIC_KEYS,
    callerKey: callerKeyFrom(e, 'neighborhood'),
    grpcPort: e.NEIGHBORHOOD_GRPC_PORT,
    healthPort: e.NEIGHBORHOOD_HEALTH_PORT === 0 ? undefined : e.NEIGHBORHOOD_HEALTH_PORT,
    valuationAddress: e.VALUATION_SERVICE_ADDRESS,
    aiAddress: e.AI_SERVICE_ADDRESS.trim() || undefined,
    cacheTtlMs: e.NEIGHBORHOOD_CACHE_TTL_HOURS * 3_600_000,
    valuationTimeoutMs: e.NEIGHBORHOOD_VALUATION_TIMEOUT_MS,
    aiTimeoutMs: e.NEIGHBORHOOD_AI_TIMEOUT_MS,
    dataDir: path.resolve(e.NEIGHBORHOOD_DATA_DIR),
    placesProvider: e.NEIGHBORHOOD_PLACES_PROVIDER,
    google: e.GOOGLE_MAPS_API_KEY ? { apiKey: e.GOOGLE_MAPS_API_KEY, baseUrl: e.GOOGLE_PLACES_BASE_URL } : undefined,
    providerCalls: providerCallsFrom(e),
    logLevel: e.LOG_LEVEL,
  };
}
