import { existsSync } from 'node:fs';
import path from 'node:path';
import { generateInternalKeyPair } from '@hsa/service-kit/internal-auth';
import { ManagedProcess, describeExit, type LogTarget } from './managed-process';
import { repoRoot } from './paths';
import { isPortFree, portOrFree } from './ports';
import { ensureS3, type S3Server } from './s3';
import { Supervised } from './supervisor';

/**
 * The gRPC services behind the gateway, by convention: each reads `<PREFIX>_GRPC_HOST`, `<PREFIX>_GRPC_PORT`,
 * `<PREFIX>_HEALTH_PORT` (HTTP /readyz) and `<PREFIX>_DATABASE_NAME`, and the gateway dials it at
 * `<PREFIX>_SERVICE_ADDRESS`. Adding a service to the stack is one entry here.
 */
export interface BackendService {
  name: string;
  prefix: string;
  grpcPort: number;
  healthPort: number;
}
export const backendServices = [
  { name: 'property', prefix: 'PROPERTY', grpcPort: 50051, healthPort: 8091 },
  { name: 'valuation', prefix: 'VALUATION', grpcPort: 50052, healthPort: 8092 },
  { name: 'ai', prefix: 'AI', grpcPort: 50054, healthPort: 8094 },
  { name: 'neighborhood', prefix: 'NEIGHBORHOOD', grpcPort: 50055, healthPort: 8095 },
  { name: 'media', prefix: 'MEDIA', grpcPort: 50053, healthPort: 8093 },
] as const satisfies readonly BackendService[];
export type BackendName = (typeof backendServices)[number]['name'];
export type ServiceName = 'identity' | 'gateway' | BackendName;

export interface StackOptions {
  /** PostgreSQL server URL (services create their own databases on it). */
  databaseUrl: string;
  /** NATS JetStream URL; services connect in the background, so an unreachable one only pauses live events. */
  natsUrl?: string;
  /** Gateway port. 0 = any free port. Default 8080. A taken port is an error (it is the product's address). */
  port?: number;
  /** Preferred internal ports; a taken one is replaced by a free one. 0 = any free port. */
  identityPort?: number;
  grpcPorts?: Partial<Record<BackendName, number>>;
  healthPorts?: Partial<Record<BackendName, number>>;
  /** Use free ports for everything (tests). */
  freePorts?: boolean;
  /** Default http://localhost:<port>. */
  publicUrl?: string;
  /** Where identity keeps its accounts and keys between runs (IDENTITY_DATA_DIR); default: in memory. */
  identityDataDir?: string;
  /** Database names per service (default hsa_<service>). */
  databaseNames?: Partial<Record<BackendName | 'gateway', string>>;
  /** Object storage: S3_ENDPOINT from the environment, else the embedded S3 server keeping its data here. */
  s3: { dataDir: string; port?: number };
  /** Pretty lines on our stdout, or one file per service. */
  logs: LogTarget;
  /** Extra environment for every service (LOG_LEVEL, NODE_ENV, ...). */
  env?: NodeJS.ProcessEnv;
  readyTimeoutMs?: number;
  /** Graceful stop period before SIGKILL. Default 10 s. */
  stopGraceMs?: number;
  /** Run services in their own process groups (see ManagedProcess). */
  detached?: boolean;
  /**
   * Start a service (and the embedded S3 server) again, with backoff, when it exits after it was ready
   * (`npm start`). Each restart is told to onRestart (default: a line on stdout).
   */
  restart?: boolean;
  onRestart?: (message: string) => void;
  /** Told when a service stopped slowly or had to be killed; default: a warning on stderr. */
  onStopProblem?: (message: string) => void;
  /** Other entry points instead of services/<name>/dist/main.js (the launcher's own tests use fakes). */
  entryPoints?: Partial<Record<ServiceName, string>>;
  root?: string;
}

export interface Stack {
  /** The product's address (PUBLIC_URL). */
  url: string;
  ports: { gateway: number; identity: number; grpc: Record<BackendName, number>; health: Record<BackendName, number> };
  /** Environment each service was started with (for diagnostics and tests). */
  env: Record<ServiceName, NodeJS.ProcessEnv>;
  /** Process ids of the services running now (and of the embedded S3 server, as `s3`, when started). */
  pids(): Partial<Record<ServiceName | 's3', number>>;
  stop(): Promise<void>;
}

export const IDENTITY_CLIENT_ID = 'hsa-web';
export const IDENTITY_CLIENT_SECRET = 'hsa-dev-secret';

