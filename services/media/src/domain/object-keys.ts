import { createHash, randomUUID } from 'node:crypto';

/**
 * Object keys are made here, never from a client's file name: `uploads/<user segment>/<uuid>`, or
 * `uploads/<user segment>/<property id>/<uuid>` when the upload was asked for one property. The user segment is
 * a hash of the user id (ids may hold any character, and need not show in URLs), so a key names its owner and,
 * when scoped, the only property it can be attached to.
 */

const UPLOADS_PREFIX = 'uploads';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const segmentPattern = /^[0-9a-f]{32}$/;

export function userKeySegment(userId: string): string {
  return createHash('sha256').update(`hsa-media-user:${userId}`).digest('hex').slice(0, 32);
}

/** The prefix under which every object of this user lives. */
export function userKeyPrefix(userId: string): string {
  return `${UPLOADS_PREFIX}/${userKeySegment(userId)}/`;
}

export function newObjectKey(userId: string, propertyId?: string): string {
  const scope = propertyId ? `${propertyId.toLowerCase()}/` : '';
  return `${userKeyPrefix(userId)}${scope}${randomUUID()}`;
}

/**
 * The keys of a photo's own objects (the re-encoded image and its thumbnail): written only by the service, so no
 * presigned upload URL can ever change them.
 */
export function photoObjectKeys(userId: string, propertyId: string, photoId: string): { full: string; thumbnail: string } {
  const base = `photos/${userKeySegment(userId)}/${propertyId}/${photoId}`;
  return { full: `${base}.jpg`, thumbnail: `${base}-thumbnail.jpg` };
}

export interface ParsedKey {
  key: string;
  /** The property the upload was scoped to, if any. */
  propertyId: string | undefined;
}

/** A key of this user in one of the two shapes above; undefined for anything else (another user's, made up, ...). */
export function parseOwnedKey(userId: string, key: string): ParsedKey | undefined {
  const parts = key.split('/');
  if (parts[0] !== UPLOADS_PREFIX || parts[1] !== userKeySegment(userId) || !segmentPattern.test(parts[1])) return undefined;
  if (parts.length === 3 && uuidPattern.test(parts[2]!)) return { key, propertyId: undefined };
  if (parts.length === 4 && uuidPattern.test(parts[2]!) && uuidPattern.test(parts[3]!)) return { key, propertyId: parts[2] };
  return undefined;
}

/**
 * What a client sends as originalPath -> the object key. Accepted: the key itself, `/objects/<key>`, the path-style
 * path `/<bucket>/<key>`, or a whole upload URL (its query, e.g. a presigned signature, is ignored).
 */
export function keyFromOriginalPath(originalPath: string, bucket: string): string {
  let path = originalPath.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      const url = new URL(path);
      path = url.pathname;
      // Virtual-hosted style (bucket.s3.amazonaws.com/<key>) has no bucket in the path.
      if (url.hostname.startsWith(`${bucket}.`)) path = `/${bucket}${path}`;
    } catch {
      return '';
    }
  } else {
    path = path.split('?')[0]!;
  }
  let decoded: string;
  try {
    decoded = path.split('/').map(decodeURIComponent).join('/');
  } catch {
    return '';
  }
  decoded = decoded.replace(/^\/+/, '');
  if (decoded.startsWith(`${bucket}/`)) return decoded.slice(bucket.length + 1);
  if (decoded.startsWith('objects/')) return decoded.slice('objects/'.length);
  return decoded;
}
