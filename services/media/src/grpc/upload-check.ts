import { mediaMessages, type PhotoContentType } from '@hsa/contracts';
import { invalidArgument, notFound } from '@hsa/service-kit';
import type { ObjectStore } from '../adapters/s3/object-store';
import { SNIFF_BYTES, detectImageType } from '../domain';

export interface CheckedUpload {
  contentType: PhotoContentType;
  size: number;
}

/**
 * The server-side check of a completed multipart upload: it must exist, hold 1 byte to `maxBytes`, and start with the
 * magic number of an accepted image type, whatever name or type the browser gave it. Anything else is deleted and
 * refused. (Photos go further: see photo-intake.ts.)
 */
export async function checkUpload(
  store: ObjectStore,
  key: string,
  limit: { maxBytes: number; tooLargeMessage: string },
): Promise<CheckedUpload> {
  const head = await store.head(key);
  if (!head) throw notFound(mediaMessages.uploadNotFound);
  const refuse = async (message: string) => {
    await store.delete(key);
    return invalidArgument(message);
  };
  if (head.size === 0) throw await refuse(mediaMessages.photoEmpty);
  if (head.size > limit.maxBytes) throw await refuse(limit.tooLargeMessage);
  const contentType = detectImageType(await store.readStart(key, SNIFF_BYTES));
  if (!contentType) throw await refuse(mediaMessages.notAnImage);
  return { contentType, size: head.size };
}
