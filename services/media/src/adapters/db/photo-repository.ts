import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PhotoContentType, RoomType } from '@hsa/contracts';
import { enqueueEvent, type Db } from '@hsa/service-kit';
import { mediaEventTypes, type NewPhoto, type PhotoRecord } from '../../domain';
import { photos, uploads, type PhotoRow } from './schema';
import { lockUser } from './upload-repository';

const asRecord = (row: PhotoRow): PhotoRecord => ({
  ...row,
  roomType: row.roomType as RoomType,
  contentType: row.contentType as PhotoContentType,
});

export type AttachOutcome = { kind: 'attached' | 'existing'; photo: PhotoRecord } | { kind: 'taken' } | { kind: 'full' };

/** Photos in PostgreSQL, always read and changed for their owner; adding one writes photo.added to the outbox. */
export class PhotoRepository {
  constructor(private readonly db: Db) {}

  /**
   * Records a checked upload as a photo, unless the property already has `maxPhotos`; the upload's reservation ends
   * with it. Attaching the same upload again to the same property answers the existing photo (a retried request); an
   * upload attached elsewhere is 'taken'.
   */
  async attach(photo: NewPhoto, maxPhotos: number): Promise<AttachOutcome> {
    return this.db.transaction(async (tx) => {
      await lockUser(tx, photo.userId);
      const [existing] = await tx.select().from(photos).where(eq(photos.uploadKey, photo.uploadKey));
      if (existing) return sameOwner(existing, photo);
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(photos)
        .where(and(eq(photos.userId, photo.userId), eq(photos.propertyId, photo.propertyId)));
      if (count >= maxPhotos) return { kind: 'full' };
      const [row] = await tx.insert(photos).values(photo).returning();
      await tx.delete(uploads).where(eq(uploads.key, photo.uploadKey));
      await enqueueEvent(tx, { type: mediaEventTypes.photoAdded, propertyId: row!.propertyId, userId: row!.userId });
      return { kind: 'attached', photo: asRecord(row!) };
    });
  }

  /** The photo made from an upload, as attach would answer it for `photo`'s user and property. */
  async findByUpload(photo: Pick<NewPhoto, 'uploadKey' | 'userId' | 'propertyId'>): Promise<AttachOutcome | undefined> {
    const [existing] = await this.db.select().from(photos).where(eq(photos.uploadKey, photo.uploadKey));
    return existing && sameOwner(existing, photo);
  }

  async find(userId: string, propertyId: string, photoId: string): Promise<PhotoRecord | undefined> {
    const [row] = await this.db.select().from(photos).where(owned(userId, propertyId, photoId));
    return row && asRecord(row);
  }

  /** One user's photos of one property, oldest first. */
  async list(userId: string, propertyId: string): Promise<PhotoRecord[]> {
    const rows = await this.db
      .select()
      .from(photos)
      .where(and(eq(photos.userId, userId), eq(photos.propertyId, propertyId)))
      .orderBy(asc(photos.uploadedAt), asc(photos.id));
    return rows.map(asRecord);
  }

  async setRoomType(userId: string, propertyId: string, photoId: string, roomType: RoomType): Promise<PhotoRecord | undefined> {
    const [row] = await this.db.update(photos).set({ roomType }).where(owned(userId, propertyId, photoId)).returning();
    return row && asRecord(row);
  }
}

function sameOwner(existing: PhotoRow, photo: Pick<NewPhoto, 'userId' | 'propertyId'>): AttachOutcome {
  return existing.userId === photo.userId && existing.propertyId === photo.propertyId
    ? { kind: 'existing', photo: asRecord(existing) }
    : { kind: 'taken' };
}

function owned(userId: string, propertyId: string, photoId: string): SQL {
  return and(eq(photos.id, photoId), eq(photos.userId, userId), eq(photos.propertyId, propertyId))!;
}
