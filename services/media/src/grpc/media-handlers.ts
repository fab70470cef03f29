import { mediaMessages, multipartPartLength } from '@hsa/contracts';
import type { MediaServiceHandlers } from '@hsa/protos';
import { AppError, invalidArgument, kitMetrics, notFound, unary, type Logger } from '@hsa/service-kit';
import type { AttachOutcome, PhotoRepository } from '../adapters/db/photo-repository';
import type { StorageLimits, UploadRepository } from '../adapters/db/upload-repository';
import type { ObjectStore } from '../adapters/s3/object-store';
import {
  keyFromOriginalPath,
  ownedKey,
  parseCompletedParts,
  parseMultipartRef,
  parseMultipartScope,
  parsePartRef,
  parsePhotoId,
  parsePhotoVariant,
  parsePropertyId,
  parseRoomType,
  parseUploadScope,
  newObjectKey,
  toPhotoMessage,
  type UploadScope,
} from '../domain';
import { intakePhoto } from './photo-intake';
import { checkUpload } from './upload-check';

/** How long presigned URLs live (s): uploads and parts 15 minutes, image views 5 minutes. */
export const urlLifetimes = { upload: 900, part: 900, image: 300 } as const;

/** The limits of what users may store (see the README's MEDIA_* settings). */
export interface MediaLimits extends StorageLimits {
  /** Largest object a multipart upload may produce (bytes). */
  maxObjectBytes: number;
  /** How long an upload URL's object may wait to be attached before it is deleted (ms); multipart uploads get longer. */
  uploadTtlMs: number;
  multipartTtlMs: number;
}

export interface MediaHandlerDependencies {
  photos: PhotoRepository;
  uploads: UploadRepository;
  store: ObjectStore;
  logger: Logger;
  limits: MediaLimits;
}

const photoNotFound = () => notFound('Photo not found');

