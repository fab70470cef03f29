import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { protoPath } from 'grpc-health-check';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPropertyProto } from '@hsa/protos';
import { Cleanups, InternalTokenVerifier, createLogger, optionalCheck, serveGrpc, startGrpcServer, type GrpcServerHandle } from '../src';
import { startCuttableRelay, testServerUrl, testTrustedCallerKeys } from '../src/testing';

const logger = createLogger('kit-test', 'silent');
const SERVICE = 'property.v1.PropertyService';

type Status = 'SERVING' | 'NOT_SERVING' | 'UNKNOWN' | 'SERVICE_UNKNOWN';
interface HealthStub extends grpc.Client {
  check(req: { service: string }, cb: (err: grpc.ServiceError | null, res: { status: Status }) => void): void;
  watch(req: { service: string }): grpc.ClientReadableStream<{ status: Status }>;
}

/** A real grpc.health.v1 client, as a Kubernetes gRPC probe or grpc_health_probe would dial. */
function healthClient(port: number): HealthStub {
  const def = protoLoader.loadSync(protoPath, { keepCase: true, enums: String, defaults: true });
  const pkg = grpc.loadPackageDefinition(def) as unknown as {
    grpc: { health: { v1: { Health: new (address: string, credentials: grpc.ChannelCredentials) => HealthStub } } };
  };
  return new pkg.grpc.health.v1.Health(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
}

function check(client: HealthStub, service: string): Promise<Status> {
  return new Promise((resolve, reject) => client.check({ service }, (err, res) => (err ? reject(err) : resolve(res.status))));
}

/** Polls until both the overall and the service's status equal `expected` (or fails after `withinMs`). */
async function expectStatus(client: HealthStub, expected: Status, withinMs = 8000): Promise<void> {
  const deadline = Date.now() + withinMs;
  let seen: Status[] = [];
  while (Date.now() < deadline) {
    seen = [await check(client, ''), await check(client, SERVICE)];
    if (seen.every((s) => s === expected)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`health stayed ${seen.join('/')} instead of ${expected}`);
}

const propertyService = () => ({ name: SERVICE, definition: loadPropertyProto().PropertyService.service, handlers: {} });

describe('gRPC health follows readiness', () => {
  const cleanups = new Cleanups(logger);
  afterEach(() => cleanups.run());

  it('answers NOT_SERVING while a readiness check fails and SERVING once it passes, for "" and every service', async () => {
    let ready = false;
    const server = await startGrpcServer({
      address: '127.0.0.1:0',
      logger,
      auth: new InternalTokenVerifier(testTrustedCallerKeys(), 'property'),
      services: [propertyService()],
      readiness: { database: () => ready },
      readinessIntervalMs: 50,
    });
    cleanups.push(() => server.close());
    const client = healthClient(server.port);
    cleanups.push(() => client.close());

    // The first evaluation ran before startGrpcServer returned: no SERVING window before the checks.
    expect(await check(client, '')).toBe('NOT_SERVING');
    expect(await check(client, SERVICE)).toBe('NOT_SERVING');
    ready = true;
    await expectStatus(client, 'SERVING');
    ready = false;
    await expectStatus(client, 'NOT_SERVING');
  });

  it('counts a throwing check as not ready', async () => {
    const server = await startGrpcServer({
      address: '127.0.0.1:0',
      logger,
      auth: new InternalTokenVerifier(testTrustedCallerKeys(), 'property'),
      services: [propertyService()],
      readiness: {
        database: () => {
          throw new Error('connection refused');
        },
      },
      readinessIntervalMs: 50,
    });
    cleanups.push(() => server.close());
    const client = healthClient(server.port);
    cleanups.push(() => client.close());
    expect(await check(client, '')).toBe('NOT_SERVING');
  });

  it('turns NOT_SERVING on stop, and a later evaluation does not turn it back', async () => {
    const server: GrpcServerHandle = await startGrpcServer({
      address: '127.0.0.1:0',
      logger,
      auth: new InternalTokenVerifier(testTrustedCallerKeys(), 'property'),
      services: [propertyService()],
      readiness: { database: () => true },
      readinessIntervalMs: 20,
    });
    const client = healthClient(server.port);
    cleanups.push(() => client.close());
    expect(await check(client, '')).toBe('SERVING');

    // A watcher (as a load balancer would hold) sees the status change when the server begins to stop.
    const watch = client.watch({ service: '' });
    const statuses: Status[] = [];
    const notServing = new Promise<void>((resolve) =>
      watch.on('data', ({ status }: { status: Status }) => {
        statuses.push(status);
        if (status === 'NOT_SERVING') resolve();
      }),
    );
    watch.on('error', () => undefined);
    await new Promise((r) => setTimeout(r, 100));
    const closing = server.close();
    await notServing;
    // Give the (stopped) follower several intervals: the status must stay NOT_SERVING.
    await new Promise((r) => setTimeout(r, 100));
    watch.cancel();
    await closing;
    expect(statuses[0]).toBe('SERVING');
    expect(statuses.slice(statuses.indexOf('NOT_SERVING'))).toEqual(['NOT_SERVING']);
  });

  it('follows a real PostgreSQL becoming unreachable and coming back, in step with HTTP /readyz; an optional check only degrades', async () => {
    const url = new URL(testServerUrl());
    const relay = await startCuttableRelay({ host: url.hostname, port: Number(url.port || 5432) });
    cleanups.push(() => relay.close());
    const viaRelay = new URL(url);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relay.port);
    viaRelay.pathname = '/postgres';
    const pool = new pg.Pool({ connectionString: viaRelay.toString(), max: 1, connectionTimeoutMillis: 1000 });
    let busUp = true;
    pool.on('error', () => undefined);
    cleanups.push(() => pool.end());

    const endpoints = await serveGrpc({
      host: '127.0.0.1',
      port: 0,
      healthPort: 0,
      auth: new InternalTokenVerifier(testTrustedCallerKeys(), 'property'),
      services: [propertyService()],
      // The same checks the services use (see services/property/src/service.ts).
      readiness: {
        database: async () => (await pool.query('select 1')).rowCount === 1,
        nats: optionalCheck(() => busUp),
      },
      readinessIntervalMs: 100,
      logger,
      cleanups,
    });
    const client = healthClient(endpoints.grpcPort);
    cleanups.push(() => client.close());
    const readyz = async () => {
      const res = await fetch(`http://127.0.0.1:${endpoints.healthPort}/readyz`);
      const text = await res.text();
      expect(text).not.toMatch(/127\.0\.0\.1|postgres|ECONNREFUSED/i); // names and booleans only
      return { code: res.status, ...(JSON.parse(text) as { status: string; checks: Record<string, boolean> }) };
    };

    await expectStatus(client, 'SERVING');
    expect(await readyz()).toEqual({ code: 200, status: 'ready', checks: { database: true, nats: true }, optional: ['nats'] });

    // An optional dependency failing: /readyz 200 degraded, the gRPC status stays SERVING.
    busUp = false;
    expect(await readyz()).toMatchObject({ code: 200, status: 'degraded', checks: { database: true, nats: false } });
    await new Promise((r) => setTimeout(r, 300));
    await expectStatus(client, 'SERVING', 100);

    relay.cut();
    await expectStatus(client, 'NOT_SERVING');
    expect(await readyz()).toMatchObject({ code: 503, status: 'not ready', checks: { database: false, nats: false } });

    relay.restore();
    busUp = true;
    await expectStatus(client, 'SERVING');
    expect(await readyz()).toMatchObject({ code: 200, status: 'ready', checks: { database: true, nats: true } });
  });
});
