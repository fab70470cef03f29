import { randomUUID } from 'node:crypto';
import { mediaMessages, uploadLimits, type RoomType } from '@hsa/contracts';
import { AppError, invalidArgument, notFound, type Logger } from '@hsa/service-kit';
import type { AttachOutcome, PhotoRepository } from '../adapters/db/photo-repository';
import type { UploadRepository } from '../adapters/db/upload-repository';
import { reencodePhoto } from '../adapters/images/reencode';
import type { ObjectStore } from '../adapters/s3/object-store';
import { SNIFF_BYTES, detectImageType, photoObjectKeys } from '../domain';

export interface IntakeDependencies {
  store: ObjectStore;
  photos: PhotoRepository;
  uploads: UploadRepository;
  logger: Logger;
  maxPhotosPerProperty: number;
}

/**
 * Turns an uploaded object into a photo: it must hold 1 byte to 10 MB whose first bytes are an accepted image type,
 * and decode; the re-encoded image and its thumbnail become the photo's own objects (written by the service), and
 * the upload is deleted. Anything refused is deleted at once, and its reservation released.
 */
export async function intakePhoto(
  { store, photos, uploads, logger, maxPhotosPerProperty }: IntakeDependencies,
  upload: { userId: string; propertyId: string; roomType: RoomType; uploadKey: string },
): Promise<AttachOutcome> {
  const key = upload.uploadKey;
  const refuse = async (message: string) => {
    await store.delete(key);
    await uploads.release(key);
    return invalidArgument(message);
  };
  const head = await store.head(key);
  if (!head) throw notFound(mediaMessages.uploadNotFound);
  if (head.size === 0) throw await refuse(mediaMessages.photoEmpty);
  if (head.size > uploadLimits.maxPhotoBytes) throw await refuse(mediaMessages.photoTooLarge);
  const object = await store.read(key, uploadLimits.maxPhotoBytes);
  if (!object) throw notFound(mediaMessages.uploadNotFound);
  const detected = detectImageType(object.bytes.subarray(0, SNIFF_BYTES));
  if (!detected) throw await refuse(mediaMessages.notAnImage);
  const encoded = await reencodePhoto(object.bytes, detected).catch(async (err: unknown) => {
    throw err instanceof AppError && err.code === 'INVALID_ARGUMENT' ? await refuse(err.message) : err;
  });

  const id = randomUUID();
  const keys = photoObjectKeys(upload.userId, upload.propertyId, id);
  await store.put(keys.full, encoded.full, encoded.contentType);
  await store.put(keys.thumbnail, encoded.thumbnail, encoded.contentType);
  const outcome = await photos.attach(
    {
      id,
      propertyId: upload.propertyId,
      userId: upload.userId,
      objectKey: keys.full,
      thumbnailKey: keys.thumbnail,
      uploadKey: key,
      roomType: upload.roomType,
      contentType: encoded.contentType,
      size: encoded.full.length,
      thumbnailSize: encoded.thumbnail.length,
    },
    maxPhotosPerProperty,
  );
  if (outcome.kind === 'attached') {
    await store.delete(key).catch((err: unknown) => logger.warn({ err, key }, 'could not delete an attached upload'));
  } else {
    // A concurrent attach of the same upload won, or the property is full: these objects are nobody's.
    await Promise.all([store.delete(keys.full), store.delete(keys.thumbnail)]);
  }
  return outcome;
}
