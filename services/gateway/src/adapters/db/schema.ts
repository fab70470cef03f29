import { bigint, index, integer, json, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Browser sessions, in the layout connect-pg-simple reads and writes. */
export const session = pgTable(
  'session',
  {
    sid: varchar('sid').primaryKey(),
    sess: json('sess').notNull(),
    expire: timestamp('expire', { precision: 6 }).notNull(),
  },
  (t) => [index('IDX_session_expire').on(t.expire)],
);

/** Call counters of the per-user and per-client limits, in the layout rate-limiter-flexible's PostgreSQL store uses. */
export const rateLimit = pgTable('rate_limit', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});
