import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type * as grpc from '@grpc/grpc-js';
import type { Logger } from 'pino';
import type { Database } from './db/database';
import { EventBus } from './events/bus';
import { startOutboxRelay, type OutboxRelay } from './events/relay';
import type { InternalTokenVerifier } from './grpc/internal-auth';
import { startGrpcServer } from './grpc/server';
import { startHealthServer, type ReadinessChecks } from './http/health';
import { observeReadiness } from './http/readiness-metrics';

/**
 * What every gRPC service does at start and stop, in one place: a stack of cleanups run in reverse, the
 * event outbox (bus + relay), and the gRPC server with its HTTP health server.
 */
export class Cleanups {
  private readonly stack: (() => Promise<unknown> | unknown)[] = [];

  constructor(private readonly logger: Logger) {}

  push(cleanup: () => Promise<unknown> | unknown): void {
    this.stack.push(cleanup);
  }

  /** Runs every cleanup, newest first; a failing one is logged and the rest still run. */
  async run(): Promise<void> {
    for (const cleanup of this.stack.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (err) {
        this.logger.warn({ err }, 'cleanup failed');
      }
    }
  }
}

export function closeHttpServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** An address a client on this machine can dial for a server bound to `host`. */
export function dialAddress(host: string, port: number): string {
  return `${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${port}`;
}

export interface EventOutbox {
  bus: EventBus;
  relay: OutboxRelay;
}

/** The service's event bus and the relay publishing its outbox table; both stop with `cleanups`. */
export function startEventOutbox(options: {
  name: string;
  natsUrl: string;
  database: Database;
  logger: Logger;
  cleanups: Cleanups;
  relayIntervalMs?: number | undefined;
}): EventOutbox {
  const bus = new EventBus(options.natsUrl, options.logger, options.name);
  options.cleanups.push(() => bus.close());
  const relay = startOutboxRelay({
    pool: options.database.pool,
    db: options.database.db,
    bus,
    logger: options.logger,
    ...(options.relayIntervalMs ? { intervalMs: options.relayIntervalMs } : {}),
  });
  options.cleanups.push(() => relay.stop());
  return { bus, relay };
}

export interface ServingEndpoints {
  grpcPort: number;
  /** host:port a client on this machine can dial. */
  grpcAddress: string;
  healthPort: number | undefined;
}

/**
 * Starts the gRPC server (with the standard health service) and, unless `healthPort` is undefined, the HTTP
 * /healthz and /readyz server on the same host. Both stop with `cleanups`. The gRPC health status and /readyz
 * answer from the same `readiness` list: NOT_SERVING / 503 while a required check fails; an optional one failing
 * leaves the gRPC status SERVING and makes /readyz answer 200 `degraded`. The same list feeds hsa.readiness and
 * hsa.readiness.check.
 */
export async function serveGrpc(options: {
  host: string;
  port: number;
  healthPort: number | undefined;
  services: { name: string; definition: grpc.ServiceDefinition; handlers: grpc.UntypedServiceImplementation }[];
  /** Verifies every caller (see internal-auth.ts). */
  auth: InternalTokenVerifier;
  /** Every dependency: required ones gate /readyz and the gRPC health status, optional ones (optionalCheck) are reported as degraded. */
  readiness: ReadinessChecks;
  /** How often the gRPC health status is re-evaluated (default 3 s). */
  readinessIntervalMs?: number | undefined;
  logger: Logger;
  cleanups: Cleanups;
}): Promise<ServingEndpoints> {
  const grpcServer = await startGrpcServer({
    address: `${options.host}:${options.port}`,
    services: options.services,
    auth: options.auth,
    logger: options.logger,
    readiness: options.readiness,
    readinessIntervalMs: options.readinessIntervalMs,
  });
  options.cleanups.push(() => grpcServer.close());
  options.cleanups.push(observeReadiness(options.readiness));
  let healthPort: number | undefined;
  if (options.healthPort !== undefined) {
    const healthServer = await startHealthServer(options.healthPort, options.host, options.readiness);
    options.cleanups.push(() => closeHttpServer(healthServer));
    healthPort = (healthServer.address() as AddressInfo).port;
    options.logger.info({ port: healthPort }, 'health server listening');
  }
  return { grpcPort: grpcServer.port, grpcAddress: dialAddress(options.host, grpcServer.port), healthPort };
}
