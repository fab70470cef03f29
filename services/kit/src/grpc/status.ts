import { status as GrpcStatus } from '@grpc/grpc-js';
import type { ErrorCode } from '../errors';

export const grpcStatusByCode: Record<ErrorCode, GrpcStatus> = {
  INVALID_ARGUMENT: GrpcStatus.INVALID_ARGUMENT,
  NOT_FOUND: GrpcStatus.NOT_FOUND,
  UNAUTHENTICATED: GrpcStatus.UNAUTHENTICATED,
  PERMISSION_DENIED: GrpcStatus.PERMISSION_DENIED,
  FAILED_PRECONDITION: GrpcStatus.FAILED_PRECONDITION,
  RESOURCE_EXHAUSTED: GrpcStatus.RESOURCE_EXHAUSTED,
  UNAVAILABLE: GrpcStatus.UNAVAILABLE,
  DEADLINE_EXCEEDED: GrpcStatus.DEADLINE_EXCEEDED,
  INTERNAL: GrpcStatus.INTERNAL,
};

export function errorCodeFromGrpc(code: GrpcStatus): ErrorCode {
  for (const [name, value] of Object.entries(grpcStatusByCode)) if (value === code) return name as ErrorCode;
  return code === GrpcStatus.CANCELLED ? 'UNAVAILABLE' : 'INTERNAL';
}

/** HTTP status for an error code. Another user's property answers 404, like a missing one. */
export const httpStatusByCode: Record<ErrorCode, number> = {
  INVALID_ARGUMENT: 400,
  NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 404,
  FAILED_PRECONDITION: 409,
  RESOURCE_EXHAUSTED: 429,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
  INTERNAL: 500,
};
