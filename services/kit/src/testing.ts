import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Writable } from 'node:stream';
import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import pg from 'pg';
import type { JSONWebKeySet, JWK } from 'jose';
import { databaseUrlFor } from './db/database';
import { createLogger, type Logger } from './logger';
import type { ClientAuth } from './grpc/client';
import { InternalTokenSigner, generateInternalKeyPair } from './grpc/internal-auth';

/**
 * Test helpers. Tests run against a real PostgreSQL server (DATABASE_URL, set by the test runner to the
 * local server or an embedded one) and get a throwaway database each.
 */
export function testServerUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run the tests through `npm test`, which provides PostgreSQL');
  return url;
}

export function uniqueDatabaseName(prefix: string): string {
  return `t_${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`.toLowerCase();
}

export async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrlFor(testServerUrl(), 'postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export function testNatsUrl(): string {
  return process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
}

/**
 * Key pairs of the two calling components (gateway, neighborhood), made once per test process, and what a service
 * or a client under test needs from them: the trusted public keys, a signer, client credentials.
 */
let testKeys: Record<'gateway' | 'neighborhood', { privateJwk: JWK; publicJwk: JWK }> | undefined;
function keys() {
  testKeys ??= { gateway: generateInternalKeyPair('gateway.test'), neighborhood: generateInternalKeyPair('neighborhood.test') };
  return testKeys;
}

/** The public keys every test service trusts (both callers'). */
export function testTrustedCallerKeys(): JSONWebKeySet {
  return { keys: [keys().gateway.publicJwk, keys().neighborhood.publicJwk] };
}

/** The private key of a test caller. */
export function testCallerKey(caller: 'gateway' | 'neighborhood' = 'gateway'): JWK {
  return keys()[caller].privateJwk;
}

export function testSigner(caller: 'gateway' | 'neighborhood' = 'gateway'): InternalTokenSigner {
  return new InternalTokenSigner(testCallerKey(caller), caller);
}

/** Credentials for a test client of `audience` (the service's name), signing as the gateway by default. */
export function testClientAuth(audience: string, caller: 'gateway' | 'neighborhood' = 'gateway'): ClientAuth {
  return { signer: testSigner(caller), audience };
}

/** The environment variables of the same keys, for services and the gateway started from their env schemas. */
export function testInternalAuthEnv(): { INTERNAL_AUTH_PUBLIC_KEYS: string; INTERNAL_AUTH_PRIVATE_KEY: string } {
  return { INTERNAL_AUTH_PUBLIC_KEYS: JSON.stringify(testTrustedCallerKeys()), INTERNAL_AUTH_PRIVATE_KEY: JSON.stringify(testCallerKey()) };
}

export * from './provider-replay';
export * from './telemetry-capture';

/** A real pino logger (at `level`) whose JSON lines are kept for assertions. */
export function captureLogger(name = 'test', level = 'warn'): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger(name, level, sink), lines };
}

/**
 * A TCP relay to a real server (PostgreSQL, NATS) that can be cut (every connection dropped, new ones refused) and
 * restored: a dependency going away and coming back without touching the shared server.
 */
export async function startCuttableRelay(target: { host: string; port: number }) {
  let open = true;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!open) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut: () => {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore: () => {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export type GrpcHealthStatus = 'SERVING' | 'NOT_SERVING' | 'UNKNOWN' | 'SERVICE_UNKNOWN';

/** One grpc.health.v1 Check, as a Kubernetes gRPC probe or grpc_health_probe would make it. */
export async function grpcHealthCheck(port: number, service = ''): Promise<GrpcHealthStatus> {
  const Health = grpc.makeGenericClientConstructor(healthService as unknown as grpc.ServiceDefinition, 'Health');
  const client = new Health(`127.0.0.1:${port}`, grpc.credentials.createInsecure()) as unknown as grpc.Client & {
    check(req: { service: string }, cb: (err: grpc.ServiceError | null, res: { status: GrpcHealthStatus }) => void): void;
  };
  try {
    return await new Promise((resolve, reject) => client.check({ service }, (err, res) => (err ? reject(err) : resolve(res.status))));
  } finally {
    client.close();
  }
}
