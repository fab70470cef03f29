import * as grpc from '@grpc/grpc-js';
import { context } from '@opentelemetry/api';
import { HealthImplementation } from 'grpc-health-check';
import type { Logger } from 'pino';
import { AppError, unauthenticated } from '../errors';
import { isDatabaseUnavailable } from '../db/unavailable';
import { requiredChecks, type ReadinessChecks } from '../http/health';
import { INTERNAL_TOKEN_METADATA, type InternalIdentity, type InternalTokenVerifier } from './internal-auth';
import { FIELD_ERRORS_METADATA, RETRY_PUSHBACK_METADATA } from './metadata';
import { perCallBookkeeping } from './client';
import { followReadiness } from './readiness-health';
import { grpcStatusByCode } from './status';
import { kitMetrics, millisecondsSince, rpcAttributes } from '../metrics';
import { endRpcSpan, startServerSpan } from './spans';

export interface CallContext {
  /** The signed-in user the verified caller acts for ('' for calls that need none). */
  userId: string;
  /** The verified calling component, e.g. "gateway". */
  caller: string;
  deadline: grpc.Deadline;
}

type UnaryHandler<Req, Res> = (request: Req, ctx: CallContext) => Promise<Res>;

/** Callers proven by startGrpcServer's check, per call object: nothing on the wire can write here. */
const verifiedCallers = new WeakMap<object, InternalIdentity>();

/** The verified caller of a call; UNAUTHENTICATED when the server did not verify one. */
export function callerOf(call: object): InternalIdentity {
  const identity = verifiedCallers.get(call);
  if (!identity) throw unauthenticated('Missing caller credentials');
  return identity;
}

/** The user a verified caller acts for; calls without one are refused. */
export function userIdFrom(call: object): string {
  const { userId } = callerOf(call);
  if (!userId) throw unauthenticated('Missing user');
  return userId;
}

function toServiceError(err: unknown, logger: Logger, method: string): Partial<grpc.StatusObject> {
  if (err instanceof AppError) {
    const metadata = new grpc.Metadata();
    if (err.fieldErrors.length) metadata.set(FIELD_ERRORS_METADATA, JSON.stringify(err.fieldErrors));
    if (!err.retryable) metadata.set(RETRY_PUSHBACK_METADATA, '-1');
    if (err.code === 'INTERNAL') logger.error({ err, method }, 'internal error');
    return { code: grpcStatusByCode[err.code], details: err.message, metadata };
  }
  if (isDatabaseUnavailable(err)) {
    logger.warn({ err, method }, 'database unavailable');
    return { code: grpc.status.UNAVAILABLE, details: 'Database unavailable' };
  }
  logger.error({ err, method }, 'unhandled error');
  return { code: grpc.status.INTERNAL, details: 'Internal error' };
}

/**
 * Adapts an async handler taking (request, {userId}) to grpc-js. Domain errors become status codes;
 * an unreachable database is UNAVAILABLE; anything else is logged and answered INTERNAL without leaking details.
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
      ctx = { userId: requireUser ? userIdFrom(call) : '', caller: callerOf(call).caller, deadline: call.getDeadline() };
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
  /** Sets every health status at once (overwritten by the next evaluation when `readiness` was given). */
  setServing(serving: boolean): void;
  /** NOT_SERVING first, then stops accepting calls and waits up to 5 s for calls in flight. */
  close(): Promise<void>;
}

/**
 * Wraps every method of a service so that it runs only for a caller whose token `auth` verifies (see
 * internal-auth.ts); anything else is answered UNAUTHENTICATED before the handler sees the call.
 */
function requireCaller(
  definition: grpc.ServiceDefinition,
  handlers: grpc.UntypedServiceImplementation,
  auth: InternalTokenVerifier,
  logger: Logger,
): grpc.UntypedServiceImplementation {
  const guarded: grpc.UntypedServiceImplementation = {};
  for (const [name, method] of Object.entries(definition)) {
    const handler = handlers[name] ?? (method.originalName ? handlers[method.originalName] : undefined);
    if (!handler) continue;
    if (method.requestStream || method.responseStream) throw new Error(`${method.path}: only unary methods can be guarded`);
    const unaryHandler = handler as grpc.handleUnaryCall<unknown, unknown>;
    const verifyThenHandle: grpc.handleUnaryCall<unknown, unknown> = (call, callback) => {
      auth.verify(call.metadata.get(INTERNAL_TOKEN_METADATA)[0], method.path).then(
        (identity) => {
          verifiedCallers.set(call, identity);
          unaryHandler(call, callback);
        },
        (err: unknown) => {
          logger.warn({ method: method.path, reason: err instanceof Error ? err.message : String(err), peer: call.getPeer() }, 'refused an unauthenticated call');
          callback(toServiceError(err, logger, method.path));
        },
      );
    };
    // Timed, and traced as a child of the caller's span (its context travels in the metadata).
    guarded[name] = ((call, untimedCallback) => {
      const start = process.hrtime.bigint();
      const { span, context: callContext } = startServerSpan(method.path, call.metadata);
      const callback: grpc.sendUnaryData<unknown> = (err, ...rest) => {
        const code = err ? (err.code ?? grpc.status.UNKNOWN) : grpc.status.OK;
        kitMetrics().rpcServerDuration.record(millisecondsSince(start), rpcAttributes(method.path, code));
        endRpcSpan(span, code, err?.details);
        untimedCallback(err, ...rest);
      };
      context.with(callContext, () => verifyThenHandle(call, callback));
    }) satisfies grpc.handleUnaryCall<unknown, unknown>;
  }
  return guarded;
}

/**
 * Starts a gRPC server with the standard health service (overall status "" and one per service name). Every
 * method of `services` answers only callers `auth` verifies; the health service answers anyone (probes).
 * `address` like "127.0.0.1:50051" (port 0 picks a free one).
 *
 * With `readiness` (the same check list as the HTTP /readyz), every health status is NOT_SERVING until the
 * required checks pass and follows them afterwards, re-evaluated every `readinessIntervalMs` (default 3 s): a
 * Kubernetes gRPC probe sees the database going away. Optional checks (a degraded feature) do not touch it; /readyz
 * reports them. Without `readiness` the status is SERVING from the start.
 */
export async function startGrpcServer(options: {
  address: string;
  services: { name: string; definition: grpc.ServiceDefinition; handlers: grpc.UntypedServiceImplementation }[];
  auth: InternalTokenVerifier;
  logger: Logger;
  readiness?: ReadinessChecks | undefined;
  readinessIntervalMs?: number | undefined;
}): Promise<GrpcServerHandle> {
  const server = new grpc.Server({ 'grpc.max_receive_message_length': 8 * 1024 * 1024, ...perCallBookkeeping });
  const initial = options.readiness ? 'NOT_SERVING' : 'SERVING';
  const statusMap: Record<string, 'SERVING' | 'NOT_SERVING'> = { '': initial };
  for (const s of options.services) {
    server.addService(s.definition, requireCaller(s.definition, s.handlers, options.auth, options.logger));
    statusMap[s.name] = initial;
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
  const follower = options.readiness
    ? followReadiness({ checks: requiredChecks(options.readiness), setServing, logger: options.logger, intervalMs: options.readinessIntervalMs })
    : undefined;
  await follower?.firstEvaluation;
  return {
    server,
    port,
    health,
    setServing,
    close: () =>
      new Promise<void>((resolve) => {
        follower?.stop();
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
