export interface TokenBucketOptions {
  /** Requests allowed in a burst. */
  capacity: number;
  /** Sustained requests per second. */
  refillPerSecond: number;
  /** Clients remembered at most (the least recently seen are forgotten first). */
  maxClients?: number;
  now?: () => number;
}

export interface TakeResult {
  allowed: boolean;
  /** Seconds until the next request would be allowed (0 when allowed). */
  retryAfterSeconds: number;
}

/** One token bucket per client key (a signed-in user's id, else the IP), in memory. */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly now: () => number;
  private readonly maxClients: number;

  constructor(private readonly options: TokenBucketOptions) {
    this.now = options.now ?? Date.now;
    this.maxClients = options.maxClients ?? 10_000;
  }

  take(key: string): TakeResult {
    const now = this.now();
    const { capacity, refillPerSecond } = this.options;
    const previous = this.buckets.get(key);
    const tokens = previous ? Math.min(capacity, previous.tokens + ((now - previous.at) / 1000) * refillPerSecond) : capacity;
    // Re-inserting keeps the map in least-recently-seen order for eviction.
    this.buckets.delete(key);
    if (tokens >= 1) {
      this.buckets.set(key, { tokens: tokens - 1, at: now });
      this.evict();
      return { allowed: true, retryAfterSeconds: 0 };
    }
    this.buckets.set(key, { tokens, at: now });
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / refillPerSecond)) };
  }

  get size(): number {
    return this.buckets.size;
  }

  private evict(): void {
    while (this.buckets.size > this.maxClients) {
      const oldest = this.buckets.keys().next().value;
      if (oldest === undefined) break;
      this.buckets.delete(oldest);
    }
  }
}
