/**
 * Errors with a meaning every layer agrees on. Domain code throws them; the gRPC layer turns them into
 * status codes; the gateway turns those into HTTP statuses (see grpc/status.ts).
 */
export type ErrorCode =
  | 'INVALID_ARGUMENT'
  | 'NOT_FOUND'
  | 'UNAUTHENTICATED'
  | 'PERMISSION_DENIED'
  | 'FAILED_PRECONDITION'
  | 'RESOURCE_EXHAUSTED'
  | 'UNAVAILABLE'
  | 'DEADLINE_EXCEEDED'
  | 'INTERNAL';

export interface FieldError {
  path: string;
  message: string;
}

export interface AppErrorOptions {
  /**
   * False when asking again cannot help or would cost money: a provider call that was already retried, or a
   * configuration error (a refused key). gRPC clients then do not retry the call (grpc-retry-pushback-ms: -1).
   */
  retryable?: boolean;
}

export class AppError extends Error {
  readonly retryable: boolean;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors: FieldError[] = [],
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.retryable = options.retryable ?? true;
  }
}

export const invalidArgument = (message: string, fieldErrors: FieldError[] = []) =>
  new AppError('INVALID_ARGUMENT', message, fieldErrors);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const unauthenticated = (message = 'Unauthorized') => new AppError('UNAUTHENTICATED', message);

/** Turns a zod error into an INVALID_ARGUMENT whose message is the first issue's text (the spec's wording). */
export function fromZodError(error: { issues: { path: PropertyKey[]; message: string }[] }): AppError {
  const fieldErrors = error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  return invalidArgument(fieldErrors[0]?.message ?? 'Invalid request', fieldErrors);
}
