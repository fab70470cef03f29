import { photoContentTypes, roomTypes, type Photo, type PhotoContentType, type PhotoVariant, type RoomType, type UploadedPart } from '@hsa/contracts';
import type { Part__Output as PartMessage } from '../gen/media/v1/Part';
import type { Photo__Output as PhotoMessage } from '../gen/media/v1/Photo';

/** The one mapping between media.v1 messages and the HTTP API's shapes (contracts), used by the gateway. */

/** Where the browser loads a photo's image: a same-origin address that redirects to a short-lived signed URL. */
export function photoImagePath(propertyId: string, photoId: string, variant: PhotoVariant = 'full'): string {
  const path = `/api/properties/${encodeURIComponent(propertyId)}/photos/${encodeURIComponent(photoId)}/image`;
  return variant === 'full' ? path : `${path}?variant=${variant}`;
}

const asRoomType = (value: string): RoomType =>
  (roomTypes as readonly string[]).includes(value) ? (value as RoomType) : 'unassigned';

const asContentType = (value: string): PhotoContentType =>
  (photoContentTypes as readonly string[]).includes(value) ? (value as PhotoContentType) : 'image/jpeg';

export function photoMessageToApi(msg: PhotoMessage): Photo {
  return {
    id: msg.id,
    propertyId: msg.propertyId,
    originalPath: msg.objectKey,
    roomType: asRoomType(msg.roomType),
    uploadedAt: msg.uploadedAt,
    contentType: asContentType(msg.contentType),
    size: msg.size,
    url: photoImagePath(msg.propertyId, msg.id),
    thumbnailUrl: photoImagePath(msg.propertyId, msg.id, 'thumbnail'),
  };
}

/** A part as ListParts answers it to the uploader (S3's field names, which @uppy/aws-s3 reads). */
export function partMessageToApi(msg: PartMessage): UploadedPart {
  return {
    PartNumber: msg.partNumber,
    Size: msg.size,
    ETag: msg.etag,
    ...(msg.lastModified ? { LastModified: msg.lastModified } : {}),
  };
}
