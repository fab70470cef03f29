import type { PhotoContentType, RoomType } from '@hsa/contracts';
import type { PhotoMessage } from '@hsa/protos';

/** A stored photo. */
export interface PhotoRecord {
  id: string;
  propertyId: string;
  userId: string;
  objectKey: string;
  /** Null for photos kept before thumbnails existed. */
  thumbnailKey: string | null;
  uploadKey: string;
  roomType: RoomType;
  contentType: PhotoContentType;
  size: number;
  thumbnailSize: number;
  uploadedAt: Date;
}

export type NewPhoto = Omit<PhotoRecord, 'uploadedAt'>;

export function toPhotoMessage(record: PhotoRecord): PhotoMessage {
  return {
    id: record.id,
    propertyId: record.propertyId,
    userId: record.userId,
    objectKey: record.objectKey,
    roomType: record.roomType,
    contentType: record.contentType,
    size: record.size,
    uploadedAt: record.uploadedAt.toISOString(),
  };
}
