import * as grpc from '@grpc/grpc-js';
import { AppError, type FieldError } from '../errors';
import { FIELD_ERRORS_METADATA, USER_ID_METADATA } from './metadata';
import { errorCodeFromGrpc } from './status';

export interface CallOptions {
  /** The signed-in user the call acts for (sent as metadata). */
  userId?: string;
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

/** Creates a client for a generated service constructor, over plaintext (in-cluster traffic). */
export function createClient<C extends grpc.Client>(
  ClientCtor: new (address: string, credentials: grpc.ChannelCredentials, options?: grpc.ClientOptions) => C,
  address: string,
): C {
  return new ClientCtor(address, grpc.credentials.createInsecure(), {
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
}

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
  const message = code === 'INTERNAL' || code === 'UNAVAILABLE' ? 'Service unavailable' : err.details || err.message;
  return new AppError(code, message, fieldErrors);
}

/** Calls a unary method with the user's id and a deadline; resolves the response or rejects an AppError. */
export function call<Req, Res>(
  client: grpc.Client,
  method: UnaryMethod<Req, Res>,
  request: Req,
  options: CallOptions = {},
): Promise<Res> {
  const metadata = new grpc.Metadata();
  if (options.userId) metadata.set(USER_ID_METADATA, options.userId);
  const deadline = new Date(Date.now() + (options.timeoutMs ?? 5000));
  return new Promise<Res>((resolve, reject) => {
    (method as unknown as FullUnaryMethod<Req, Res>).call(client, request, metadata, { deadline }, (err, response) => {
      if (err) reject(fromServiceError(err));
      else if (response === undefined) reject(new AppError('INTERNAL', 'Empty response'));
      else resolve(response);
    });
  });
}

/** Waits until the channel is connected (used by readiness checks). */
export function waitForReady(client: grpc.Client, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) =>
    client.waitForReady(Date.now() + timeoutMs, (err) => (err ? reject(err) : resolve())),
  );
}
