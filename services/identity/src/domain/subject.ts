import { createHash } from 'node:crypto';
import { normalizeEmail } from './email';

/**
 * The OIDC subject for an email: a SHA-256 of the normalised address, so the same person gets the same
 * `sub` across sign-ins and restarts without any stored mapping, and different addresses never collide.
 */
export function subjectForEmail(email: string): string {
  return createHash('sha256').update(`hsa-identity:${normalizeEmail(email)}`).digest('hex');
}