/** media.v1.MediaService: the user comes only from the call's verified token (ctx.userId). */
export function mediaServiceHandlers({ photos, uploads, store, logger, limits }: MediaHandlerDependencies): MediaServiceHandlers {
  /** Records the upload (within the user's quota and the property's photo limit) before any URL names it. */
  const reserve = async (userId: string, scope: UploadScope, ttlMs: number) => {
    const key = newObjectKey(userId, scope.propertyId);
    const expiresAt = new Date(Date.now() + ttlMs);
    const outcome = await uploads.reserve({ key, userId, propertyId: scope.propertyId ?? null, maxBytes: scope.size, expiresAt }, limits);
    if (outcome === 'quota') throw new AppError('FAILED_PRECONDITION', mediaMessages.storageFull(limits.userQuotaBytes));
    if (outcome === 'photos') throw new AppError('FAILED_PRECONDITION', mediaMessages.tooManyPhotos(limits.maxPhotosPerProperty));
    return key;
  };

  /** The open upload behind a multipart call of this user. */
  const openUpload = async (userId: string, key: string) => {
    const upload = await uploads.find(userId, key);
    if (!upload) throw notFound(mediaMessages.uploadNotFound);
    return upload;
  };

  return {
    CreateUpload: unary(logger, 'CreateUpload', async (request, { userId }) => {
      const scope = measuredUploadScope(request);
      const key = await reserve(userId, scope, limits.uploadTtlMs);
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
      if (previous) return answer(previous, limits.maxPhotosPerProperty);
      const outcome = await intakePhoto(
        { store, photos, uploads, logger, maxPhotosPerProperty: limits.maxPhotosPerProperty },
        { userId, propertyId, roomType, uploadKey: upload.key },
      );
      return answer(outcome, limits.maxPhotosPerProperty);
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
      const variant = parsePhotoVariant(request.variant);
      const photo = await photos.find(userId, parsePropertyId(request.propertyId), parsePhotoId(request.photoId));
      if (!photo) throw photoNotFound();
      const key = variant === 'thumbnail' && photo.thumbnailKey ? photo.thumbnailKey : photo.objectKey;
      const url = await store.presignGet(key, {
        expiresIn: urlLifetimes.image,
        responseContentType: photo.contentType,
        // Shown inline as an image under a name the server makes, never one a client chose.
        responseContentDisposition: `inline; filename="photo-${photo.id}${variant === 'thumbnail' ? '-thumbnail' : ''}.${extensionOf(photo.contentType)}"`,
      });
      return { url, expiresInSeconds: urlLifetimes.image };
    }),

    CreateMultipartUpload: unary(logger, 'CreateMultipartUpload', async (request, { userId }) => {
      const scope = parseMultipartScope(request, limits.maxObjectBytes);
      const key = await reserve(userId, scope, limits.multipartTtlMs);
      try {
        const uploadId = await store.createMultipartUpload(key, scope.contentType);
        await uploads.setMultipartUploadId(key, uploadId);
        return { uploadId, key };
      } catch (err) {
        await uploads.release(key);
        throw err;
      }
    }),

    ListParts: unary(logger, 'ListParts', async (request, { userId }) => {
      const ref = parseMultipartRef(userId, request);
      const parts = await store.listParts(ref.key.key, ref.uploadId);
      return { parts: parts.map((p) => ({ partNumber: p.partNumber, etag: p.etag, size: p.size, lastModified: p.lastModified ?? '' })) };
    }),

    SignPart: unary(logger, 'SignPart', async (request, { userId }) => {
      const ref = parsePartRef(userId, request);
      const upload = await openUpload(userId, ref.key.key);
      if (upload.multipartUploadId !== ref.uploadId) throw notFound(mediaMessages.uploadNotFound);
      // Each part URL accepts exactly the bytes of that part of the announced size: the object cannot grow past it.
      const length = multipartPartLength(upload.maxBytes, ref.partNumber);
      if (length <= 0) throw invalidArgument(mediaMessages.partOutOfRange, [{ path: 'partNumber', message: mediaMessages.partOutOfRange }]);
      const url = await store.presignPart(ref.key.key, ref.uploadId, ref.partNumber, length, urlLifetimes.part);
      return { url, expiresInSeconds: urlLifetimes.part };
    }),

    CompleteMultipartUpload: unary(logger, 'CompleteMultipartUpload', async (request, { userId }) => {
      const ref = parseMultipartRef(userId, request);
      const parts = parseCompletedParts(request.parts);
      await openUpload(userId, ref.key.key);
      await store.completeMultipartUpload(ref.key.key, ref.uploadId, parts);
      const checked = await checkUpload(store, ref.key.key, { maxBytes: limits.maxObjectBytes, tooLargeMessage: mediaMessages.fileTooLarge }).catch(
        async (err: unknown) => {
          if (err instanceof AppError && err.code === 'INVALID_ARGUMENT') await uploads.release(ref.key.key); // deleted: nothing left to hold
          throw err;
        },
      );
      return { location: store.objectUrl(ref.key.key), key: ref.key.key, contentType: checked.contentType, size: checked.size };
    }),

    AbortMultipartUpload: unary(logger, 'AbortMultipartUpload', async (request, { userId }) => {
      const ref = parseMultipartRef(userId, request);
      await store.abortMultipartUpload(ref.key.key, ref.uploadId);
      await uploads.release(ref.key.key);
      return {};
    }),
  };
}

function answer(outcome: AttachOutcome, maxPhotos: number) {
  if (outcome.kind === 'taken') throw new AppError('FAILED_PRECONDITION', mediaMessages.alreadyAttached);
  if (outcome.kind === 'full') throw new AppError('FAILED_PRECONDITION', mediaMessages.tooManyPhotos(maxPhotos));
  return toPhotoMessage(outcome.photo);
}

const extensionOf = (contentType: string) => (contentType === 'image/png' ? 'png' : contentType === 'image/webp' ? 'webp' : contentType.startsWith('image/hei') ? 'heic' : 'jpg');

/**
 * parseUploadScope, counted: an accepted upload's declared size in hsa.upload.size, a refused one in
 * hsa.upload.refused by the field at fault (size, contentType, propertyId...).
 */
function measuredUploadScope(request: Parameters<typeof parseUploadScope>[0]): ReturnType<typeof parseUploadScope> {
  try {
    const scope = parseUploadScope(request);
    kitMetrics().uploadSize.record(scope.size);
    return scope;
  } catch (err) {
    const reason = err instanceof AppError ? (err.fieldErrors[0]?.path ?? err.code) : 'error';
    kitMetrics().uploadRefused.add(1, { 'hsa.refusal.reason': reason });
    throw err;
  }
}
