/** Longest address SMTP allows (RFC 5321 path limit minus the angle brackets). */
export const MAX_EMAIL_LENGTH = 254;

// Deliberately simple: one "@", no whitespace, a dotted domain. This is a development sign-in, so it only
// has to catch typos, not enforce every corner of RFC 5322.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Same mailbox, same key: trimmed and lower-cased. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
}
