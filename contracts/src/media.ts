import { z } from 'zod';
import { singleLine } from './text';

/**
 * Photos and uploads (spec sections 3, 5, 7, 9): the Photo entity, its room types, the upload limits and
 * the bodies of the photo and uploader calls. Shared by the gateway, the media service and the browser.
 */

export const roomTypes = [
  'living_room',
  'kitchen',
  'master_bedroom',
  'bedroom',
  'bathroom',
  'dining_room',
  'exterior',
  'garage',
  'basement',
  'other',
  'unassigned',
] as const;
export const roomTypeSchema = z.enum(roomTypes, { error: `Room type must be one of: ${roomTypes.join(', ')}` });
export type RoomType = z.infer<typeof roomTypeSchema>;

/** What a person reads for each room type. */
export const roomTypeLabels: Record<RoomType, string> = {
  living_room: 'Living Room',
  kitchen: 'Kitchen',
  master_bedroom: 'Master Bedroom',
  bedroom: 'Bedroom',
  bathroom: 'Bathroom',
  dining_room: 'Dining Room',
  exterior: 'Exterior',
  garage: 'Garage',
  basement: 'Basement',
  other: 'Other',
  unassigned: 'Unassigned',
};

const MiB = 1024 * 1024;

/** The spec's upload constants (section 9). */
export const uploadLimits = {
  /** Photos: at most 10 files per upload, at most 10 MB (10485760 bytes) each. */
  maxPhotoFiles: 10,
  maxPhotoBytes: 10 * MiB,
  /** The single-photo uploader takes one file. */
  singlePhotoMaxFiles: 1,
  /** Multipart upload only for files over 100 MB (104857600 bytes). */
  multipartThresholdBytes: 100 * MiB,
  /** S3's limits on a multipart upload: parts of at least 5 MB (except the last), at most 10,000 parts. */
  minPartBytes: 5 * MiB,
  maxParts: 10_000,
  /** Parallel requests of the uploader. */
  concurrentRequests: 6,
  /** Waits between retries of a failed part or signature (ms). */
  retryDelaysMs: [0, 1000, 3000, 5000],
  /** Lifetime of temporary credentials the uploader may ask for (s): S3's maximum presign lifetime. */
  temporaryCredentialLifetimeSeconds: 604_800,
  /** Stored photos are re-encoded to at most this many pixels on the long edge; thumbnails to this. */
  photoMaxEdgePixels: 2560,
  thumbnailMaxEdgePixels: 640,
} as const;

/**
 * The size of each part of a multipart upload of `totalBytes`: the uploader cuts files this way and the server signs
 * each part URL for exactly its length, so no part URL writes more than was announced.
 */
export function multipartPartSize(totalBytes: number): number {
  return Math.max(uploadLimits.minPartBytes, Math.ceil(totalBytes / uploadLimits.maxParts));
}

/** How many parts a multipart upload of `totalBytes` has, and the exact length of part `partNumber` (1-based). */
export function multipartPartLength(totalBytes: number, partNumber: number): number {
  const partSize = multipartPartSize(totalBytes);
  return Math.max(0, Math.min(partSize, totalBytes - (partNumber - 1) * partSize));
}

/** Which stored image of a photo to serve: the re-encoded photo, or its small thumbnail (lists and cards). */
export const photoVariants = ['full', 'thumbnail'] as const;
export type PhotoVariant = (typeof photoVariants)[number];
export const photoVariantSchema = z.enum(photoVariants, { error: `variant must be one of: ${photoVariants.join(', ')}` });

/** The image types the product accepts, as the browser names them and as the server detects them from bytes. */
export const photoContentTypes = ['image/jpeg', 'image/png', 'image/heic', 'image/heif', 'image/webp'] as const;
export type PhotoContentType = (typeof photoContentTypes)[number];

/**
 * What a browser may say a photo file is before it is sent (spec: images only, labelled JPG, PNG, HEIC): the types it
 * declares, and the extensions for browsers that declare none for HEIC. The uploader offers exactly these and the media
 * service accepts exactly these; the service then checks the bytes themselves (photoContentTypes).
 */
export const photoFileTypes = {
  declared: ['image/jpeg', 'image/jpg', 'image/png', 'image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence', 'image/webp'],
  extensions: ['.jpg', '.jpeg', '.png', '.heic', '.heif', '.webp'],
} as const;

export const mediaMessages = {
  notAnImage: 'Only images can be uploaded (JPG, PNG, HEIC)',
  photoTooLarge: 'Photos must be at most 10 MB',
  photoEmpty: 'The uploaded file is empty',
  uploadNotFound: 'Upload not found: upload the file first',
  notYourUpload: 'Upload not found',
  alreadyAttached: 'This upload is already attached to a property',
  originalPathRequired: 'originalPath is required',
  cannotSign: 'Cannot sign without a key, an uploadId, and a partNumber',
  keyRequired: 'key is required',
  partNumberInvalid: 'partNumber must be a whole number from 1 to 10000',
  partsRequired: 'parts must list at least one {PartNumber, ETag}',
  tooManyParts: 'A multipart upload has at most 10000 parts',
  multipartTooSmall: 'Multipart upload is only for files over 100 MB',
  fileTooLarge: 'The file is too large',
  contentTypeNotImage: 'Only images can be uploaded (JPG, PNG, HEIC)',
  temporaryCredentialsDisabled:
    'Temporary credentials are not issued: every upload request is signed by the server for the signed-in user',
  sizeRequired: "size is required: the file's size in bytes, so the upload URL accepts exactly that many",
  partOutOfRange: 'partNumber is beyond the size announced for this upload',
  unreadableImage: 'This image could not be read: it may be damaged. Please choose another photo.',
  heicNotConvertible:
    'This HEIC photo could not be converted here (HEVC-coded HEIC is not supported). Please export it as JPEG, or set the camera to "Most Compatible", and upload it again.',
  storageFull: (quotaBytes: number) =>
    `Your photo storage is full (${formatBytes(quotaBytes)} per account). Uploads that were not saved free their space within an hour.`,
  tooManyPhotos: (max: number) => `A property can have at most ${max} photos`,
} as const;

