import * as grpc from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import type { Logger } from 'pino';
import { AppError, unauthenticated } from '../errors';
import { FIELD_ERRORS_METADATA, USER_ID_METADATA } from './metadata';
import { grpcStatusByCode } from './status';

export interface CallContext {
  /** The signed-in user, as asserted by the gateway. */
  userId: string;
  deadline: grpc.Deadline;
}

type UnaryHandler<Req, Res> = (request: Req, ctx: CallContext) => Promise<Res>;

/** The user id set by the gateway; calls without one are refused. */
export function userIdFrom(metadata: grpc.Metadata): string {
  const value = metadata.get(USER_ID_METADATA)[0];
  if (typeof value !== 'string' || value.length === 0 || value.length > 200) throw unauthenticated('Missing user');
  return value;
}

function toServiceError(err: unknown, logger: Logger, method: string): Partial<grpc.StatusObject> {
  if (err instanceof AppError) {
    const metadata = new grpc.Metadata();
    if (err.fieldErrors.length) metadata.set(FIELD_ERRORS_METADATA, JSON.stringify(err.fieldErrors));
    if (err.code === 'INTERNAL') logger.error({ err, method }, 'internal error');
    return { code: grpcStatusByCode[err.code], details: err.message, metadata };
  }
  logger.error({ err, method }, 'unhandled error');
  return { code: grpc.status.INTERNAL, details: 'Internal error' };
}

/**
 * Adapts an async handler taking (request, {userId}) to grpc-js. Domain errors become status codes;
 * anything else is logged and answered INTERNAL without leaking details.
 */
export function unary<Req, Res>(
  logger: Logger,
  method: string,
  handler: UnaryHandler<Req, Res>,
  options: { requireUser?: boolean } = {},
): grpc.handleUnaryCall<Req, Res> {
  const requireUser = options.requireUser ?? true;
  return (call, callback) => {
    let ctx: CallContext;
    try {
      ctx = { userId: requireUser ? userIdFrom(call.metadata) : '', deadline: call.getDeadline() };
    } catch (err) {
      callback(toServiceError(err, logger, method));
      return;
    }
    handler(call.request, ctx).then(
      (response) => callback(null, response),
      (err: unknown) => callback(toServiceError(err, logger, method)),
    );
  };
}

export interface GrpcServerHandle {
  server: grpc.Server;
  port: number;
  health: HealthImplementation;
  setServing(serving: boolean): void;
  close(): Promise<void>;
}

/**
 * Starts a gRPC server with the standard health service (overall status "" and one per service name).
 * `address` like "127.0.0.1:50051" (port 0 picks a free one).
 */
export async function startGrpcServer(options: {
  address: string;
  services: { name: string; definition: grpc.ServiceDefinition; handlers: grpc.UntypedServiceImplementation }[];
  logger: Logger;
}): Promise<GrpcServerHandle> {
  const server = new grpc.Server({ 'grpc.max_receive_message_length': 8 * 1024 * 1024 });
  const statusMap: Record<string, 'SERVING' | 'NOT_SERVING'> = { '': 'SERVING' };
  for (const s of options.services) {
    server.addService(s.definition, s.handlers);
    statusMap[s.name] = 'SERVING';
  }
  const health = new HealthImplementation(statusMap);
  health.addToServer(server);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(options.address, grpc.ServerCredentials.createInsecure(), (err, boundPort) =>
      err ? reject(err) : resolve(boundPort),
    ),
  );
  options.logger.info({ port, services: options.services.map((s) => s.name) }, 'gRPC server listening');
  const setServing = (serving: boolean) => {
    for (const name of Object.keys(statusMap)) health.setStatus(name, serving ? 'SERVING' : 'NOT_SERVING');
  };
  return {
    server,
    port,
    health,
    setServing,
    close: () =>
      new Promise<void>((resolve) => {
        setServing(false);
        const timer = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, 5000);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}
