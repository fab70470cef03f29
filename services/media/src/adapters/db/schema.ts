import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The media service's tables. A photo belongs to a user and one of their properties (ownership of the property
 * itself is the property service's: the gateway checks it before calling here). Each upload is attached at most once.
 */
export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id').notNull(),
    userId: text('user_id').notNull(),
    /** The photo's own object (a copy no upload URL was ever issued for). */
    objectKey: text('object_key').notNull().unique(),
    /** The uploaded object it was made from: attaching it again answers the same photo. */
    uploadKey: text('upload_key').notNull().unique(),
    roomType: text('room_type').notNull().default('unassigned'),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Serves the one list: a user's photos of one property, oldest first.
  (t) => [index('photos_user_property_uploaded_idx').on(t.userId, t.propertyId, t.uploadedAt)],
);

export type PhotoRow = typeof photos.$inferSelect;

// Re-exported so drizzle-kit puts the transactional outbox into this service's migrations.
export { outbox } from '@hsa/service-kit';
