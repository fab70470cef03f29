import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ManagedProcess, describeExit } from './managed-process';
import { repoRoot } from './paths';
import { canConnect, portOrFree } from './ports';
import { Supervised } from './supervisor';

export interface PostgresServer {
  /** Server URL (database `postgres`); services create their own databases on it. */
  url: string;
  /** True when this call started the server (and stop() stops it). */
  started: boolean;
  /** The server's process id now (it changes when it is restarted). */
  pid?: () => number | undefined;
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
  /** Start the server again (same port and data), with backoff, when it exits; restarts are told to `log`. */
  restart?: { log: (message: string) => void };
}

const USER = 'postgres';
const PASSWORD = 'postgres';
const START_TIMEOUT_MS = 60_000;
const READY_LINE = 'database system is ready to accept connections';
/** Where binaries and clusters go when the postgres user cannot reach the checkout (running as root). */
const SHARED_ROOT = '/var/lib/hsa-embedded-postgres';
/** Left in the requested data folder when the cluster lives under SHARED_ROOT instead. */
const RELOCATED_MARKER = 'CLUSTER_IS_ELSEWHERE';

const urlFor = (port: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;

/**
 * Real PostgreSQL binaries from the `embedded-postgres` package's platform package, run as our own child processes
 * (initdb, then postgres), so we control their process group, their log and the order of shutdown. Data stays in
 * `dataDir` between runs; a server still running on the same folder (left by a killed run) is reused.
 *
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user (created when missing). When that
 * user cannot reach the checkout (e.g. /root/project, mode 0700) the binaries are copied once to
 * /var/lib/hsa-embedded-postgres/<version>, and a cluster whose folder it cannot reach lives in
 * /var/lib/hsa-embedded-postgres/clusters/<hash of the folder> with a note in the folder saying so.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<PostgresServer> {
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? postgresUser() : undefined;
  const clusterDir = await clusterFolder(path.resolve(options.dataDir), owner);
  const running = runningServerOn(clusterDir);
  if (running && (await canConnect('127.0.0.1', running.port))) {
    return { url: urlFor(running.port), started: false, stop: async () => undefined };
  }
  const bin = binaries(owner);
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await initialiseCluster(bin.initdb, clusterDir, owner);

  const port = await portOrFree(options.port ?? 5433);
  const args = [
    '-D', clusterDir,
    '-p', String(port),
    '-c', 'listen_addresses=127.0.0.1',
    // No Unix socket: several servers (and the system one) would otherwise compete for /tmp/.s.PGSQL.<port>.
    '-c', 'unix_socket_directories=',
    ...(options.forTests
      ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300']
      : []),
  ];
  const spawnServer = () =>
    new ManagedProcess('postgres', bin.postgres, args, {
      cwd: clusterDir,
      env: { ...process.env, LC_MESSAGES: 'C' },
      logs: { kind: 'file', dir: options.logDir ?? path.dirname(path.resolve(options.dataDir)) },
      detached: options.detached ?? false,
      signalOnExit: 'SIGINT',
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
    });
  const removeData = async () => {
    if (!options.removeOnStop) return;
    await rm(clusterDir, { recursive: true, force: true });
    await rm(options.dataDir, { recursive: true, force: true });
  };

  const first = spawnServer();
  try {
    await untilReady(first);
  } catch (err) {
    const exit = first.hasExited;
    // SIGINT is PostgreSQL's "fast shutdown": it disconnects clients and exits cleanly.
    await first.stop(15_000, 'SIGINT');
    await removeData();
    throw new Error(
      `Embedded PostgreSQL failed to start (data ${clusterDir}, port ${port}): ` +
        `${exit ? describeExit(exit) : (err as Error).message}.\nLast log lines:\n${first.lastLines().join('\n')}`,
    );
  }
  const supervised = options.restart
    ? new Supervised(first, { name: 'postgres', start: spawnServer, ready: untilReady, log: options.restart.log })
    : undefined;
  const server = supervised ?? first;
  let stopped: Promise<void> | undefined;
  return {
    url: urlFor(port),
    started: true,
    pid: () => (supervised ? supervised.current.pid : first.pid),
    stop: () =>
      (stopped ??= (async () => {
        await server.stop(15_000, 'SIGINT');
        await removeData();
      })()),
  };
}

/** Resolves when the server says it accepts connections; rejects when it exits first or after a minute. */
function untilReady(server: ManagedProcess): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('not ready in time')), START_TIMEOUT_MS);
    const stopListening = server.onLine((line) => {
      if (!line.includes(READY_LINE)) return;
      clearTimeout(timer);
      stopListening();
      resolve();
    });
    void server.exited.then((exit) => {
      clearTimeout(timer);
      reject(new Error(describeExit(exit)));
    });
  });
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

interface Owner {
  uid: number;
  gid: number;
}

