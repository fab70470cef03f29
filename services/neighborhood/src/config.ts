import { z } from 'zod';
import { commonConfigSchema, portVar, readConfig } from '@hsa/service-kit';

/** What the neighborhood service needs to run (see the README's configuration table). */
export interface NeighborhoodServiceConfig {
  databaseUrl: string;
  databaseName: string;
  grpcHost: string;
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
  logLevel?: string;
}

export const neighborhoodEnvSchema = commonConfigSchema.extend({
  DATABASE_URL: z.string().url(),
  NEIGHBORHOOD_DATABASE_NAME: z.string().default('hsa_neighborhood'),
  NEIGHBORHOOD_GRPC_HOST: z.string().default('0.0.0.0'),
  NEIGHBORHOOD_GRPC_PORT: portVar(50055),
  NEIGHBORHOOD_HEALTH_PORT: portVar(8095),
  VALUATION_SERVICE_ADDRESS: z.string().default('127.0.0.1:50052'),
  /** Empty turns the model narrative off. */
  AI_SERVICE_ADDRESS: z.string().default('127.0.0.1:50054'),
  NEIGHBORHOOD_CACHE_TTL_HOURS: z.coerce.number().min(0).default(24 * 7),
  NEIGHBORHOOD_VALUATION_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  NEIGHBORHOOD_AI_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
});

export function readNeighborhoodConfig(env: NodeJS.ProcessEnv = process.env): NeighborhoodServiceConfig {
  const e = readConfig(neighborhoodEnvSchema, env);
  return {
    databaseUrl: e.DATABASE_URL,
    databaseName: e.NEIGHBORHOOD_DATABASE_NAME,
    grpcHost: e.NEIGHBORHOOD_GRPC_HOST,
    grpcPort: e.NEIGHBORHOOD_GRPC_PORT,
    healthPort: e.NEIGHBORHOOD_HEALTH_PORT === 0 ? undefined : e.NEIGHBORHOOD_HEALTH_PORT,
    valuationAddress: e.VALUATION_SERVICE_ADDRESS,
    aiAddress: e.AI_SERVICE_ADDRESS.trim() || undefined,
    cacheTtlMs: e.NEIGHBORHOOD_CACHE_TTL_HOURS * 3_600_000,
    valuationTimeoutMs: e.NEIGHBORHOOD_VALUATION_TIMEOUT_MS,
    aiTimeoutMs: e.NEIGHBORHOOD_AI_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
  };
}
