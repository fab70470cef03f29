import { accessSync, constants, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ManagedProcess, describeExit, type LogTarget } from './managed-process';
import { freePort, isPortFree } from './ports';
import { startWhenReady } from './supervisor';

export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';

export interface NatsProbe {
  reachable: boolean;
  jetstream: boolean;
  version?: string;
}

export interface NatsServer {
  /** The URL to hand to services; undefined when running without NATS. */
  url: string | undefined;
  /** True when this call started nats-server (and stop() stops it). */
  started: boolean;
  /** nats-server's process id now (it changes when it is restarted). */
  pid?: () => number | undefined;
  stop(): Promise<void>;
}

/** Connects and reads the server's INFO line: tells whether a NATS server answers and has JetStream. */
export function probeNats(url: string, timeoutMs = 1500): Promise<NatsProbe> {
  const { hostname, port } = new URL(url.replace(/^nats:/, 'http:'));
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 4222) });
    let buffer = '';
    const done = (probe: NatsProbe) => {
      socket.destroy();
      resolve(probe);
    };
    socket.setTimeout(timeoutMs, () => done({ reachable: false, jetstream: false }));
    socket.on('error', () => done({ reachable: false, jetstream: false }));
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      const end = buffer.indexOf('\r\n');
      if (end < 0) return;
      const line = buffer.slice(0, end);
      if (!line.startsWith('INFO ')) return done({ reachable: false, jetstream: false });
      try {
        const info = JSON.parse(line.slice(5)) as { jetstream?: boolean; version?: string };
        done({ reachable: true, jetstream: !!info.jetstream, ...(info.version ? { version: info.version } : {}) });
      } catch {
        done({ reachable: false, jetstream: false });
      }
    });
  });
}

/** nats-server from PATH (or Debian's /usr/sbin, which is not on every user's PATH). */
export function findNatsServer(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs.filter(Boolean)) {
    const candidate = path.join(dir, 'nats-server');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Starts `nats-server -js` on 127.0.0.1:port with its JetStream store in storeDir; resolves once it answers. */
export async function startNatsServer(options: {
  binary: string;
  port: number;
  storeDir: string;
  logs: LogTarget;
  readyTimeoutMs?: number;
  detached?: boolean;
  /** Start it again (same port and store), with backoff, when it exits; restarts are told to `log`. */
  restart?: { log: (message: string) => void };
}): Promise<NatsServer & { url: string }> {
  mkdirSync(options.storeDir, { recursive: true });
  const args = ['-js', '-a', '127.0.0.1', '-p', String(options.port), '-sd', options.storeDir];
  const spawn = () =>
    new ManagedProcess('nats', options.binary, args, {
      cwd: options.storeDir,
      env: process.env,
      logs: options.logs,
      detached: options.detached ?? false,
    });
  const url = `nats://127.0.0.1:${options.port}`;
  const readyTimeoutMs = options.readyTimeoutMs ?? 15_000;
  const server = await startWhenReady({ name: 'nats', start: spawn, ready: (child) => untilAnswering(child, url, readyTimeoutMs), restart: options.restart });
  return { url, started: true, pid: server.pid, stop: async () => void (await server.stop(5000)) };
}

/** Resolves once nats-server answers with JetStream on `url`; rejects when it exits first or after `timeoutMs`. */
async function untilAnswering(child: ManagedProcess, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const exit = child.hasExited;
    if (exit) throw new Error(`nats-server ${describeExit(exit)} before it was ready:\n${child.lastLines().join('\n')}`);
    const probe = await probeNats(url, 500);
    if (probe.reachable && probe.jetstream) return;
    if (Date.now() > deadline) throw new Error(`nats-server did not answer on ${url} in time:\n${child.lastLines().join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const MISSING_NATS_HINT =
  'Install nats-server (Debian: apt-get install nats-server; .ci/run does this) or point NATS_URL at a NATS server with JetStream.';

/**
 * For `npm start`: NATS_URL (default nats://127.0.0.1:4222) when something answers there; else nats-server from
 * PATH with its store in storeDir; else no NATS at all, with one clear warning (the product runs without live events).
 */
export async function ensureNatsForStart(options: {
  url?: string | undefined;
  storeDir: string;
  logs: LogTarget;
  warn: (message: string) => void;
  detached?: boolean;
  /** Restart nats-server when it exits (see startNatsServer). */
  restart?: { log: (message: string) => void };
  /** nats-server to run; default: found on PATH; null: behave as if none is installed. */
  binary?: string | null;
}): Promise<NatsServer> {
  const url = options.url || DEFAULT_NATS_URL;
  const probe = await probeNats(url);
  if (probe.reachable) {
    if (!probe.jetstream) options.warn(`NATS at ${url} has no JetStream (start it with -js): live events are off.`);
    return { url, started: false, stop: async () => undefined };
  }
  const binary = options.binary === undefined ? findNatsServer() : options.binary;
  if (!binary) {
    options.warn(
      `No NATS server answers at ${url} and nats-server is not installed: running without live events ` +
        `(lists will not refresh across open tabs by themselves). ${MISSING_NATS_HINT}`,
    );
    // Services keep the URL and connect in the background if a server appears later.
    return { url, started: false, stop: async () => undefined };
  }
  const wanted = Number(new URL(url.replace(/^nats:/, 'http:')).port || 4222);
  const port = isLoopback(url) && (await isPortFree(wanted)) ? wanted : await freePort();
  return startNatsServer({
    binary,
    port,
    storeDir: options.storeDir,
    logs: options.logs,
    detached: options.detached ?? false,
    ...(options.restart ? { restart: options.restart } : {}),
  });
}

/**
 * For tests: NATS_URL (default nats://127.0.0.1:4222) when it answers with JetStream; else nats-server from PATH on
 * a free port with a temporary store (removed on stop); else a clear error naming what is missing.
 */
export async function ensureNatsForTests(
  options: { url?: string | undefined; logs?: LogTarget; binary?: string | null } = {},
): Promise<NatsServer & { url: string }> {
  const url = options.url || DEFAULT_NATS_URL;
  const probe = await probeNats(url);
  if (probe.reachable && probe.jetstream) return { url, started: false, stop: async () => undefined };
  const binary = options.binary === undefined ? findNatsServer() : options.binary;
  if (!binary) {
    const found = probe.reachable ? `the NATS server at ${url} has no JetStream` : `nothing answers at ${url}`;
    throw new Error(`The tests need NATS with JetStream, but ${found} and nats-server is not on PATH. ${MISSING_NATS_HINT}`);
  }
  const storeDir = await mkdtemp(path.join(os.tmpdir(), 'hsa-nats-'));
  try {
    const server = await startNatsServer({
      binary,
      port: await freePort(),
      storeDir,
      logs: options.logs ?? { kind: 'file', dir: storeDir },
    });
    return {
      ...server,
      stop: async () => {
        await server.stop();
        await rm(storeDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await rm(storeDir, { recursive: true, force: true });
    throw err;
  }
}

function isLoopback(url: string): boolean {
  const host = new URL(url.replace(/^nats:/, 'http:')).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}
