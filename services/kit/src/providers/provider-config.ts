import { z } from 'zod';

/** How calls to an external provider behave: a timeout per attempt, bounded retries with backoff, cached answers. */
export interface ProviderCallSettings {
  timeoutMs: number;
  maxAttempts: number;
  backoffMs: number;
  maxBackoffMs: number;
  cacheTtlMs: number;
}

export const defaultProviderCalls: ProviderCallSettings = {
  timeoutMs: 5000,
  maxAttempts: 3,
  backoffMs: 200,
  maxBackoffMs: 2000,
  cacheTtlMs: 24 * 3_600_000,
};

/**
 * The environment variables of provider calls and of Google Places, the same for every service that calls
 * providers (spread into a service's config schema).
 */
export const providerCallEnv = {
  GOOGLE_MAPS_API_KEY: z.string().optional(),
  GOOGLE_PLACES_BASE_URL: z.string().url().default('https://places.googleapis.com'),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).default(defaultProviderCalls.timeoutMs),
  PROVIDER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(defaultProviderCalls.maxAttempts),
  PROVIDER_CACHE_TTL_HOURS: z.coerce.number().min(0).default(defaultProviderCalls.cacheTtlMs / 3_600_000),
};

/** The settings those variables give. */
export function providerCallsFrom(env: { PROVIDER_TIMEOUT_MS: number; PROVIDER_MAX_ATTEMPTS: number; PROVIDER_CACHE_TTL_HOURS: number }): Partial<ProviderCallSettings> {
  return { timeoutMs: env.PROVIDER_TIMEOUT_MS, maxAttempts: env.PROVIDER_MAX_ATTEMPTS, cacheTtlMs: env.PROVIDER_CACHE_TTL_HOURS * 3_600_000 };
}