/**
 * Starts identity, the gRPC backends and the gateway from their built entry points (it builds nothing) and resolves once every
 * one is ready. On failure everything started is stopped and the error names the service and shows its last lines.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const root = options.root ?? repoRoot;
  const free = options.freePorts ? 0 : undefined;
  const gatewayPort = options.port ?? free ?? 8080;
  if (gatewayPort !== 0 && !(await isPortFree(gatewayPort))) {
    throw new Error(`Port ${gatewayPort} is already in use: stop what uses it or choose another with PORT=<port>.`);
  }
  const taken = new Set<number>(gatewayPort ? [gatewayPort] : []);
  const pick = async (preferred: number) => {
    let port = await portOrFree(preferred);
    while (taken.has(port)) port = await portOrFree(0);
    taken.add(port);
    return port;
  };
  const ports: Stack['ports'] = {
    gateway: gatewayPort || (await pick(0)),
    identity: await pick(free ?? options.identityPort ?? 8081),
    grpc: {} as Record<BackendName, number>,
    health: {} as Record<BackendName, number>,
  };
  for (const service of backendServices) {
    ports.grpc[service.name] = await pick(free ?? options.grpcPorts?.[service.name] ?? service.grpcPort);
    ports.health[service.name] = await pick(free ?? options.healthPorts?.[service.name] ?? service.healthPort);
  }
  const databaseName = (name: BackendName | 'gateway') => options.databaseNames?.[name] ?? `hsa_${name}`;

  const entryPoint = (name: ServiceName) => {
    const file = options.entryPoints?.[name] ?? path.join(root, 'services', name, 'dist', 'main.js');
    if (!existsSync(file)) throw new Error(`${name}: ${path.relative(root, file)} is missing; build first with \`npm run build\`.`);
    return file;
  };
  const names: ServiceName[] = ['identity', ...backendServices.map((b) => b.name), 'gateway'];
  const entries = Object.fromEntries(names.map((name) => [name, entryPoint(name)])) as Record<ServiceName, string>;

  const publicUrl = (options.publicUrl ?? `http://localhost:${ports.gateway}`).replace(/\/+$/, '');
  const tellRestart = options.onRestart ?? ((message: string) => console.log(`[stack] ${message}`));
  const s3: S3Server = await ensureS3({
    dataDir: options.s3.dataDir,
    port: free ?? options.s3.port ?? 9000,
    corsOrigins: [new URL(publicUrl).origin],
    logs: options.logs,
    detached: options.detached ?? false,
    env: { ...process.env, ...options.env },
    ...(options.restart ? { restart: { log: tellRestart } } : {}),
  });
  const issuer = `http://localhost:${ports.identity}`;
  const internalAuth = internalAuthEnv();
  const natsUrl = options.natsUrl ?? 'nats://127.0.0.1:4222';
  const common: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', ...options.env, ...s3.env };
  // Every backend may call the others (neighborhood calls valuation and ai): all get every address.
  const serviceAddresses = () =>
    Object.fromEntries(backendServices.map((b) => [`${b.prefix}_SERVICE_ADDRESS`, `127.0.0.1:${ports.grpc[b.name as BackendName]}`]));
  const backendEnv = (service: BackendService): NodeJS.ProcessEnv => ({
    ...common,
    ...serviceAddresses(),
    DATABASE_URL: options.databaseUrl,
    NATS_URL: natsUrl,
    [`${service.prefix}_DATABASE_NAME`]: databaseName(service.name as BackendName),
    [`${service.prefix}_GRPC_HOST`]: '127.0.0.1',
    [`${service.prefix}_GRPC_PORT`]: String(ports.grpc[service.name as BackendName]),
    [`${service.prefix}_HEALTH_PORT`]: String(ports.health[service.name as BackendName]),
    ...internalAuth[service.name as BackendName],
  });
  const env = {
    identity: {
      ...common,
      IDENTITY_PORT: String(ports.identity),
      IDENTITY_ISSUER: issuer,
      IDENTITY_CLIENT_ID: IDENTITY_CLIENT_ID,
      IDENTITY_CLIENT_SECRET: IDENTITY_CLIENT_SECRET,
      IDENTITY_REDIRECT_URIS: `${publicUrl}/api/callback`,
      IDENTITY_POST_LOGOUT_REDIRECT_URIS: `${publicUrl}/`,
      IDENTITY_ALLOW_PRODUCTION: 'false',
      ...(options.identityDataDir ? { IDENTITY_DATA_DIR: options.identityDataDir } : {}),
    },
    gateway: {
      ...common,
      PORT: String(ports.gateway),
      PUBLIC_URL: publicUrl,
      DATABASE_URL: options.databaseUrl,
      GATEWAY_DATABASE_NAME: databaseName('gateway'),
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: IDENTITY_CLIENT_ID,
      OIDC_CLIENT_SECRET: IDENTITY_CLIENT_SECRET,
      NATS_URL: natsUrl,
      WEB_ROOT: path.join(root, 'frontends'),
      ...internalAuth.gateway,
      ...Object.fromEntries(
        backendServices.map((b) => [`${b.prefix}_SERVICE_ADDRESS`, `127.0.0.1:${ports.grpc[b.name as BackendName]}`]),
      ),
    },
  } as Partial<Record<ServiceName, NodeJS.ProcessEnv>>;
  const readiness = {
    identity: `http://127.0.0.1:${ports.identity}/.well-known/openid-configuration`,
    gateway: `http://127.0.0.1:${ports.gateway}/readyz`,
  } as Partial<Record<ServiceName, string>>;
  for (const service of backendServices) {
    env[service.name] = backendEnv(service);
    readiness[service.name] = `http://127.0.0.1:${ports.health[service.name]}/readyz`;
  }

  const started: (ManagedProcess | Supervised)[] = [];
  const spawnService = (name: ServiceName) =>
    new ManagedProcess(name, process.execPath, [entries[name]], {
      cwd: root,
      env: env[name]!,
      logs: options.logs,
      detached: options.detached ?? false,
    });
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const launch = async (name: ServiceName) => {
    const child = spawnService(name);
    started.push(child);
    await waitUntilReady(child, readiness[name]!, readyTimeoutMs);
    if (!options.restart) return;
    // Supervised from the moment it is ready: a failing first start is an error, a later exit a restart.
    const supervised = new Supervised(child, {
      name,
      start: () => spawnService(name),
      ready: (restarted) => waitUntilReady(restarted, readiness[name]!, readyTimeoutMs),
      log: tellRestart,
    });
    started[started.indexOf(child)] = supervised;
  };
  const grace = options.stopGraceMs ?? 10_000;
  const stopOne = async (child: ManagedProcess | Supervised) => {
    const began = Date.now();
    const exit = await child.stop(grace);
    if (exit.signal === 'SIGKILL') {
      const message = `${child.name} did not stop within ${grace / 1000} s of SIGTERM and was killed`;
      options.onStopProblem ? options.onStopProblem(message) : console.warn(`[stack] ${message}`);
    } else if (Date.now() - began > 3000) {
      const message = `${child.name} took ${((Date.now() - began) / 1000).toFixed(1)} s to stop`;
      options.onStopProblem ? options.onStopProblem(message) : console.warn(`[stack] ${message}`);
    }
  };
  const stop = async () => {
    // The gateway first (it calls the others), then the rest together.
    await Promise.all(started.filter((child) => child.name === 'gateway').map(stopOne));
    await Promise.all(started.filter((child) => child.name !== 'gateway').map(stopOne));
    await s3.stop();
  };

  try {
    // The gateway discovers the issuer and dials the backends, so those go first.
    await Promise.all(names.filter((name) => name !== 'gateway').map(launch));
    await launch('gateway');
  } catch (err) {
    await stop();
    throw err;
  }
  const pids = () => {
    const running: Partial<Record<ServiceName | 's3', number>> = {};
    for (const child of started) {
      const pid = child instanceof Supervised ? child.current.pid : child.pid;
      if (pid !== undefined) running[child.name as ServiceName] = pid;
    }
    const s3Pid = s3.pid?.();
    if (s3Pid !== undefined) running.s3 = s3Pid;
    return running;
  };
  return { url: publicUrl, ports, env: env as Record<ServiceName, NodeJS.ProcessEnv>, pids, stop };
}

/**
 * Identity between the components, with key pairs made for this run: the gateway signs every call with the user, the
 * neighborhood service signs its calls to valuation and ai; each service trusts only the public keys of its callers.
 */
