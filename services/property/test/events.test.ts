import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, inArray, sql } from 'drizzle-orm';
import { EventBus, call, openDatabase, outbox, startOutboxRelay, type Database } from '@hsa/service-kit';
import { grpcHealthCheck, startCuttableRelay, testNatsUrl, testServerUrl } from '@hsa/service-kit/testing';
import type { DomainEvent } from '@hsa/contracts';
import { migrationsFolder } from '../src';
import {
  StreamReader,
  dropDatabase,
  fullForm,
  newUserId,
  sleep,
  startTestService,
  testLogger,
  type TestService,
} from './helpers';

const unreachableNats = 'nats://127.0.0.1:1';
const eventKeys = ['id', 'occurredAt', 'propertyId', 'type', 'userId'];

let reader: StreamReader;
const databases: string[] = [];

beforeAll(async () => {
  // A second back, so a clock-boundary publish is not missed; events are picked by property id anyway.
  reader = await StreamReader.open(new Date(Date.now() - 1000));
});

afterAll(async () => {
  await reader?.close();
  for (const name of databases) await dropDatabase(name);
});

async function start(natsUrl = testNatsUrl()): Promise<TestService> {
  const t = await startTestService({ natsUrl });
  databases.push(t.databaseName);
  return t;
}

describe('events on JetStream', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await start();
    expect(await t.service.bus.waitUntilConnected(10_000)).toBe(true);
  });
  afterAll(() => t?.stop());

  it('publishes exactly one event per change, on the subject of its type', async () => {
    const userId = newUserId();
    const intruder = newUserId();
    const created = await call(t.client, t.client.CreateProperty, { fields: fullForm() }, { userId });
    const id = created.id;
    await call(t.client, t.client.UpdateProperty, { id, fields: { bedrooms: 5 } }, { userId });
    await call(t.client, t.client.ArchiveProperty, { id }, { userId });
    await call(t.client, t.client.ArchiveProperty, { id }, { userId }); // already archived: no event
    await call(t.client, t.client.UnarchiveProperty, { id }, { userId });
    await call(t.client, t.client.UnarchiveProperty, { id }, { userId }); // already active: no event
    // Refused changes publish nothing.
    await expect(call(t.client, t.client.UpdateProperty, { id, fields: { bedrooms: 0 } }, { userId })).rejects.toThrow();
    await expect(call(t.client, t.client.ArchiveProperty, { id }, { userId: intruder })).rejects.toThrow();

    const events = await reader.waitForProperty(id, 4);
    expect(events.map((e) => e.subject)).toEqual([
      'property.created',
      'property.updated',
      'property.archived',
      'property.unarchived',
    ]);
    for (const { subject, msgId, event, raw } of events) {
      expect(Object.keys(raw).sort()).toEqual(eventKeys);
      expect(event).toMatchObject({ type: subject, propertyId: id, userId });
      expect(Number.isNaN(Date.parse(event.occurredAt))).toBe(false);
      expect(msgId).toBe(event.id); // JetStream de-duplicates on the event id
    }
    expect(new Set(events.map((e) => e.event.id)).size).toBe(4);

    const rows = await t.service.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'propertyId' = ${id}`);
    expect(rows.map((r) => r.id).sort()).toEqual(events.map((e) => e.event.id).sort());
    expect(rows.every((r) => r.publishedAt instanceof Date)).toBe(true);
  });
});

describe('kit EventBus.subscribeNew (how the gateway consumes)', () => {
  it("delivers the service's events to a subscriber on the whole stream", async () => {
    const t = await start();
    const subscriber = new EventBus(testNatsUrl(), testLogger(), 'property-subscriber-test');
    const received: DomainEvent[] = [];
    const subscription = subscriber.subscribeNew((event) => {
      received.push(event);
    });
    try {
      const userId = newUserId();
      // The subscription starts asynchronously; keep creating until one of ours arrives.
      const created: string[] = [];
      const deadline = Date.now() + 15_000;
      while (!received.some((e) => e.userId === userId) && Date.now() < deadline) {
        created.push((await call(t.client, t.client.CreateProperty, { fields: fullForm() }, { userId })).id);
        await sleep(300);
      }
      const ours = received.filter((e) => e.userId === userId);
      expect(ours.length).toBeGreaterThan(0);
      expect(ours[0]).toMatchObject({ type: 'property.created', userId });
      expect(created).toContain(ours[0]!.propertyId);
    } finally {
      await subscription.stop();
      await subscriber.close();
      await t.stop();
    }
  });
});

describe('the outbox while NATS is down', () => {
  let database: Database | undefined;
  afterAll(() => database?.close());

  it('keeps every change, then a relay on a reachable NATS publishes each event exactly once', async () => {
    const offline = await start(unreachableNats);
    const userId = newUserId();
    const a = await call(offline.client, offline.client.CreateProperty, { fields: fullForm() }, { userId });
    const b = await call(offline.client, offline.client.CreateProperty, { fields: fullForm() }, { userId });
    await call(offline.client, offline.client.UpdateProperty, { id: a.id, fields: { bathrooms: 4.5 } }, { userId });
    await call(offline.client, offline.client.ArchiveProperty, { id: b.id }, { userId });
    await call(offline.client, offline.client.UnarchiveProperty, { id: b.id }, { userId });
    expect(offline.service.bus.connected).toBe(false);
    // Ready but degraded: the outbox holds the events until NATS is back.
    const ready = await fetch(`http://127.0.0.1:${offline.service.healthPort}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'degraded', checks: { database: true, nats: false }, optional: ['nats'] });
    expect(await offline.service.relay.drain()).toBe(0);

    const rows = await offline.service.database.db.select().from(outbox).orderBy(asc(outbox.createdAt));
    expect(rows.map((r) => [r.subject, r.payload.propertyId])).toEqual([
      ['property.created', a.id],
      ['property.created', b.id],
      ['property.updated', a.id],
      ['property.archived', b.id],
      ['property.unarchived', b.id],
    ]);
    expect(rows.every((r) => r.publishedAt === null)).toBe(true);
    await offline.stop();
    expect(reader.forProperty(a.id)).toEqual([]);

    // Two relays at once on a reachable NATS (as with two replicas): each event still goes out once.
    database = await openDatabase({
      serverUrl: testServerUrl(),
      name: offline.databaseName,
      migrationsFolder,
      logger: testLogger(),
    });
    const buses = [0, 1].map((i) => new EventBus(testNatsUrl(), testLogger(), `property-relay-test-${i}`));
    for (const bus of buses) expect(await bus.waitUntilConnected(10_000)).toBe(true);
    const relays = buses.map((bus) =>
      startOutboxRelay({ pool: database!.pool, db: database!.db, bus, logger: testLogger(), intervalMs: 100 }),
    );
    try {
      const deadline = Date.now() + 10_000;
      const ids = rows.map((r) => r.id);
      while (Date.now() < deadline) {
        const left = await database.db.select().from(outbox).where(inArray(outbox.id, ids));
        if (left.every((r) => r.publishedAt !== null)) break;
        await sleep(100);
      }
      const published = [...(await reader.waitForProperty(a.id, 2)), ...(await reader.waitForProperty(b.id, 3))];
      expect(published.map((e) => e.event.id).sort()).toEqual([...ids].sort());
      for (const row of rows) {
        const copies = published.filter((e) => e.event.id === row.id);
        expect(copies).toHaveLength(1);
        expect(copies[0]!.event).toEqual(row.payload);
        expect(copies[0]!.subject).toBe(row.subject);
      }
      const after = await database.db.select().from(outbox).where(inArray(outbox.id, ids));
      expect(after.every((r) => r.publishedAt !== null)).toBe(true);
    } finally {
      for (const relay of relays) await relay.stop();
      for (const bus of buses) await bus.close();
    }
  });
});

