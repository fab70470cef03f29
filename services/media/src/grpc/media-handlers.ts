import { randomUUID } from 'node:crypto';
import { mediaMessages, uploadLimits } from '@hsa/contracts';
import type { MediaServiceHandlers } from '@hsa/protos';
import { AppError, invalidArgument, notFound, unary, type Logger } from '@hsa/service-kit';
import type { PhotoRepository } from '../adapters/db/photo-repository';
import type { ObjectStore } from '../adapters/s3/object-store';
import {
  keyFromOriginalPath,
  ownedKey,
  parseCompletedParts,
  parseMultipartRef,
  parseMultipartScope,
  parsePartRef,
  parsePhotoId,
  parsePropertyId,
  parseRoomType,
  parseUploadScope,
  newObjectKey,
  photoObjectKey,
  toPhotoMessage,
  type PhotoRecord,
} from '../domain';
import { checkUpload } from './upload-check';

/** How long presigned URLs live (s): uploads and parts 15 minutes, image views 5 minutes. */
export const urlLifetimes = { upload: 900, part: 900, image: 300 } as const;

export interface MediaHandlerDependencies {
  photos: PhotoRepository;
  store: ObjectStore;
  logger: Logger;
  maxObjectBytes: number;
}

const photoNotFound = () => notFound('Photo not found');

/** media.v1.MediaService: the user id comes only from the x-user-id metadata (ctx.userId). */
export function mediaServiceHandlers({ photos, store, logger, maxObjectBytes }: MediaHandlerDependencies): MediaServiceHandlers {
  return {
    CreateUpload: unary(logger, 'CreateUpload', async (request, { userId }) => {
      const scope = parseUploadScope(request);
      const key = newObjectKey(userId, scope.propertyId);
      const { url, headers } = await store.presignPut(key, {
        contentType: scope.contentType,
        contentLength: scope.size,
        expiresIn: urlLifetimes.upload,
      });
      return { url, key, expiresInSeconds: urlLifetimes.upload, headers };
    }),

    AttachPhoto: unary(logger, 'AttachPhoto', async (request, { userId }) => {
      const propertyId = parsePropertyId(request.propertyId);
      const roomType = parseRoomType(request.roomType, 'unassigned');
      if (!request.originalPath?.trim()) {
        throw invalidArgument(mediaMessages.originalPathRequired, [{ path: 'originalPath', message: mediaMessages.originalPathRequired }]);
      }
      const upload = ownedKey(userId, keyFromOriginalPath(request.originalPath, store.bucket));
      // An upload asked for one property cannot become another's photo.
      if (upload.propertyId && upload.propertyId !== propertyId) throw notFound(mediaMessages.notYourUpload);

      const previous = await photos.findByUpload({ uploadKey: upload.key, userId, propertyId });
      if (previous) return answer(previous.kind === 'taken' ? undefined : previous.photo);

      const checked = await checkUpload(store, upload.key, { maxBytes: uploadLimits.maxPhotoBytes, tooLargeMessage: mediaMessages.photoTooLarge });
      // The photo gets its own object, copied only if it still holds the checked bytes: an upload URL that is
      // still valid can overwrite the upload, never the photo.
      const id = randomUUID();
      const objectKey = photoObjectKey(userId, propertyId, id);
      if (!checked.etag || !(await store.copy(upload.key, objectKey, checked.etag))) {
        throw new AppError('FAILED_PRECONDITION', 'The upload changed while it was being checked: please upload it again');
      }
      const outcome = await photos.attach({
        id,
        propertyId,
        userId,
        objectKey,
        uploadKey: upload.key,
        roomType,
        contentType: checked.contentType,
        size: checked.size,
      });
      if (outcome.kind !== 'attached') await store.delete(objectKey); // a concurrent attach of the same upload won
      else await store.delete(upload.key).catch((err: unknown) => logger.warn({ err, key: upload.key }, 'could not delete an attached upload'));
      return answer(outcome.kind === 'taken' ? undefined : outcome.photo);
    }),

    ListPhotos: unary(logger, 'ListPhotos', async (request, { userId }) => {
      const propertyId = parsePropertyId(request.propertyId);
      return { photos: (await photos.list(userId, propertyId)).map(toPhotoMessage) };
    }),

    UpdatePhoto: unary(logger, 'UpdatePhoto', async (request, { userId }) => {
      const propertyId = parsePropertyId(request.propertyId);
      const photoId = parsePhotoId(request.photoId);
      const roomType = parseRoomType(request.roomType);
      const photo = await photos.setRoomType(userId, propertyId, photoId, roomType);
      if (!photo) throw photoNotFound();
      return toPhotoMessage(photo);
    }),

    GetPhotoUrl: unary(logger, 'GetPhotoUrl', async (request, { userId }) => {
      const photo = await photos.find(userId, parsePropertyId(request.propertyId), parsePhotoId(request.photoId));
      if (!photo) throw photoNotFound();
      const url = await store.presignGet(photo.objectKey, { expiresIn: urlLifetimes.image, responseContentType: photo.contentType });
      return { url, expiresInSeconds: urlLifetimes.image };
    }),

    CreateMultipartUpload: unary(logger, 'CreateMultipartUpload', async (request, { userId }) => {
      const scope = parseMultipartScope(request, maxObjectBytes);
      const key = newObjectKey(userId, scope.propertyId);
      const uploadId = await store.createMultipartUpload(key, scope.contentType);
      return { uploadId, key };
    }),

    ListParts: unary(logger, 'ListParts', async (request, { userId }) => {
      const ref = parseMultipartRef(userId, request);
      const parts = await store.listParts(ref.key.key, ref.uploadId);
      return { parts: parts.map((p) => ({ partNumber: p.partNumber, etag: p.etag, size: p.size, lastModified: p.lastModified ?? '' })) };
    }),

    SignPart: unary(logger, 'SignPart', async (request, { userId }) => {
      const ref = parsePartRef(userId, request);
      const url = await store.presignPart(ref.key.key, ref.uploadId, ref.partNumber, urlLifetimes.part);
      return { url, expiresInSeconds: urlLifetimes.part };
    }),

    CompleteMultipartUpload: unary(logger, 'CompleteMultipartUpload', async (request, { userId }) => {
      const ref = parseMultipartRef(userId, request);
      const parts = parseCompletedParts(request.parts);
      await store.completeMultipartUpload(ref.key.key, ref.uploadId, parts);
      const checked = await checkUpload(store, ref.key.key, { maxBytes: maxObjectBytes, tooLargeMessage: mediaMessages.fileTooLarge });
      return { location: store.objectUrl(ref.key.key), key: ref.key.key, contentType: checked.contentType, size: checked.size };
    }),

    AbortMultipartUpload: unary(logger, 'AbortMultipartUpload', async (request, { userId }) => {
      const ref = parseMultipartRef(userId, request);
      await store.abortMultipartUpload(ref.key.key, ref.uploadId);
      return {};
    }),
  };
}

function answer(photo: PhotoRecord | undefined) {
  if (!photo) throw new AppError('FAILED_PRECONDITION', mediaMessages.alreadyAttached);
  return toPhotoMessage(photo);
}
