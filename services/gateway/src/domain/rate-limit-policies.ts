/**
 * How many calls of each class a user, and a client (an IP address), may make per window. Each class is counted
 * for the signed-in user and for the client address separately, so many accounts behind one address are bounded
 * too; anonymous calls count for the client only. Every state-changing call counts as `write`, and some also
 * count in a narrower class.
 */
export const rateLimitClasses = ['write', 'search', 'valuation', 'generation', 'create', 'upload'] as const;
export type RateLimitClass = (typeof rateLimitClasses)[number];
export const rateLimitScopes = ['user', 'client'] as const;
export type RateLimitScope = (typeof rateLimitScopes)[number];

export interface RateLimit {
  /** Calls allowed in one window. */
  points: number;
  windowSeconds: number;
}

export type RateLimitPolicies = Record<`${RateLimitClass}.${RateLimitScope}`, RateLimit>;

const per = (points: number, windowSeconds: number): RateLimit => ({ points, windowSeconds });
const MINUTE = 60;
const HOUR = 3600;

/** What each class covers, for the README and the error messages. */
export const rateLimitClassDescriptions: Record<RateLimitClass, string> = {
  write: 'every state-changing call',
  search: 'address autocomplete',
  valuation: 'address lookup, comparables, refresh valuation, neighborhood insights',
  generation: 'recommendation and listing generation',
  create: 'property creation',
  upload: 'upload addresses (single and multipart)',
};

export const defaultRateLimits: RateLimitPolicies = {
  'write.user': per(600, 10 * MINUTE),
  'write.client': per(1200, 10 * MINUTE),
  'search.user': per(120, MINUTE),
  'search.client': per(300, MINUTE),
  'valuation.user': per(120, 10 * MINUTE),
  'valuation.client': per(300, 10 * MINUTE),
  'generation.user': per(30, HOUR),
  'generation.client': per(90, HOUR),
  'create.user': per(60, HOUR),
  'create.client': per(120, HOUR),
  'upload.user': per(300, HOUR),
  'upload.client': per(600, HOUR),
};

const UNITS: Record<string, number> = { s: 1, m: MINUTE, h: HOUR };

/**
 * RATE_LIMITS: comma-separated `<class>.<user|client>=<calls>/<window>` overrides of the defaults, the window a
 * number with s, m or h (e.g. `generation.user=10/1h,search.client=600/1m`).
 */
export function parseRateLimitOverrides(text: string): Partial<RateLimitPolicies> {
  const overrides: Partial<RateLimitPolicies> = {};
  for (const entry of text.split(',').map((e) => e.trim()).filter(Boolean)) {
    const match = /^([a-z]+)\.(user|client)\s*=\s*(\d+)\s*\/\s*(\d+)\s*([smh])$/i.exec(entry);
    const name = match?.[1]?.toLowerCase();
    if (!match || !name || !(rateLimitClasses as readonly string[]).includes(name)) {
      throw new Error(
        `"${entry}" is not <class>.<user|client>=<calls>/<window> with a class among ${rateLimitClasses.join(', ')} ` +
          'and a window like 30s, 10m or 1h',
      );
    }
    const points = Number(match[3]);
    const windowSeconds = Number(match[4]) * UNITS[match[5]!.toLowerCase()]!;
    if (points < 1 || windowSeconds < 1) throw new Error(`"${entry}": calls and window must be at least 1`);
    overrides[`${name as RateLimitClass}.${match[2]!.toLowerCase() as RateLimitScope}`] = per(points, windowSeconds);
  }
  return overrides;
}

/** "2 minutes", "45 seconds", "1 hour": the wait a 429 message names. */
export function describeWait(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds < 90) return unit(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 90 * MINUTE) return unit(Math.ceil(seconds / MINUTE), 'minute');
  return unit(Math.ceil(seconds / HOUR), 'hour');
}
