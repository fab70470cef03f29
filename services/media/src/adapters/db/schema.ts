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
    /** The photo's own object: the re-encoded image, written by the service (no upload URL was ever issued for it). */
    objectKey: text('object_key').notNull().unique(),
    /** Its thumbnail (null for photos kept before thumbnails existed: the image itself serves). */
    thumbnailKey: text('thumbnail_key'),
    /** The uploaded object it was made from: attaching it again answers the same photo. */
    uploadKey: text('upload_key').notNull().unique(),
    roomType: text('room_type').notNull().default('unassigned'),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    thumbnailSize: bigint('thumbnail_size', { mode: 'number' }).notNull().default(0),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Serves the one list: a user's photos of one property, oldest first.
  (t) => [index('photos_user_property_uploaded_idx').on(t.userId, t.propertyId, t.uploadedAt)],
);

export type PhotoRow = typeof photos.$inferSelect;

/**
 * Every upload URL issued and not yet turned into a photo: what it may hold (its bytes count against the user's
 * storage until then), and when it expires. Expired ones are deleted with their objects (objects never attached do
 * not stay). Written before the URL is handed out, so no object exists that this table does not know.
 */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    userId: text('user_id').notNull(),
    propertyId: uuid('property_id'),
    /** The exact size the URL was signed for (multipart: the announced total). */
    maxBytes: bigint('max_bytes', { mode: 'number' }).notNull(),
    multipartUploadId: text('multipart_upload_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('uploads_user_idx').on(t.userId, t.propertyId), index('uploads_expires_idx').on(t.expiresAt)],
);

export type UploadRow = typeof uploads.$inferSelect;

// Re-exported so drizzle-kit puts the transactional outbox into this service's migrations.
export { outbox } from '@hsa/service-kit';