function internalAuthEnv(): Record<BackendName | 'gateway', NodeJS.ProcessEnv> {
  const gateway = generateInternalKeyPair('gateway');
  const neighborhood = generateInternalKeyPair('neighborhood');
  const trusting = (...callers: (typeof gateway)[]) => JSON.stringify({ keys: callers.map((c) => c.publicJwk) });
  return {
    gateway: { INTERNAL_AUTH_PRIVATE_KEY: JSON.stringify(gateway.privateJwk) },
    property: { INTERNAL_AUTH_PUBLIC_KEYS: trusting(gateway) },
    media: { INTERNAL_AUTH_PUBLIC_KEYS: trusting(gateway) },
    valuation: { INTERNAL_AUTH_PUBLIC_KEYS: trusting(gateway, neighborhood) },
    ai: { INTERNAL_AUTH_PUBLIC_KEYS: trusting(gateway, neighborhood) },
    neighborhood: { INTERNAL_AUTH_PUBLIC_KEYS: trusting(gateway), INTERNAL_AUTH_PRIVATE_KEY: JSON.stringify(neighborhood.privateJwk) },
  };
}

/** Polls `url` until it answers 200; fails fast when the process exits, or after `timeoutMs`. */
async function waitUntilReady(child: ManagedProcess, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastAnswer = 'no answer yet';
  for (;;) {
    if (child.hasExited) throw readinessError(child, `${describeExit(await child.exited)} before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.body?.cancel();
      if (response.status === 200) return;
      lastAnswer = `HTTP ${response.status}`;
    } catch (err) {
      lastAnswer = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    }
    if (Date.now() > deadline) {
      throw readinessError(child, `was not ready within ${Math.round(timeoutMs / 1000)} s (GET ${url}: ${lastAnswer})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

function readinessError(child: ManagedProcess, what: string): Error {
  const lines = child.lastLines();
  const tail = lines.length ? `Last log lines of ${child.name}:\n${lines.map((l) => `  ${l}`).join('\n')}` : `${child.name} printed nothing.`;
  return new Error(`Service ${child.name} ${what}.\n${tail}`);
}
