import { asc, and, count, eq, inArray, isNull, lt, min, sql } from 'drizzle-orm';
import type { ObservableResult } from '@opentelemetry/api';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from '../db/database';
import { outbox, OUTBOX_CHANNEL } from '../db/outbox';
import type { EventBus } from './bus';
import { kitMetrics } from '../metrics';

export interface OutboxRelay {
  /** Publishes everything pending now (also runs on every notification and tick). */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Publishes outbox rows to JetStream in order. Woken by NOTIFY at commit, and by a periodic tick that
 * retries after NATS outages. Rows are locked with SKIP LOCKED so several replicas never double-send;
 * a duplicate after a crash is dropped by JetStream's de-duplication on the event id.
 */
const RELISTEN_DELAY_MS = 2_000;

export function startOutboxRelay(options: {
  pool: pg.Pool;
  db: Db;
  bus: EventBus;
  logger: Logger;
  intervalMs?: number;
  retentionDays?: number;
}): OutboxRelay {
  const { pool, db, bus, logger } = options;
  let stopped = false;
  let running: Promise<number> | undefined;
  let listener: pg.PoolClient | undefined;

  const drainOnce = async (): Promise<number> => {
    if (!bus.connected) return 0;
    let published = 0;
    for (;;) {
      const sent = await db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(outbox)
          .where(isNull(outbox.publishedAt))
          .orderBy(asc(outbox.createdAt))
          .limit(100)
          .for('update', { skipLocked: true });
        const done: string[] = [];
        for (const row of rows) {
          try {
            await bus.publish(row.payload, row.headers);
            done.push(row.id);
          } catch (err) {
            logger.warn({ err, eventId: row.id }, 'outbox publish failed; will retry');
            await tx.update(outbox).set({ attempts: sql`${outbox.attempts} + 1` }).where(eq(outbox.id, row.id));
            break;
          }
        }
        if (done.length) await tx.update(outbox).set({ publishedAt: new Date() }).where(inArray(outbox.id, done));
        return { sent: done.length, more: rows.length === 100 && done.length === rows.length };
      });
      published += sent.sent;
      if (!sent.more) return published;
    }
  };

  const drain = (): Promise<number> => {
    running ??= drainOnce()
      .catch((err: unknown) => {
        logger.warn({ err }, 'outbox drain failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const purge = () =>
    db
      .delete(outbox)
      .where(and(lt(outbox.publishedAt, new Date(Date.now() - (options.retentionDays ?? 7) * 86_400_000))))
      .catch((err: unknown) => logger.warn({ err }, 'outbox purge failed'));

  /** LISTENs for commits on a dedicated connection; when that connection is lost it listens again a little later. */
  const listen = async () => {
    if (stopped) return;
    let client: pg.PoolClient | undefined;
    try {
      client = await pool.connect();
      listener = client;
      client.on('notification', () => void drain());
      client.on('error', (err) => {
        logger.warn({ err }, 'outbox LISTEN connection lost; listening again shortly');
        dropListener(client!);
      });
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
    } catch (err) {
      logger.warn({ err }, 'outbox LISTEN failed; polling until it is back');
      if (client) dropListener(client);
      else relisten();
    }
  };
  const dropListener = (client: pg.PoolClient) => {
    if (listener !== client) return;
    listener = undefined;
    client.release(true);
    relisten();
  };
  let relistenTimer: NodeJS.Timeout | undefined;
  const relisten = () => {
    if (stopped || relistenTimer) return;
    relistenTimer = setTimeout(() => {
      relistenTimer = undefined;
      void listen();
    }, RELISTEN_DELAY_MS);
  };

  /** hsa.outbox.pending and hsa.outbox.oldest_pending.age, read from the table at each metric export. */
  const pendingNow = async () => {
    const [row] = await db.select({ pending: count(), oldest: min(outbox.createdAt) }).from(outbox).where(isNull(outbox.publishedAt));
    return { pending: row?.pending ?? 0, oldestAgeS: row?.oldest ? Math.max(0, (Date.now() - new Date(row.oldest).getTime()) / 1000) : 0 };
  };
  let observed: Promise<Awaited<ReturnType<typeof pendingNow>> | undefined> | undefined;
  const observeOnce = () =>
    (observed ??= pendingNow()
      .catch((err: unknown) => {
        logger.debug({ err }, 'outbox metrics unavailable');
        return undefined;
      })
      .finally(() => setTimeout(() => (observed = undefined), 1000).unref()));
  const observePending = async (result: ObservableResult) => {
    const state = await observeOnce();
    if (state) result.observe(state.pending);
  };
  const observeOldest = async (result: ObservableResult) => {
    const state = await observeOnce();
    if (state) result.observe(state.oldestAgeS);
  };
  const { outboxPending, outboxOldestAge } = kitMetrics();
  outboxPending.addCallback(observePending);
  outboxOldestAge.addCallback(observeOldest);

  void listen();
  const timer = setInterval(() => void drain(), options.intervalMs ?? 1000);
  const purgeTimer = setInterval(() => void purge(), 3_600_000);
  void drain();

  return {
    drain,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      outboxPending.removeCallback(observePending);
      outboxOldestAge.removeCallback(observeOldest);
      clearInterval(timer);
      clearInterval(purgeTimer);
      clearTimeout(relistenTimer);
      await running;
      // Destroyed, not handed back: a pooled connection would still LISTEN, and still call dropListener on an error.
      const listening = listener;
      listener = undefined;
      listening?.release(true);
    },
  };
}
