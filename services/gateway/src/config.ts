import path from 'node:path';
import { z } from 'zod';
import { callerKeyEnv, callerKeyFrom, commonConfigSchema, portVar, readConfig } from '@hsa/service-kit';
import { parseRateLimitOverrides } from './domain/rate-limit-policies';
import { parseTrustedProxies } from './domain/trusted-proxies';

const DEV_SESSION_SECRET = 'hsa-dev-session-secret-change-me';

/** A variable read by `parse`, whose error message becomes the configuration error. */
const parsedVar = <T>(parse: (text: string) => T) =>
  z
    .string()
    .default('')
    .transform((value, ctx): T => {
      try {
        return parse(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    });

export const gatewayConfigSchema = commonConfigSchema.extend({
  PORT: portVar(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  /** Extra origins allowed to make state-changing calls (comma-separated). */
  ALLOWED_ORIGINS: z.string().default(''),
  DATABASE_URL: z.string().url(),
  GATEWAY_DATABASE_NAME: z.string().default('hsa_gateway'),
  SESSION_SECRET: z.string().min(16).default(DEV_SESSION_SECRET),
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(7 * 24 * 60),
  SESSION_ABSOLUTE_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(30 * 24 * 60),
  SESSION_READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** The proxies in front of the gateway whose X-Forwarded-* headers are believed (see trusted-proxies.ts). */
  TRUST_PROXY: parsedVar(parseTrustedProxies),
  /** Overrides of the per-user and per-client limits (see rate-limit-policies.ts). */
  RATE_LIMITS: parsedVar(parseRateLimitOverrides),
  OIDC_ISSUER_URL: z.string().url().default('http://localhost:8081'),
  OIDC_CLIENT_ID: z.string().default('hsa-web'),
  OIDC_CLIENT_SECRET: z.string().default('hsa-dev-secret'),
  PROPERTY_SERVICE_ADDRESS: z.string().default('127.0.0.1:50051'),
  VALUATION_SERVICE_ADDRESS: z.string().default('127.0.0.1:50052'),
  AI_SERVICE_ADDRESS: z.string().default('127.0.0.1:50054'),
  NEIGHBORHOOD_SERVICE_ADDRESS: z.string().default('127.0.0.1:50055'),
  /** Deadline of the AI calls: a model can take a while (the AI service falls back to its embedded engine before it). */
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  MEDIA_SERVICE_ADDRESS: z.string().default('127.0.0.1:50053'),
  /** Where browsers upload photos and load them from: allowed by the Content-Security-Policy. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_PUBLIC_ENDPOINT: z.string().url().optional(),
  /** A referrer-restricted Google Maps JavaScript key sent to browsers (never the server key). */
  GOOGLE_MAPS_BROWSER_KEY: z.string().optional(),
  /** The map ID the browser's Google map is drawn with (its advanced markers need one). */
  GOOGLE_MAPS_MAP_ID: z.string().optional(),
  /** The gateway's private key (and the kid of a PEM key): it signs every call to the services with the signed-in user (see the kit's internal-auth). */
  ...callerKeyEnv('gateway'),
  GRPC_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  WEB_ROOT: z.string().default(path.resolve(__dirname, '../../../frontends')),
  REMOTES_MANIFEST: z.string().optional(),
});

export type GatewayConfig = z.output<typeof gatewayConfigSchema> & { publicUrl: string };

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const config = readConfig(gatewayConfigSchema, env);
  if (config.NODE_ENV === 'production' && config.SESSION_SECRET === DEV_SESSION_SECRET) {
    throw new Error('Invalid configuration:\n  SESSION_SECRET: must be set in production');
  }
  return {
    ...config,
    INTERNAL_AUTH_PRIVATE_KEY: callerKeyFrom(config, 'gateway'),
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
  };
}