describe('readiness while NATS goes away and comes back', () => {
  it('reports NATS as degraded (200, gRPC health still SERVING) and ready again once it is back', async () => {
    const nats = new URL(testNatsUrl());
    const relay = await startCuttableRelay({ host: nats.hostname, port: Number(nats.port || 4222) });
    const t = await start(`nats://127.0.0.1:${relay.port}`);
    try {
      expect(await t.service.bus.waitUntilConnected(10_000)).toBe(true);
      const readyz = async () => {
        const res = await fetch(`http://127.0.0.1:${t.service.healthPort}/readyz`);
        return { code: res.status, ...((await res.json()) as { status: string; checks: Record<string, boolean> }) };
      };
      expect(await readyz()).toMatchObject({ code: 200, status: 'ready', checks: { database: true, nats: true } });

      relay.cut();
      const deadline = Date.now() + 10_000;
      while (t.service.bus.connected && Date.now() < deadline) await sleep(50);
      expect(await readyz()).toEqual({ code: 200, status: 'degraded', checks: { database: true, nats: false }, optional: ['nats'] });
      expect(await grpcHealthCheck(t.service.grpcPort)).toBe('SERVING');
      expect(await grpcHealthCheck(t.service.grpcPort, 'property.v1.PropertyService')).toBe('SERVING');

      relay.restore();
      const back = Date.now() + 15_000;
      while (!t.service.bus.connected && Date.now() < back) await sleep(100);
      expect(await readyz()).toMatchObject({ code: 200, status: 'ready', checks: { database: true, nats: true } });
    } finally {
      await t.stop();
      await relay.close();
    }
  });
});
