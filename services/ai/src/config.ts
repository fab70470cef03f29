import path from 'node:path';
import { z } from 'zod';
import { commonConfigSchema, portVar, readConfig, trustedCallerKeysVar, type JSONWebKeySet } from '@hsa/service-kit';
import type { OpenAiSettings } from './adapters/openai-engine';
import type { NationalPriceLevel } from './domain/recommendations';

/** The repository root (this file is in services/ai/src or services/ai/dist). */
const repoRoot = path.resolve(__dirname, '..', '..', '..');
/** The shared data folder next to the repository. */
export const defaultCostVsValuePath = path.resolve(repoRoot, '..', 'shared', 'data', 'cost-vs-value.md');

/** What the AI service needs to run (see the README's configuration table). */
export interface AiServiceConfig {
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
  /** The published cost-versus-value figures (markdown tables), read at start. */
  costVsValuePath: string;
  nationalPrice: NationalPriceLevel;
  /** An OpenAI-compatible model; undefined = the embedded engine only. */
  openAi?: OpenAiSettings | undefined;
  logLevel?: string;
}

export const aiEnvSchema = commonConfigSchema.extend({
  DATABASE_URL: z.string().url(),
  AI_DATABASE_NAME: z.string().default('hsa_ai'),
  AI_GRPC_HOST: z.string().default('127.0.0.1'),
  INTERNAL_AUTH_PUBLIC_KEYS: trustedCallerKeysVar,
  AI_GRPC_PORT: portVar(50054),
  AI_HEALTH_PORT: portVar(8094),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  AI_COST_VS_VALUE_PATH: z.string().default(defaultCostVsValuePath),
  AI_NATIONAL_MEDIAN_PRICE: z.coerce.number().int().positive().default(407_500),
  AI_NATIONAL_MEDIAN_LABEL: z.string().default('US median existing-home sale price, 2024 (NAR)'),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  OPENAI_TEMPERATURE: z
    .string()
    .trim()
    .default('auto')
    .transform((v, ctx) => {
      if (v === '' || v === 'auto') return 'auto';
      if (v === 'off') return v;
      const n = Number(v);
      if (Number.isFinite(n) && n >= 0 && n <= 2) return n;
      ctx.addIssue({ code: 'custom', message: 'must be auto, off or a number from 0 to 2' });
      return z.NEVER;
    }),
});

/** Reads the service's environment; AI_HEALTH_PORT=0 turns the health server off; no OPENAI_API_KEY = embedded engine. */
export function readAiConfig(env: NodeJS.ProcessEnv = process.env): AiServiceConfig {
  const e = readConfig(aiEnvSchema, env);
  const apiKey = e.OPENAI_API_KEY?.trim();
  return {
    databaseUrl: e.DATABASE_URL,
    databaseName: e.AI_DATABASE_NAME,
    grpcHost: e.AI_GRPC_HOST,
    trustedCallerKeys: e.INTERNAL_AUTH_PUBLIC_KEYS,
    grpcPort: e.AI_GRPC_PORT,
    healthPort: e.AI_HEALTH_PORT === 0 ? undefined : e.AI_HEALTH_PORT,
    natsUrl: e.NATS_URL,
    costVsValuePath: path.resolve(e.AI_COST_VS_VALUE_PATH),
    nationalPrice: { medianPrice: e.AI_NATIONAL_MEDIAN_PRICE, label: e.AI_NATIONAL_MEDIAN_LABEL },
    openAi: apiKey
      ? {
          apiKey,
          baseUrl: e.OPENAI_BASE_URL,
          model: e.OPENAI_MODEL,
          timeoutMs: e.OPENAI_TIMEOUT_MS,
          maxRetries: e.OPENAI_MAX_RETRIES,
          temperature: e.OPENAI_TEMPERATURE,
        }
      : undefined,
    logLevel: e.LOG_LEVEL,
  };
}