/** The `postgres` user that runs the server when we are root, created (with its group) when missing. */
function postgresUser(): Owner {
  const id = (flag: string) => Number(execFileSync('id', [flag, USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('groupadd', ['--system', USER], { stdio: 'ignore' });
    execFileSync('useradd', ['--system', '--gid', USER, '--no-create-home', '--shell', '/usr/sbin/nologin', USER], { stdio: 'ignore' });
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** Whether `owner` can reach `target` (search every folder on the way, and read it). */
function reachable(target: string, owner: Owner): boolean {
  const probe = spawnSync('/bin/sh', ['-c', 'test -r "$1" && test -x "$1"', 'probe', target], { cwd: '/', uid: owner.uid, gid: owner.gid, stdio: 'ignore' });
  return probe.status === 0;
}

/**
 * The folder the cluster lives in: `dataDir` itself, unless the server's user cannot reach it, in which case a
 * folder under SHARED_ROOT named after it. A note in `dataDir` tells where; without the note (the data folder was
 * deleted to start afresh) a cluster left there from before is removed first.
 */
async function clusterFolder(dataDir: string, owner: Owner | undefined): Promise<string> {
  if (!owner) return dataDir;
  const parent = path.dirname(dataDir);
  mkdirSync(parent, { recursive: true });
  // A folder we just made for it (a test's temporary one) only needs to be opened to others.
  if (!reachable(parent, owner)) await chmod(parent, 0o755).catch(() => undefined);
  if (reachable(parent, owner)) {
    mkdirSync(dataDir, { recursive: true });
    await chown(dataDir, owner.uid, owner.gid);
    await chmod(dataDir, 0o700);
    return dataDir;
  }
  const elsewhere = path.join(SHARED_ROOT, 'clusters', createHash('sha256').update(dataDir).digest('hex').slice(0, 16));
  const marker = path.join(dataDir, RELOCATED_MARKER);
  if (!existsSync(marker)) await rm(elsewhere, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(
    marker,
    `The PostgreSQL cluster of this folder is ${elsewhere}: the postgres user cannot reach ${parent}.\n` +
      'Deleting this folder starts afresh (the cluster there is removed at the next start).\n',
  );
  for (const dir of [SHARED_ROOT, path.dirname(elsewhere)]) {
    mkdirSync(dir, { recursive: true });
    await chmod(dir, 0o755);
  }
  mkdirSync(elsewhere, { recursive: true });
  await chown(elsewhere, owner.uid, owner.gid);
  await chmod(elsewhere, 0o700);
  return elsewhere;
}

/**
 * Paths of initdb and postgres in the platform package of embedded-postgres; copied once (with their libraries)
 * to SHARED_ROOT/<version> when the server's user cannot reach the package.
 */
function binaries(owner: Owner | undefined): { initdb: string; postgres: string } {
  const require = createRequire(path.join(repoRoot, 'tools', 'dev', 'package.json'));
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  const entry = require.resolve(pkg, { paths: [path.dirname(require.resolve('embedded-postgres'))] });
  // The package's entry point sits in dist/; its binaries in native/ beside it.
  const packageDir = path.resolve(path.dirname(entry), '..');
  const manifest = path.join(packageDir, 'package.json');
  let native = path.join(packageDir, 'native');
  if (owner && !reachable(path.join(native, 'bin', 'postgres'), owner)) {
    const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
    const copy = path.join(SHARED_ROOT, version, 'native');
    if (!existsSync(path.join(copy, 'bin', 'postgres'))) {
      mkdirSync(path.dirname(copy), { recursive: true, mode: 0o755 });
      cpSync(native, `${copy}.partial`, { recursive: true, verbatimSymlinks: true, force: true });
      execFileSync('mv', ['-T', `${copy}.partial`, copy]);
      execFileSync('chmod', ['-R', 'a+rX', path.join(SHARED_ROOT, version)]);
    }
    native = copy;
  }
  return { initdb: path.join(native, 'bin', 'initdb'), postgres: path.join(native, 'bin', 'postgres') };
}

/** Creates a cluster in `clusterDir` with initdb (user postgres, password auth, UTF-8), as `owner` when given. */
async function initialiseCluster(initdb: string, clusterDir: string, owner: Owner | undefined): Promise<void> {
  mkdirSync(clusterDir, { recursive: true });
  const passwordFile = path.join(os.tmpdir(), `hsa-pg-password-${process.pid}-${Date.now()}`);
  await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o644 });
  const locale = bestLocale();
  const args = [`--pgdata=${clusterDir}`, '--auth=scram-sha-256', `--username=${USER}`, `--pwfile=${passwordFile}`, '--encoding=UTF8', `--locale=${locale}`, '--lc-messages=C'];
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(initdb, args, {
        cwd: path.dirname(clusterDir),
        env: { ...process.env, LC_ALL: locale },
        stdio: ['ignore', 'pipe', 'pipe'],
        ...(owner ?? {}),
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      child.once('error', reject);
      child.once('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`initdb exited with code ${code}:\n${text}`))));
    });
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) throw new Error(`initdb wrote no cluster:\n${output}`);
  } catch (err) {
    throw new Error(`Could not create a PostgreSQL cluster in ${clusterDir}: ${(err as Error).message}`);
  } finally {
    await rm(passwordFile, { force: true });
  }
}

/** en_US.UTF-8 when the system has it, else C.UTF-8, else C (what embedded-postgres itself picks). */
function bestLocale(): string {
  try {
    const available = new Set(execFileSync('locale', ['-a'], { encoding: 'utf8' }).split(/\r?\n/).map((l) => l.trim().toLowerCase()));
    if (available.has('en_us.utf8') || available.has('en_us.utf-8')) return 'en_US.UTF-8';
    if (available.has('c.utf8') || available.has('c.utf-8')) return 'C.UTF-8';
  } catch {
    // no locale command
  }
  return 'C';
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

/** For tests: DATABASE_URL when set, else a throwaway embedded server (stopped and removed by stop()). */
export async function ensureTestPostgres(databaseUrl = process.env.DATABASE_URL): Promise<PostgresServer> {
  if (databaseUrl) return { url: databaseUrl, started: false, stop: async () => undefined };
  return startTemporaryPostgres();
}
