import * as grpc from '@grpc/grpc-js';
import { AppError, type FieldError } from '../errors';
import { INTERNAL_TOKEN_METADATA, type InternalTokenSigner } from './internal-auth';
import { FIELD_ERRORS_METADATA } from './metadata';
import { errorCodeFromGrpc } from './status';
import { kitMetrics, millisecondsSince, rpcAttributes } from '../metrics';
import { endRpcSpan, startClientSpan } from './spans';

export interface CallOptions {
  /** The signed-in user the call acts for (the `sub` of the call's signed token). */
  userId?: string | undefined;
  /** Deadline in milliseconds from now. Every call has one. */
  timeoutMs?: number;
}

// Matches the last (request, callback) overload of a generated client method, which is the one
// TypeScript infers from; every generated method also accepts (request, metadata, options, callback).
type UnaryMethod<Req, Res> = (request: Req, callback: grpc.requestCallback<Res>) => grpc.ClientUnaryCall;
type FullUnaryMethod<Req, Res> = (
  request: Req,
  metadata: grpc.Metadata,
  options: grpc.CallOptions,
  callback: grpc.requestCallback<Res>,
) => grpc.ClientUnaryCall;

/** How a client proves who calls: the caller's signer and the called service's name (the token audience). */
export interface ClientAuth {
  signer: InternalTokenSigner;
  audience: string;
}

const authOfClient = new WeakMap<grpc.Client, ClientAuth>();

/**
 * Reconnection after a service went away: grpc-js waits 1 s, then 1.6 times longer after each failed attempt (up
 * to 120 s), so calls kept failing for 7-8 s after a restarted service was back. Starting at 100 ms and never
 * waiting more than 1 s makes calls succeed within about a second of its return, for one attempt per second while
 * it is down.
 */
export const reconnectOptions = {
  'grpc.initial_reconnect_backoff_ms': 100,
  'grpc.max_reconnect_backoff_ms': 1000,
} as const;

/**
 * Channelz (gRPC's live introspection service) counts and traces every call on every channel and server; nothing
 * here serves or reads it, and it was a measurable part of a small call's CPU. Off for clients and servers alike.
 */
export const perCallBookkeeping = { 'grpc.enable_channelz': 0 } as const;

/**
 * Creates a client for a generated service constructor, over plaintext (in-cluster traffic). Every `call` through it
 * carries a token signed by `auth.signer` for `auth.audience` (fresh, or one signed for the same claims seconds ago).
 */
export function createClient<C extends grpc.Client>(
  ClientCtor: new (address: string, credentials: grpc.ChannelCredentials, options?: grpc.ClientOptions) => C,
  address: string,
  auth: ClientAuth,
): C {
  const client = new ClientCtor(address, grpc.credentials.createInsecure(), {
    ...reconnectOptions,
    ...perCallBookkeeping,
    'grpc.keepalive_time_ms': 30_000,
    'grpc.service_config': JSON.stringify({
      methodConfig: [
        {
          name: [{}],
          retryPolicy: {
            maxAttempts: 3,
            initialBackoff: '0.1s',
            maxBackoff: '1s',
            backoffMultiplier: 2,
            retryableStatusCodes: ['UNAVAILABLE'],
          },
        },
      ],
    }),
  });
  authOfClient.set(client, auth);
  return client;
}

/**
 * Messages for the codes grpc-js itself produces: their details name internal addresses and timings (a deadline
 * answers "Deadline exceeded after 5.002s,LB pick: 0s,remote_addr=10.0.3.7:50051"), never shown to a caller.
 */
const transportMessages: Partial<Record<ReturnType<typeof errorCodeFromGrpc>, string>> = {
  INTERNAL: 'Service unavailable',
  UNAVAILABLE: 'Service unavailable',
  DEADLINE_EXCEEDED: 'Service did not answer in time',
};

/** Converts a gRPC failure into an AppError carrying the same meaning and the field errors, if any. */
export function fromServiceError(err: grpc.ServiceError): AppError {
  let fieldErrors: FieldError[] = [];
  const raw = err.metadata?.get(FIELD_ERRORS_METADATA)[0];
  if (typeof raw === 'string') {
    try {
      fieldErrors = JSON.parse(raw) as FieldError[];
    } catch {
      fieldErrors = [];
    }
  }
  const code = errorCodeFromGrpc(err.code);
  const message = transportMessages[code] ?? (err.details || err.message);
  return new AppError(code, message, fieldErrors);
}

/**
 * Calls a unary method of a client made by createClient, with a token naming the caller, the method and the user
 * (if any), and a deadline; resolves the response or rejects an AppError.
 */
export async function call<Req, Res>(
  client: grpc.Client,
  method: UnaryMethod<Req, Res>,
  request: Req,
  options: CallOptions = {},
): Promise<Res> {
  const auth = authOfClient.get(client);
  const path = (method as { path?: unknown }).path;
  if (!auth || typeof path !== 'string') throw new Error('call() needs a client made by createClient and one of its methods');
  const metadata = new grpc.Metadata();
  const token = await auth.signer.sign({ audience: auth.audience, method: path, userId: options.userId });
  metadata.set(INTERNAL_TOKEN_METADATA, `Bearer ${token}`);
  const deadline = new Date(Date.now() + (options.timeoutMs ?? 5000));
  const span = startClientSpan(path, metadata);
  const start = process.hrtime.bigint();
  const finish = (code: grpc.status, details?: string) => {
    kitMetrics().rpcClientDuration.record(millisecondsSince(start), rpcAttributes(path, code));
    endRpcSpan(span, code, details);
  };
  return new Promise<Res>((resolve, reject) => {
    try {
      (method as unknown as FullUnaryMethod<Req, Res>).call(client, request, metadata, { deadline }, (err, response) => {
        finish(err ? err.code : grpc.status.OK, err?.details);
        if (err) reject(fromServiceError(err));
        else if (response === undefined) reject(new AppError('INTERNAL', 'Empty response'));
        else resolve(response);
      });
    } catch (err) {
      // grpc-js refused to start the call (e.g. its channel is closed): measured and traced like any failed call.
      finish(grpc.status.INTERNAL, (err as Error).message);
      throw err;
    }
  });
}

/** Waits until the channel is connected (used by readiness checks). */
export function waitForReady(client: grpc.Client, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) =>
    client.waitForReady(Date.now() + timeoutMs, (err) => (err ? reject(err) : resolve())),
  );
}
