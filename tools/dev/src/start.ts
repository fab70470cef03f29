/**
 * `npm start`: the whole product on embedded defaults. PostgreSQL from DATABASE_URL or embedded (data in
 * .data/postgres), NATS as ARCHITECTURE.md says, S3 (S3_ENDPOINT or the embedded server, data in .data/s3), then
 * identity, the gRPC services and the gateway. Whatever it started and then exits is started again with backoff
 * (and said so). SIGINT (Ctrl-C) and SIGTERM (a process manager's stop) both stop everything it started, in
 * order and gracefully, within STOP_DEADLINE_MS; a second signal kills what is left at once.
 */
import path from 'node:path';
import { killAll } from './managed-process';
import { dataDir } from './paths';
import { ensureNatsForStart } from './nats';
import { ensurePostgres } from './postgres';
import { backendServices, startStack } from './stack';

const say = (message: string) => console.log(`[start] ${message}`);
const logDir = path.join(dataDir, 'logs');
/** The longest a stop may take before what is left is killed (a process manager's usual grace period). */
const STOP_DEADLINE_MS = 30_000;
/** Signals this close together are one request (a terminal's Ctrl-C reaches us both directly and through npm). */
const SAME_SIGNAL_MS = 1000;
const restart = { log: say };

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return port;
}

/** What the launcher started, stopped in the reverse order; a part started after a stop was asked for stops at once. */
class Parts {
  private readonly parts: { name: string; stop: () => Promise<void> }[] = [];
  private stopping: Promise<void> | undefined;

  get stopRequested(): boolean {
    return this.stopping !== undefined;
  }

  async add(name: string, stop: () => Promise<void>): Promise<void> {
    this.parts.push({ name, stop });
    if (this.stopping) await stop();
  }

  stopAll(): Promise<void> {
    return (this.stopping ??= (async () => {
      for (const part of [...this.parts].reverse()) {
        await part.stop().catch((err: unknown) => console.error(`[start] stopping ${part.name}:`, err));
      }
    })());
  }
}

async function main(): Promise<void> {
  const began = performance.now();
  const parts = new Parts();

  let firstSignalAt: number | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstSignalAt !== undefined) {
      if (Date.now() - firstSignalAt < SAME_SIGNAL_MS) return;
      say(`${signal} again: killing everything now`);
      killAll('SIGKILL');
      process.exit(130);
    }
    firstSignalAt = Date.now();
    say(`${signal}: stopping…`);
    const deadline = setTimeout(() => {
      say(`not stopped after ${STOP_DEADLINE_MS / 1000} s: killing what is left`);
      killAll('SIGKILL');
      process.exit(1);
    }, STOP_DEADLINE_MS);
    void parts.stopAll().then(
      () => {
        clearTimeout(deadline);
        say(`stopped in ${((Date.now() - firstSignalAt!) / 1000).toFixed(1)} s; data kept under .data/`);
        process.exit(0);
      },
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);

  try {
    const port = portFromEnv('PORT', 8080);
    const postgres = await ensurePostgres({
      databaseUrl: process.env.DATABASE_URL,
      dataDir: path.join(dataDir, 'postgres'),
      port: portFromEnv('EMBEDDED_POSTGRES_PORT', 5433),
      logDir,
      detached: true,
      restart,
    });
    await parts.add('PostgreSQL', postgres.stop);
    say(postgres.started ? `embedded PostgreSQL on ${redact(postgres.url)} (data in .data/postgres)` : `PostgreSQL at ${redact(postgres.url)}`);
    if (parts.stopRequested) return;

    const nats = await ensureNatsForStart({
      url: process.env.NATS_URL,
      storeDir: path.join(dataDir, 'nats'),
      logs: { kind: 'file', dir: logDir },
      detached: true,
      restart,
      warn: (message) => console.warn(`[start] WARNING: ${message}`),
    });
    await parts.add('NATS', nats.stop);
    if (nats.url) say(nats.started ? `nats-server started on ${nats.url} (store in .data/nats)` : `NATS at ${nats.url}`);
    if (parts.stopRequested) return;

    const stack = await startStack({
      databaseUrl: postgres.url,
      natsUrl: nats.url,
      port,
      identityPort: portFromEnv('IDENTITY_PORT', 8081),
      grpcPorts: Object.fromEntries(backendServices.map((b) => [b.name, portFromEnv(`${b.prefix}_GRPC_PORT`, b.grpcPort)])),
      healthPorts: Object.fromEntries(backendServices.map((b) => [b.name, portFromEnv(`${b.prefix}_HEALTH_PORT`, b.healthPort)])),
      ...(process.env.PUBLIC_URL ? { publicUrl: process.env.PUBLIC_URL } : {}),
      identityDataDir: path.join(dataDir, 'identity'),
      s3: { dataDir: path.join(dataDir, 's3'), port: portFromEnv('EMBEDDED_S3_PORT', 9000) },
      databaseNames: Object.fromEntries(
        [...backendServices, { name: 'gateway', prefix: 'GATEWAY' }]
          .filter((s) => process.env[`${s.prefix}_DATABASE_NAME`])
          .map((s) => [s.name, process.env[`${s.prefix}_DATABASE_NAME`]]),
      ),
      logs: { kind: 'console' },
      detached: true,
      restart: true,
      onRestart: say,
    });
    await parts.add('services', stack.stop);
    if (parts.stopRequested) return;
    const seconds = ((performance.now() - began) / 1000).toFixed(1);
    const grpc = Object.entries(stack.ports.grpc).map(([name, port]) => `${name} gRPC on :${port}`);
    say(`services up in ${seconds} s (identity on :${stack.ports.identity}, ${grpc.join(', ')})`);
    console.log(`\nReady: ${stack.url}\n`);
  } catch (err) {
    console.error(`\n[start] ${err instanceof Error ? err.message : String(err)}\n`);
    await parts.stopAll();
    process.exit(1);
  }
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

void main();
