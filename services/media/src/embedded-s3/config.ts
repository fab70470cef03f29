import path from 'node:path';
import { z } from 'zod';
import { portVar, readConfig } from '@hsa/service-kit';
import type { EmbeddedS3Options } from './server';

export type EmbeddedS3Config = Required<Pick<EmbeddedS3Options, 'dataDir' | 'credentials' | 'region' | 'buckets' | 'corsOrigins' | 'host' | 'port'>>;

/**
 * The embedded S3 server's environment. It shares S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION and S3_BUCKET
 * with the media service, so the launcher sets them once (with keys made for each run: none are published). It
 * listens on loopback only, answers CORS for the product's origin only, and refuses to start in production.
 */
export const embeddedS3EnvSchema = z.object({
  NODE_ENV: z.string().optional(),
  EMBEDDED_S3_HOST: z.string().default('127.0.0.1'),
  EMBEDDED_S3_PORT: portVar(9000),
  EMBEDDED_S3_DATA_DIR: z.string().min(1).default(path.resolve(process.cwd(), '.data', 's3')),
  /** Comma-separated browser origins allowed to upload (the product's, e.g. http://localhost:8080). */
  EMBEDDED_S3_CORS_ORIGINS: z.string().min(1, 'is required: the product origin browsers upload from, e.g. http://localhost:8080'),
  S3_ACCESS_KEY_ID: z.string({ error: 'is required (the launcher makes one per run)' }).min(16, 'must be at least 16 characters'),
  S3_SECRET_ACCESS_KEY: z.string({ error: 'is required (the launcher makes one per run)' }).min(32, 'must be at least 32 characters'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).default('hsa-media'),
});

export const PRODUCTION_REFUSAL =
  'The embedded S3 server is for development on one machine and refuses NODE_ENV=production: use AWS S3 or MinIO (S3_ENDPOINT).';

export function readEmbeddedS3Config(env: NodeJS.ProcessEnv = process.env): EmbeddedS3Config {
  if (env.NODE_ENV === 'production') throw new Error(PRODUCTION_REFUSAL);
  const e = readConfig(embeddedS3EnvSchema, env);
  return {
    host: e.EMBEDDED_S3_HOST,
    port: e.EMBEDDED_S3_PORT,
    dataDir: path.resolve(e.EMBEDDED_S3_DATA_DIR),
    corsOrigins: e.EMBEDDED_S3_CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean),
    credentials: { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY },
    region: e.S3_REGION,
    buckets: [e.S3_BUCKET],
  };
}
