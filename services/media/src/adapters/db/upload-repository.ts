import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '@hsa/service-kit';
import { photos, uploads, type UploadRow } from './schema';

/** Per-user storage and per-property photo limits, checked when an upload URL is issued. */
export interface StorageLimits {
  userQuotaBytes: number;
  maxPhotosPerProperty: number;
}

export type ReserveOutcome = 'reserved' | 'quota' | 'photos';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Serialises one user's reservations and attaches, so limits hold under concurrent requests. */
export async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`hsa-media-user:${userId}`}))`);
}

/** Bytes the user holds: stored photos and thumbnails, plus every upload URL still open. */
async function bytesHeld(tx: Tx, userId: string): Promise<number> {
  const [stored] = await tx
    .select({ bytes: sql<string>`coalesce(sum(${photos.size} + ${photos.thumbnailSize}), 0)` })
    .from(photos)
    .where(eq(photos.userId, userId));
  const [pending] = await tx
    .select({ bytes: sql<string>`coalesce(sum(${uploads.maxBytes}), 0)` })
    .from(uploads)
    .where(eq(uploads.userId, userId));
  return Number(stored?.bytes ?? 0) + Number(pending?.bytes ?? 0);
}

/** Photos of a property, plus the uploads still open for it. */
async function photosOf(tx: Tx, userId: string, propertyId: string): Promise<number> {
  const [stored] = await tx
    .select({ count: sql<string>`count(*)` })
    .from(photos)
    .where(and(eq(photos.userId, userId), eq(photos.propertyId, propertyId)));
  const [pending] = await tx
    .select({ count: sql<string>`count(*)` })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), eq(uploads.propertyId, propertyId)));
  return Number(stored?.count ?? 0) + Number(pending?.count ?? 0);
}

/** Open uploads in PostgreSQL: reserved before a URL is issued, released when attached, aborted or expired. */
export class UploadRepository {
  constructor(private readonly db: Db) {}

  /** Records an upload about to be issued if the user's storage and the property's photo count allow it. */
  async reserve(upload: Omit<UploadRow, 'createdAt' | 'multipartUploadId'>, limits: StorageLimits): Promise<ReserveOutcome> {
    return this.db.transaction(async (tx) => {
      await lockUser(tx, upload.userId);
      if ((await bytesHeld(tx, upload.userId)) + upload.maxBytes > limits.userQuotaBytes) return 'quota';
      if (upload.propertyId && (await photosOf(tx, upload.userId, upload.propertyId)) >= limits.maxPhotosPerProperty) return 'photos';
      await tx.insert(uploads).values(upload);
      return 'reserved';
    });
  }

  async setMultipartUploadId(key: string, uploadId: string): Promise<void> {
    await this.db.update(uploads).set({ multipartUploadId: uploadId }).where(eq(uploads.key, key));
  }

  async find(userId: string, key: string): Promise<UploadRow | undefined> {
    const [row] = await this.db.select().from(uploads).where(and(eq(uploads.key, key), eq(uploads.userId, userId)));
    return row;
  }

  async release(key: string): Promise<void> {
    await this.db.delete(uploads).where(eq(uploads.key, key));
  }

  /**
   * Takes up to `limit` expired uploads, runs `discard` on them (deleting their objects) and forgets them, all in one
   * transaction: if discarding fails they stay for the next sweep. Concurrent sweepers (replicas) skip each other's rows.
   */
  async sweepExpired(now: Date, limit: number, discard: (rows: UploadRow[]) => Promise<void>): Promise<UploadRow[]> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(uploads)
        .where(lte(uploads.expiresAt, now))
        .orderBy(asc(uploads.expiresAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return rows;
      await discard(rows);
      for (const row of rows) await tx.delete(uploads).where(eq(uploads.key, row.key));
      return rows;
    });
  }
}
