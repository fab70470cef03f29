import { z } from 'zod';
import { commonConfigSchema, flagVar, portVar, readConfig, trustedCallerKeysVar, type JSONWebKeySet } from '@hsa/service-kit';
import type { ObjectStoreConfig } from './adapters/s3/object-store';

/** What the media service needs to run (see the README's configuration table). */
export interface MediaServiceConfig {
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
  s3: ObjectStoreConfig;
  /** Storage limits and cleanup (defaults: mediaDefaults). */
  maxObjectBytes?: number;
  userQuotaBytes?: number;
  maxPhotosPerProperty?: number;
  uploadTtlMs?: number;
  multipartTtlMs?: number;
  cleanupIntervalMs?: number;
  logLevel?: string;
}

const GiB = 1024 * 1024 * 1024;

/** The defaults of the media service's limits, in one place. */
export const mediaDefaults = {
  /** Largest object a multipart upload may produce. */
  maxObjectBytes: 5 * GiB,
  /** What one user may hold: stored photos and thumbnails plus open upload URLs. */
  userQuotaBytes: 2 * GiB,
  /** Photos of one property (a listing rarely shows more than a few dozen). */
  maxPhotosPerProperty: 100,
  /** An upload not attached within this is deleted (its URL lives 15 minutes). */
  uploadTtlMs: 60 * 60_000,
  /** A multipart upload (files over 100 MB) gets a day. */
  multipartTtlMs: 24 * 60 * 60_000,
  cleanupIntervalMs: 5 * 60_000,
} as const;

export const mediaEnvSchema = commonConfigSchema.extend({
  DATABASE_URL: z.string().url(),
  MEDIA_DATABASE_NAME: z.string().default('hsa_media'),
  MEDIA_GRPC_HOST: z.string().default('127.0.0.1'),
  INTERNAL_AUTH_PUBLIC_KEYS: trustedCallerKeysVar,
  MEDIA_GRPC_PORT: portVar(50053),
  MEDIA_HEALTH_PORT: portVar(8093),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** The S3 API; unset means AWS S3 itself. The embedded default is http://127.0.0.1:9000. */
  S3_ENDPOINT: z.string().url().optional(),
  /** What browsers reach, when not S3_ENDPOINT (presigned URLs sign the host). */
  S3_PUBLIC_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).default('hsa-media'),
  /** Unset: the AWS SDK's default credential chain. The embedded server's dev keys are the launcher's defaults. */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style URLs (http://host/bucket/key): needed by MinIO and the embedded server. */
  S3_FORCE_PATH_STYLE: flagVar(true),
  MEDIA_MAX_OBJECT_BYTES: z.coerce.number().int().min(1).default(mediaDefaults.maxObjectBytes),
  MEDIA_USER_QUOTA_BYTES: z.coerce.number().int().min(1).default(mediaDefaults.userQuotaBytes),
  MEDIA_MAX_PHOTOS_PER_PROPERTY: z.coerce.number().int().min(1).default(mediaDefaults.maxPhotosPerProperty),
  MEDIA_UPLOAD_TTL_MINUTES: z.coerce.number().min(1).default(mediaDefaults.uploadTtlMs / 60_000),
  MEDIA_MULTIPART_TTL_HOURS: z.coerce.number().min(1).default(mediaDefaults.multipartTtlMs / 3_600_000),
  MEDIA_CLEANUP_INTERVAL_SECONDS: z.coerce.number().min(1).default(mediaDefaults.cleanupIntervalMs / 1000),
});

/** Reads the service's environment; MEDIA_HEALTH_PORT=0 turns the health server off. */
export function readMediaConfig(env: NodeJS.ProcessEnv = process.env): MediaServiceConfig {
  const e = readConfig(mediaEnvSchema, env);
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) {
    throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  return {
    databaseUrl: e.DATABASE_URL,
    databaseName: e.MEDIA_DATABASE_NAME,
    grpcHost: e.MEDIA_GRPC_HOST,
    trustedCallerKeys: e.INTERNAL_AUTH_PUBLIC_KEYS,
    grpcPort: e.MEDIA_GRPC_PORT,
    healthPort: e.MEDIA_HEALTH_PORT === 0 ? undefined : e.MEDIA_HEALTH_PORT,
    natsUrl: e.NATS_URL,
    s3: {
      endpoint: e.S3_ENDPOINT,
      publicEndpoint: e.S3_PUBLIC_ENDPOINT,
      region: e.S3_REGION,
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    },
    maxObjectBytes: e.MEDIA_MAX_OBJECT_BYTES,
    userQuotaBytes: e.MEDIA_USER_QUOTA_BYTES,
    maxPhotosPerProperty: e.MEDIA_MAX_PHOTOS_PER_PROPERTY,
    uploadTtlMs: e.MEDIA_UPLOAD_TTL_MINUTES * 60_000,
    multipartTtlMs: e.MEDIA_MULTIPART_TTL_HOURS * 3_600_000,
    cleanupIntervalMs: e.MEDIA_CLEANUP_INTERVAL_SECONDS * 1000,
    logLevel: e.LOG_LEVEL,
  };
}
