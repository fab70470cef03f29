/**
 * `npm start`: the whole product on embedded defaults. PostgreSQL from DATABASE_URL or embedded (data in
 * .data/postgres), NATS as ARCHITECTURE.md says, S3 (S3_ENDPOINT or the embedded server, data in .data/s3), then
 * identity, the gRPC services and the gateway; Ctrl-C stops it all.
 */
import path from 'node:path';
import { dataDir } from './paths';
import { ensureNatsForStart, type NatsServer } from './nats';
import { ensurePostgres, type PostgresServer } from './postgres';
import { backendServices, startStack, type Stack } from './stack';

const say = (message: string) => console.log(`[start] ${message}`);
const logDir = path.join(dataDir, 'logs');

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return port;
}

async function main(): Promise<void> {
  const began = performance.now();
  let postgres: PostgresServer | undefined;
  let nats: NatsServer | undefined;
  let stack: Stack | undefined;
  let stopping: Promise<void> | undefined;

  const stopAll = () =>
    (stopping ??= (async () => {
      await stack?.stop();
      await nats?.stop();
      await postgres?.stop();
    })());

  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      say('forced exit');
      process.exit(130);
    }
    say(`${signal}: stopping…`);
    void stopAll().then(
      () => {
        say('stopped; data kept under .data/');
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
    postgres = await ensurePostgres({
      databaseUrl: process.env.DATABASE_URL,
      dataDir: path.join(dataDir, 'postgres'),
      port: portFromEnv('EMBEDDED_POSTGRES_PORT', 5433),
      logDir,
      detached: true,
    });
    say(postgres.started ? `embedded PostgreSQL on ${redact(postgres.url)} (data in .data/postgres)` : `PostgreSQL at ${redact(postgres.url)}`);
    if (stopping) return;

    nats = await ensureNatsForStart({
      url: process.env.NATS_URL,
      storeDir: path.join(dataDir, 'nats'),
      logs: { kind: 'file', dir: logDir },
      detached: true,
      warn: (message) => console.warn(`[start] WARNING: ${message}`),
    });
    if (nats.url) say(nats.started ? `nats-server started on ${nats.url} (store in .data/nats)` : `NATS at ${nats.url}`);
    if (stopping) return;

    stack = await startStack({
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
    });
    if (stopping) return;
    const seconds = ((performance.now() - began) / 1000).toFixed(1);
    const grpc = Object.entries(stack.ports.grpc).map(([name, port]) => `${name} gRPC on :${port}`);
    say(`services up in ${seconds} s (identity on :${stack.ports.identity}, ${grpc.join(', ')})`);
    console.log(`\nReady: ${stack.url}\n`);
  } catch (err) {
    console.error(`\n[start] ${err instanceof Error ? err.message : String(err)}\n`);
    await stopAll();
    process.exit(1);
  }
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

void main();
