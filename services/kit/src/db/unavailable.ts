/** Network-level failures of a database connection. */
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN']);
/** PostgreSQL SQLSTATEs of a server that is shutting down, starting up, or out of connections. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * Whether an error means "the database cannot be reached right now" (down, restarting, unreachable, out of
 * connections) rather than a fault of the request or of the code: callers answer 503 and recover when it returns.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  // Query builders wrap the driver's error (drizzle's "Failed query: …"), so the causes are looked at too.
  for (let depth = 0; err && typeof err === 'object' && depth < MAX_CAUSE_DEPTH; depth++) {
    if (isConnectionFailure(err)) return true;
    err = (err as { cause?: unknown }).cause;
  }
  return false;
}

const MAX_CAUSE_DEPTH = 5;

function isConnectionFailure(err: object): boolean {
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (CONNECTION_ERRNOS.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))) return true;
  // node-postgres's own wording for a connection lost mid-query or a pool that could not connect in time.
  return typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message);
}