function formatBytes(bytes: number): string {
  const GB = 1024 ** 3;
  const MB = 1024 ** 2;
  return bytes >= GB ? `${+(bytes / GB).toFixed(1)} GB` : `${Math.round(bytes / MB)} MB`;
}

/** The spec's Photo entity as the API returns it, plus its type, size and a same-origin address of the image. */
export interface Photo {
  id: string;
  propertyId: string;
  /** The stored object's key (derived by the server; never the client's file name). */
  originalPath: string;
  roomType: RoomType;
  /** RFC 3339 */
  uploadedAt: string;
  /** The stored image's type (photos are re-encoded on the server: JPEG). */
  contentType: PhotoContentType;
  /** Bytes of the stored image. */
  size: number;
  /** GET it to see the image (a redirect to a short-lived signed address). */
  url: string;
  /** The same for a small thumbnail (at most 640 px): what lists and cards show. */
  thumbnailUrl: string;
}

const contentTypeText = singleLine(z.string().trim().max(200), 'Content type');

/** Optional body of POST /api/objects/upload: scopes the presigned PUT further when given. */
export const createUploadSchema = z
  .object({
    propertyId: z.string().uuid('propertyId must be a property id').optional(),
    contentType: contentTypeText.optional(),
    /** The file's size in bytes: the URL is signed for exactly this length. */
    size: z.coerce
      .number({ error: mediaMessages.sizeRequired })
      .int(mediaMessages.sizeRequired)
      .min(1, mediaMessages.photoEmpty)
      .max(uploadLimits.maxPhotoBytes, mediaMessages.photoTooLarge),
  })
  .strip();
export type CreateUploadInput = z.input<typeof createUploadSchema>;

/** Answer of POST /api/objects/upload. */
export interface CreateUploadResponse {
  uploadURL: string;
  /** The object key the URL writes (what to attach as originalPath). */
  key: string;
  /** Seconds until the URL expires. */
  expiresIn: number;
  /** Headers the upload must send as they are (signed), e.g. the Content-Type asked for. */
  headers: Record<string, string>;
}

/** Body of POST /api/properties/{id}/photos. */
export const attachPhotoSchema = z.object({
  originalPath: singleLine(
    z.string({ error: mediaMessages.originalPathRequired }).trim().min(1, mediaMessages.originalPathRequired).max(2000, 'originalPath is too long'),
    'originalPath',
  ),
  roomType: roomTypeSchema.default('unassigned'),
});
export type AttachPhotoInput = z.input<typeof attachPhotoSchema>;

/** Body of PATCH /api/properties/{id}/photos/{photoId}. */
export const updatePhotoSchema = z.object({ roomType: roomTypeSchema });
export type UpdatePhotoInput = z.input<typeof updatePhotoSchema>;

export const photoIdSchema = z.string().uuid();

/** The uploader's metadata (`metadata[name]=...`): only propertyId means something to the server. */
const uploaderMetadataSchema = z.record(z.string(), z.unknown()).optional();

/** Body of POST /api/uploads/s3/multipart (the uploader's CreateMultipartUpload). */
export const createMultipartSchema = z.object({
  filename: singleLine(z.string().max(1000), 'filename').optional(),
  type: contentTypeText.optional(),
  metadata: uploaderMetadataSchema,
});
export type CreateMultipartInput = z.input<typeof createMultipartSchema>;

/** Body of POST /api/uploads/s3/multipart/{uploadId}/complete. */
export const completeMultipartSchema = z.object({
  parts: z
    .array(
      z.object({
        PartNumber: z.coerce.number().int().min(1).max(uploadLimits.maxParts),
        ETag: singleLine(z.string().min(1).max(200), 'ETag'),
      }),
      { error: mediaMessages.partsRequired },
    )
    .min(1, mediaMessages.partsRequired)
    .max(uploadLimits.maxParts, mediaMessages.tooManyParts),
});
export type CompleteMultipartInput = z.input<typeof completeMultipartSchema>;

/** One part as ListParts answers it (the uploader resumes from these). */
export interface UploadedPart {
  PartNumber: number;
  Size: number;
  ETag: string;
  LastModified?: string;
}

/** Answers of the uploader's endpoints (Companion's S3 shapes, which @uppy/aws-s3 reads). */
export interface CreateMultipartResponse {
  uploadId: string;
  key: string;
}
export interface SignPartResponse {
  url: string;
  /** Seconds the URL stays valid. */
  expires: number;
}
export interface CompleteMultipartResponse {
  location: string;
  key: string;
}
export interface UploadParametersResponse {
  method: 'PUT';
  url: string;
  fields: Record<string, never>;
  headers: Record<string, string>;
  key: string;
  expires: number;
}
