import { mediaMessages, photoIdSchema, photoVariants, propertyIdSchema, roomTypeSchema, uploadLimits, type PhotoVariant, type RoomType } from '@hsa/contracts';
import { invalidArgument, notFound } from '@hsa/service-kit';
import { isAcceptableDeclaredType } from './image-type';
import { parseOwnedKey, type ParsedKey } from './object-keys';

/** Request checks of the media service: bad input is INVALID_ARGUMENT, anything not the caller's is NOT_FOUND. */

export function parsePropertyId(id: string | undefined): string {
  const result = propertyIdSchema.safeParse(id);
  if (!result.success) throw notFound('Property not found');
  return result.data.toLowerCase();
}

export function parsePhotoId(id: string | undefined): string {
  const result = photoIdSchema.safeParse(id);
  if (!result.success) throw notFound('Photo not found');
  return result.data.toLowerCase();
}

export function parsePhotoVariant(value: string | undefined): PhotoVariant {
  if (!value) return 'full';
  if ((photoVariants as readonly string[]).includes(value)) return value as PhotoVariant;
  throw invalidArgument(`variant must be one of: ${photoVariants.join(', ')}`, [{ path: 'variant', message: `variant must be one of: ${photoVariants.join(', ')}` }]);
}

export function parseRoomType(value: string | undefined, fallback?: RoomType): RoomType {
  if (!value && fallback) return fallback;
  const result = roomTypeSchema.safeParse(value);
  if (!result.success) {
    const message = result.error.issues[0]?.message ?? 'Invalid room type';
    throw invalidArgument(message, [{ path: 'roomType', message }]);
  }
  return result.data;
}

function parseContentType(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  const trimmed = contentType.trim();
  if (trimmed.length > 200 || !isAcceptableDeclaredType(trimmed)) {
    throw invalidArgument(mediaMessages.contentTypeNotImage, [{ path: 'contentType', message: mediaMessages.contentTypeNotImage }]);
  }
  // Only a real image type is worth signing; '' and octet-stream are what browsers say when they do not know.
  return trimmed && trimmed !== 'application/octet-stream' ? trimmed : undefined;
}

export interface UploadScope {
  propertyId: string | undefined;
  contentType: string | undefined;
  size: number;
}

const sizeRequired = () => invalidArgument(mediaMessages.sizeRequired, [{ path: 'size', message: mediaMessages.sizeRequired }]);

/** CreateUpload: a photo of exactly `size` bytes, 1 byte to 10 MB (every URL is signed for its size). */
export function parseUploadScope(request: { propertyId?: string; contentType?: string; size?: number }): UploadScope {
  const size = request.size;
  if (size === undefined || !Number.isInteger(size)) throw sizeRequired();
  if (size <= 0) throw invalidArgument(mediaMessages.photoEmpty, [{ path: 'size', message: mediaMessages.photoEmpty }]);
  if (size > uploadLimits.maxPhotoBytes) throw invalidArgument(mediaMessages.photoTooLarge, [{ path: 'size', message: mediaMessages.photoTooLarge }]);
  return {
    propertyId: request.propertyId ? parsePropertyId(request.propertyId) : undefined,
    contentType: parseContentType(request.contentType),
    size,
  };
}

/** CreateMultipartUpload: a size over the multipart threshold and within the object limit is required. */
export function parseMultipartScope(
  request: { propertyId?: string; contentType?: string; size?: number },
  maxObjectBytes: number,
): UploadScope {
  const size = request.size;
  if (size === undefined || !Number.isInteger(size)) throw sizeRequired();
  if (size <= uploadLimits.multipartThresholdBytes) {
    throw invalidArgument(mediaMessages.multipartTooSmall, [{ path: 'size', message: mediaMessages.multipartTooSmall }]);
  }
  if (size > maxObjectBytes) throw invalidArgument(mediaMessages.fileTooLarge, [{ path: 'size', message: mediaMessages.fileTooLarge }]);
  return {
    propertyId: request.propertyId ? parsePropertyId(request.propertyId) : undefined,
    contentType: parseContentType(request.contentType),
    size,
  };
}

/** A key the caller may use: one of theirs, else NOT_FOUND (the same answer as a key that does not exist). */
export function ownedKey(userId: string, key: string | undefined): ParsedKey {
  if (!key) throw invalidArgument(mediaMessages.keyRequired, [{ path: 'key', message: mediaMessages.keyRequired }]);
  const parsed = parseOwnedKey(userId, key);
  if (!parsed) throw notFound(mediaMessages.notYourUpload);
  return parsed;
}

export interface MultipartRef {
  uploadId: string;
  key: ParsedKey;
}

export function parseMultipartRef(userId: string, request: { uploadId?: string; key?: string }): MultipartRef {
  if (!request.uploadId || request.uploadId.length > 1024) {
    throw invalidArgument('uploadId is required', [{ path: 'uploadId', message: 'uploadId is required' }]);
  }
  return { uploadId: request.uploadId, key: ownedKey(userId, request.key) };
}

export function parsePartRef(userId: string, request: { uploadId?: string; key?: string; partNumber?: number }): MultipartRef & { partNumber: number } {
  if (!request.uploadId || !request.key || !request.partNumber) throw invalidArgument(mediaMessages.cannotSign);
  const partNumber = request.partNumber;
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > uploadLimits.maxParts) {
    throw invalidArgument(mediaMessages.partNumberInvalid, [{ path: 'partNumber', message: mediaMessages.partNumberInvalid }]);
  }
  return { ...parseMultipartRef(userId, request), partNumber };
}

export interface CompletedPart {
  partNumber: number;
  etag: string;
}

export function parseCompletedParts(parts: { partNumber?: number; etag?: string }[] | undefined): CompletedPart[] {
  if (!parts?.length) throw invalidArgument(mediaMessages.partsRequired, [{ path: 'parts', message: mediaMessages.partsRequired }]);
  if (parts.length > uploadLimits.maxParts) throw invalidArgument(mediaMessages.tooManyParts, [{ path: 'parts', message: mediaMessages.tooManyParts }]);
  return parts.map((part, index) => {
    const partNumber = part.partNumber ?? 0;
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > uploadLimits.maxParts) {
      throw invalidArgument(mediaMessages.partNumberInvalid, [{ path: `parts.${index}.PartNumber`, message: mediaMessages.partNumberInvalid }]);
    }
    if (!part.etag || part.etag.length > 200) {
      throw invalidArgument(mediaMessages.partsRequired, [{ path: `parts.${index}.ETag`, message: mediaMessages.partsRequired }]);
    }
    return { partNumber, etag: part.etag };
  });
}
