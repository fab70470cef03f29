import { createHash } from 'node:crypto';

/**
 * A session's key in the gateway's read cache and in the replicas' messages about it: its id's SHA-256 (base64url),
 * never the id itself.
 */
export function sessionKey(sid: string): string {
  return createHash('sha256').update(sid).digest('base64url');
}

/** Whether `text` has the shape of a sessionKey (43 base64url characters). */
export function isSessionKey(text: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(text);
}
