import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { EventBus, createLogger, type EventSubscription } from '../src';
import { captureTelemetry, testNatsUrl } from '../src/testing';

const telemetry = captureTelemetry();

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** hsa.nats.consumer.pending by stage, at this collection. */
async function lag(): Promise<Record<string, number>> {
  const points = (await telemetry.points()).filter((p) => p.name === 'hsa.nats.consumer.pending');
  return Object.fromEntries(points.map((p) => [String(p.attributes['hsa.pending.stage']), p.value]));
}

describe('consumer lag of a JetStream subscription', () => {
  const bus = new EventBus(testNatsUrl(), createLogger('lag-test', 'silent'), 'lag-test');
  let subscription: EventSubscription | undefined;
  afterAll(async () => {
    await subscription?.stop();
    await bus.close();
  });

  it('counts the events not handled yet, including those queued in the process, and falls back to zero once they are', async () => {
    expect(await bus.waitUntilConnected(10_000)).toBe(true);
    const mine = new Set<string>();
    const handled: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    subscription = bus.subscribeNew(async (event) => {
      if (!mine.has(event.id)) return;
      await gate;
      handled.push(event.id);
    }, ['listing.generated']);
    await waitFor(async () => 'stream' in (await lag()), 'the consumer to report');

    for (let i = 0; i < 5; i++) {
      const event = { id: randomUUID(), type: 'listing.generated' as const, propertyId: randomUUID(), userId: 'lag-test', occurredAt: new Date().toISOString() };
      mine.add(event.id);
      await bus.publish(event);
    }
    // The handler holds the first event; the other four wait in the process, where the server cannot see them.
    await waitFor(async () => {
      const now = await lag();
      return (now.client ?? 0) + (now.stream ?? 0) + (now.ack ?? 0) >= 4;
    }, `a lag of at least 4 (last seen ${JSON.stringify(await lag())})`);
    expect(handled).toEqual([]);

    release();
    await waitFor(async () => handled.length === 5, 'the five events to be handled');
    await waitFor(async () => {
      const now = await lag();
      return now.client === 0 && now.stream === 0 && now.ack === 0;
    }, `the lag to fall back to zero (last seen ${JSON.stringify(await lag())})`);
  });
});
