import { z } from 'zod';
import { commonConfigSchema, portVar, readConfig, trustedCallerKeysVar, type JSONWebKeySet } from '@hsa/service-kit';

/** What the property service needs to run (see the README's configuration table). */
export interface PropertyServiceConfig {
  /** PostgreSQL server URL; the service uses (and creates) database `databaseName` on it. */
  databaseUrl: string;
  databaseName: string;
  grpcHost: string;
  /** Public keys of the components allowed to call (INTERNAL_AUTH_PUBLIC_KEYS). */
  trustedCallerKeys: JSONWebKeySet;
  /** 0 picks a free port (tests). */
  grpcPort: number;
  /** HTTP /healthz and /readyz; undefined = no health server, 0 = a free port (tests). */
  healthPort?: number | undefined;
  natsUrl: string;
  logLevel?: string;
}

export const propertyEnvSchema = commonConfigSchema.extend({
  DATABASE_URL: z.string().url(),
  PROPERTY_DATABASE_NAME: z.string().default('hsa_property'),
  PROPERTY_GRPC_HOST: z.string().default('127.0.0.1'),
  INTERNAL_AUTH_PUBLIC_KEYS: trustedCallerKeysVar,
  PROPERTY_GRPC_PORT: portVar(50051),
  PROPERTY_HEALTH_PORT: portVar(8091),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
});

/** Reads the service's environment; PROPERTY_HEALTH_PORT=0 turns the health server off. */
export function readPropertyConfig(env: NodeJS.ProcessEnv = process.env): PropertyServiceConfig {
  const e = readConfig(propertyEnvSchema, env);
  return {
    databaseUrl: e.DATABASE_URL,
    databaseName: e.PROPERTY_DATABASE_NAME,
    grpcHost: e.PROPERTY_GRPC_HOST,
    trustedCallerKeys: e.INTERNAL_AUTH_PUBLIC_KEYS,
    grpcPort: e.PROPERTY_GRPC_PORT,
    healthPort: e.PROPERTY_HEALTH_PORT === 0 ? undefined : e.PROPERTY_HEALTH_PORT,
    natsUrl: e.NATS_URL,
    logLevel: e.LOG_LEVEL,
  };
}
