import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ManagedProcess, describeExit, type LogTarget } from './managed-process';
import { repoRoot } from './paths';
import { portOrFree } from './ports';
import { startWhenReady } from './supervisor';

/**
 * Object storage for the media service. With S3_ENDPOINT set (MinIO, AWS S3 or any S3-compatible service) that one
 * is used as it is; otherwise the embedded S3-compatible server of services/media (src/embedded-s3) is started on
 * loopback with its data in `dataDir`, keys made for this run, and CORS for the product's origin only. Either way the answer carries the S3_* environment the media service reads.
 */

export const EMBEDDED_S3_DEFAULTS = {
  port: 9000,
  region: 'us-east-1',
  bucket: 'hsa-media',
} as const;

/** Keys made for one run of the embedded server: nothing published opens it. */
function runKeys(): { accessKeyId: string; secretAccessKey: string } {
  return { accessKeyId: `HSA${randomBytes(10).toString('hex').toUpperCase()}`, secretAccessKey: randomBytes(30).toString('base64url') };
}

const S3_VARS = ['S3_ENDPOINT', 'S3_PUBLIC_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];

export interface S3Server {
  /** The S3 API the media service calls. */
  endpoint: string;
  /** S3_* variables for the media service (pass them in its environment). */
  env: Record<string, string>;
  /** True when this call started the embedded server (and stop() stops it). */
  started: boolean;
  /** The embedded server's process id now (it changes when it is restarted). */
  pid?: () => number | undefined;
  stop(): Promise<void>;
}

export interface EnsureS3Options {
  /** Where the embedded server keeps its objects (e.g. <repo>/.data/s3). */
  dataDir: string;
  /** Preferred port of the embedded server (a free one when taken); 0 = any free port. Default 9000. */
  port?: number;
  /** Browser origins allowed to upload (CORS): the product's origin. */
  corsOrigins: string[];
  logs: LogTarget;
  /** Run in its own process group (see ManagedProcess). */
  detached?: boolean;
  /** Where S3_ENDPOINT and friends are read from. Default process.env. */
  env?: NodeJS.ProcessEnv;
  /** The embedded server's entry point. Default services/media/dist/embedded-s3/main.js. */
  entryPoint?: string;
  readyTimeoutMs?: number;
  /** Start the embedded server again (same port and data), with backoff, when it exits; restarts are told to `log`. */
  restart?: { log: (message: string) => void };
}

/** S3_ENDPOINT when set; else the embedded server, started and ready. */
export async function ensureS3(options: EnsureS3Options): Promise<S3Server> {
  const env = options.env ?? process.env;
  if (env.S3_ENDPOINT) {
    const passed = Object.fromEntries(S3_VARS.filter((name) => env[name] !== undefined).map((name) => [name, env[name]!]));
    return { endpoint: env.S3_ENDPOINT, env: passed, started: false, stop: async () => undefined };
  }
  return startEmbeddedS3Server(options);
}

/** Starts the embedded S3 server and resolves once its health path answers. */
export async function startEmbeddedS3Server(options: EnsureS3Options): Promise<S3Server> {
  const env = options.env ?? process.env;
  const entryPoint = options.entryPoint ?? path.join(repoRoot, 'services', 'media', 'dist', 'embedded-s3', 'main.js');
  if (!existsSync(entryPoint)) {
    throw new Error(`embedded S3: ${path.relative(repoRoot, entryPoint)} is missing; build first with \`npm run build\`.`);
  }
  mkdirSync(options.dataDir, { recursive: true });
  const port = await portOrFree(options.port ?? EMBEDDED_S3_DEFAULTS.port);
  const keys = env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? undefined : runKeys();
  const settings = {
    S3_REGION: env.S3_REGION || EMBEDDED_S3_DEFAULTS.region,
    S3_BUCKET: env.S3_BUCKET || EMBEDDED_S3_DEFAULTS.bucket,
    S3_ACCESS_KEY_ID: keys?.accessKeyId ?? env.S3_ACCESS_KEY_ID!,
    S3_SECRET_ACCESS_KEY: keys?.secretAccessKey ?? env.S3_SECRET_ACCESS_KEY!,
  };
  const spawn = () =>
    new ManagedProcess('s3', process.execPath, [entryPoint], {
      cwd: repoRoot,
      env: {
        ...env,
        ...settings,
        EMBEDDED_S3_HOST: '127.0.0.1',
        EMBEDDED_S3_PORT: String(port),
        EMBEDDED_S3_DATA_DIR: options.dataDir,
        EMBEDDED_S3_CORS_ORIGINS: options.corsOrigins.join(','),
      },
      logs: options.logs,
      detached: options.detached ?? false,
    });
  const endpoint = `http://127.0.0.1:${port}`;
  const readyTimeoutMs = options.readyTimeoutMs ?? 15_000;
  const server = await startWhenReady({ name: 's3', start: spawn, ready: (child) => waitUntilAnswering(child, endpoint, readyTimeoutMs), restart: options.restart });
  return {
    endpoint,
    env: { ...settings, S3_ENDPOINT: endpoint, S3_PUBLIC_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true' },
    started: true,
    pid: server.pid,
    stop: async () => void (await server.stop(5000)),
  };
}

/** Resolves once the embedded server's health path answers; rejects when it exits or after `timeoutMs`. */
async function waitUntilAnswering(child: ManagedProcess, endpoint: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const exit = child.hasExited;
    if (exit) throw new Error(`embedded S3 server ${describeExit(exit)} before it was ready:\n${child.lastLines().join('\n')}`);
    try {
      const res = await fetch(`${endpoint}/minio/health/live`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`embedded S3 server did not answer on ${endpoint} in time:\n${child.lastLines().join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
