import { describe, expect, it } from 'vitest';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { BatchedLimiter } from '../src/http/batched-limiter';

/** A shared store that counts how often it is written (consume, penalty and reward each write once). */
class CountingStore extends RateLimiterMemory {
  writes = 0;
  override consume(key: string | number, points?: number, options?: Record<string, unknown>): Promise<RateLimiterRes> {
    this.writes++;
    return super.consume(key, points, options);
  }
  override penalty(key: string | number, points?: number, options?: Record<string, unknown>): Promise<RateLimiterRes> {
    this.writes++;
    return super.penalty(key, points, options);
  }
  override reward(key: string | number, points?: number, options?: Record<string, unknown>): Promise<RateLimiterRes> {
    this.writes++;
    return super.reward(key, points, options);
  }
}

const admitted = async (limiter: BatchedLimiter, key: string, calls: number) => {
  let allowed = 0;
  for (let i = 0; i < calls; i++) {
    try {
      await limiter.consume(key);
      allowed++;
    } catch (err) {
      expect(err).toBeInstanceOf(RateLimiterRes);
    }
  }
  return allowed;
};

describe('BatchedLimiter', () => {
  it('admits exactly the limit, counting every call in the store near it', async () => {
    for (const points of [1, 3, 5, 40]) {
      const store = new CountingStore({ points, duration: 60 });
      const limiter = new BatchedLimiter(store, points, 60_000);
      expect(await admitted(limiter, 'client', points + 10)).toBe(points);
      expect((await store.get('client'))!.consumedPoints).toBeGreaterThanOrEqual(points);
    }
  });

  it('writes the store a few times per lease for a key far from its limit, and loses no call', async () => {
    const store = new CountingStore({ points: 1_000_000, duration: 60 });
    const limiter = new BatchedLimiter(store, 1_000_000, 50);
    expect(await admitted(limiter, 'client', 500)).toBe(500);
    // The first call is counted, then a lease of a quarter of the rest; the other 499 use the lease.
    expect(store.writes).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 120));
    // The unused lease went back: the store counts exactly the calls.
    expect(store.writes).toBe(3);
    expect((await store.get('client'))!.consumedPoints).toBe(500);
  });

  it('never admits more than the limit across replicas sharing the store', async () => {
    for (const points of [2, 6, 50, 200]) {
      const store = new CountingStore({ points, duration: 60 });
      const replicas = [0, 1, 2, 3].map(() => new BatchedLimiter(store, points, 60_000));
      let allowed = 0;
      for (let i = 0; i < points * 2; i++) {
        try {
          await replicas[i % replicas.length]!.consume('client');
          allowed++;
        } catch (err) {
          expect(err).toBeInstanceOf(RateLimiterRes);
        }
      }
      expect(allowed, `limit ${points}`).toBe(points);
    }
  });

  it('takes one lease for a burst of concurrent calls of a key, and admits them all', async () => {
    const store = new CountingStore({ points: 1_000_000, duration: 60 });
    const limiter = new BatchedLimiter(store, 1_000_000, 50);
    const results = await Promise.allSettled(Array.from({ length: 200 }, () => limiter.consume('client')));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    // The first call and its lease; the calls that waited for it use the lease.
    expect(store.writes).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await store.get('client'))!.consumedPoints).toBe(200);
  });

  it('counts every admitted call in the store at once, leases included', async () => {
    const store = new CountingStore({ points: 8, duration: 60 });
    const limiter = new BatchedLimiter(store, 8, 60_000);
    // The first call leaves 7: a lease of 1 is counted with it.
    await limiter.consume('user');
    expect((await store.get('user'))!.consumedPoints).toBe(2);
    expect(await admitted(limiter, 'user', 7)).toBe(7);
    expect((await store.get('user'))!.consumedPoints).toBe(8);
    await expect(limiter.consume('user')).rejects.toBeInstanceOf(RateLimiterRes);
  });
});
