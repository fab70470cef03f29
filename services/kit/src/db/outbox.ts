import { randomUUID } from 'node:crypto';
import { context, propagation } from '@opentelemetry/api';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { DomainEvent, EventType } from '@hsa/contracts';

/**
 * The transactional outbox. A service writes its events here in the same transaction as the change,
 * and the relay (events/relay.ts) publishes them to JetStream, so no event is lost while NATS is down.
 * Each service's drizzle schema re-exports this table so its migrations create it.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey(),
    subject: text('subject').notNull(),
    payload: jsonb('payload').$type<DomainEvent>().notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('outbox_unpublished_idx').on(t.createdAt).where(sql`published_at is null`)],
);

export const OUTBOX_CHANNEL = 'outbox';

// Any drizzle database or transaction on node-postgres.
type Executor = Pick<NodePgDatabase<Record<string, unknown>>, 'insert' | 'execute'>;

/** Records an event inside the caller's transaction, with the current trace context for the relay. */
export async function enqueueEvent(
  tx: Executor,
  event: { type: EventType; propertyId: string; userId: string },
): Promise<DomainEvent> {
  const payload: DomainEvent = { id: randomUUID(), occurredAt: new Date().toISOString(), ...event };
  const headers: Record<string, string> = {};
  propagation.inject(context.active(), headers);
  await tx.insert(outbox).values({ id: payload.id, subject: payload.type, payload, headers });
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  return payload;
}
