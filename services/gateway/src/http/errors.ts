import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { AppError, httpStatusByCode, isDatabaseUnavailable } from '@hsa/service-kit';
import { isAllowedOrigin } from '../domain/origin';

/** Every API error body: `{message, errors?}`. The client shows `${status}: ${body}`. */
export function sendError(res: Parameters<RequestHandler>[1], status: number, message: string, errors?: unknown[]): void {
  res.status(status).json(errors && errors.length ? { message, errors } : { message });
}

export const requireUser: RequestHandler = (req, res, next) => {
  if (!req.user) return sendError(res, 401, 'Unauthorized');
  next();
};

export function requireSameOrigin(allowedOrigins: ReadonlySet<string>): RequestHandler {
  return (req, res, next) => {
    if (isAllowedOrigin(req.method, { origin: req.get('origin'), referer: req.get('referer') }, allowedOrigins)) return next();
    sendError(res, 403, 'Forbidden: cross-origin request refused');
  };
}

export const apiNotFound: RequestHandler = (req, res) => sendError(res, 404, `Not found: ${req.method} ${req.path}`);

/** Seconds a client is asked to wait before trying again when a dependency is down. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
export const serviceUnavailableMessage = 'The service is temporarily unavailable. Please try again in a moment.';

/**
 * Maps domain errors to their HTTP status; body-parser failures to 400/413; an unreachable database (the session
 * store, the rate-limit counters) to 503 with Retry-After; anything else to 500.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return;
    if (isDatabaseUnavailable(err)) {
      logger.warn({ err, path: req.path }, 'database unavailable');
      res.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return sendError(res, 503, serviceUnavailableMessage);
    }
    if (err instanceof AppError) {
      const status = httpStatusByCode[err.code];
      if (status >= 500) logger.warn({ err, path: req.path }, 'upstream failure');
      return sendError(res, status, err.code === 'PERMISSION_DENIED' ? 'Not found' : err.message, err.fieldErrors);
    }
    const e = err as { type?: string; status?: number };
    if (e.type === 'entity.parse.failed') return sendError(res, 400, 'Malformed JSON body');
    if (e.type === 'entity.too.large') return sendError(res, 413, 'Request body too large');
    if (e.status && e.status >= 400 && e.status < 500) return sendError(res, e.status, String((err as Error).message));
    logger.error({ err, path: req.path }, 'unhandled error');
    sendError(res, 500, 'Internal server error');
  };
}
