import type { RateLimiterAbstract } from 'rate-limiter-flexible';

interface KeyState {
  /** When the key's window ends (as the store said when last asked). */
  resetAt: number;
  /** Calls this replica has already counted in the store and may admit without asking it. */
  leased: number;
  timer: NodeJS.Timeout | undefined;
}

/** Keys remembered at most; beyond, the memory starts over (the store holds every count). */
const MAX_KEYS = 50_000;

/**
 * A fixed-window limiter over a shared store (PostgreSQL: every gateway replica counts in it) that does not write
 * the store on every call. A call this replica has no lease for is counted in the store as before (refused there
 * when over the limit); then, if a quarter of what is left is at least one call, the replica counts that quarter in
 * the store too, as a lease, and admits that many calls without asking again. Whatever it has not used after
 * `leaseMs` goes back to the store. The store's count never falls below what was admitted, so replicas together
 * never admit more than the limit; near it, leases are zero and every call is counted one by one. Refusals are the
 * store's RateLimiterRes, thrown as rate-limiter-flexible throws them.
 */
export class BatchedLimiter {
  private readonly keys = new Map<string, KeyState>();
  /** Keys whose lease is being taken (one at a time per key). */
  private readonly leasing = new Map<string, Promise<void>>();

  constructor(
    private readonly store: RateLimiterAbstract,
    private readonly points: number,
    private readonly leaseMs = 250,
  ) {}

  async consume(key: string): Promise<void> {
    if (this.useLease(key)) return;
    const leasing = this.leasing.get(key);
    if (leasing) {
      // Another call of this key is taking a lease: wait for it rather than take a second one.
      await leasing.catch(() => undefined);
      if (this.useLease(key)) return;
      await this.store.consume(key);
      return;
    }
    const work = this.countAndLease(key);
    this.leasing.set(key, work);
    try {
      await work;
    } finally {
      this.leasing.delete(key);
    }
  }

  /** Admits a call on the key's lease, if it has one left. */
  private useLease(key: string): boolean {
    const state = this.keys.get(key);
    if (!state || Date.now() >= state.resetAt || state.leased < 1) return false;
    state.leased--;
    return true;
  }

  /** Counts the call in the store (refused there when over), then leases a quarter of what is left. */
  private async countAndLease(key: string): Promise<void> {
    const now = Date.now();
    const counted = await this.store.consume(key);
    const lease = Math.floor((this.points - counted.consumedPoints) / 4);
    if (lease < 1) return;
    try {
      await this.store.penalty(key, lease);
    } catch {
      return; // Left to the store's insurance limiter (PostgreSQL unreachable): the next call asks again.
    }
    this.remember(key, { resetAt: now + counted.msBeforeNext, leased: lease, timer: setTimeout(() => void this.giveBack(key), this.leaseMs).unref() });
  }

  /** Returns the unused part of the key's lease to the store. */
  private async giveBack(key: string): Promise<void> {
    const state = this.keys.get(key);
    if (!state) return;
    this.keys.delete(key);
    if (state.leased > 0 && Date.now() < state.resetAt) await this.store.reward(key, state.leased).catch(() => undefined);
  }

  private remember(key: string, state: KeyState): void {
    const previous = this.keys.get(key);
    if (previous) {
      clearTimeout(previous.timer);
      if (previous.leased > 0) void this.store.reward(key, previous.leased).catch(() => undefined);
    } else if (this.keys.size >= MAX_KEYS) {
      for (const key of [...this.keys.keys()]) void this.giveBack(key);
    }
    this.keys.set(key, state);
  }
}
