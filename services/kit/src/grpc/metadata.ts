/** Trailing metadata key carrying field-level validation errors as JSON. */
export const FIELD_ERRORS_METADATA = 'x-field-errors';

/**
 * Trailing metadata that tells a gRPC client with a retry policy not to retry (gRFC A6: a negative pushback).
 * Sent with errors whose AppError is not retryable.
 */
export const RETRY_PUSHBACK_METADATA = 'grpc-retry-pushback-ms';
