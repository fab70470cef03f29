import path from 'node:path';
import { z } from 'zod';
import { portVar, readConfig } from '@hsa/service-kit';
import type { EmbeddedS3Options } from './server';

export type EmbeddedS3Config = Required<Pick<EmbeddedS3Options, 'dataDir' | 'credentials' | 'region' | 'buckets' | 'corsOrigins' | 'host' | 'port'>>;

/**
 * The embedded S3 server's environment. It shares S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION and S3_BUCKET
 * with the media service, so the launcher sets them once. It listens on loopback only unless told otherwise.
 */
export const embeddedS3EnvSchema = z.object({
  EMBEDDED_S3_HOST: z.string().default('127.0.0.1'),
  EMBEDDED_S3_PORT: portVar(9000),
  EMBEDDED_S3_DATA_DIR: z.string().min(1).default(path.resolve(process.cwd(), '.data', 's3')),
  /** Comma-separated origins allowed to upload from a browser; "*" for any (the default: every request is signed anyway). */
  EMBEDDED_S3_CORS_ORIGINS: z.string().default('*'),
  S3_ACCESS_KEY_ID: z.string().min(1).default('hsa-dev-access-key'),
  S3_SECRET_ACCESS_KEY: z.string().min(1).default('hsa-dev-secret-key'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).default('hsa-media'),
});

export function readEmbeddedS3Config(env: NodeJS.ProcessEnv = process.env): EmbeddedS3Config {
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
