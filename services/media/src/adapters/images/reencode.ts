import sharp from 'sharp';
import { mediaMessages, uploadLimits, type PhotoContentType } from '@hsa/contracts';
import { AppError, invalidArgument } from '@hsa/service-kit';

/**
 * Every photo is decoded and encoded again on the server (libvips through sharp) before anyone sees it: only the
 * pixels survive, turned upright by their EXIF orientation. What sellers publish therefore carries no metadata (no
 * GPS location, camera serial or thumbnail of the original), and a file that is also something else (a JPEG header
 * in front of HTML, a script in a comment) comes out as a plain JPEG. A thumbnail is made at the same time.
 */

export interface ReencodedPhoto {
  contentType: 'image/jpeg';
  full: Buffer;
  thumbnail: Buffer;
}

/** Formats decoded here; anything else (SVG, GIF, TIFF, raw pixels ...) is refused whatever its bytes claim. */
const DECODED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
/** A 48-megapixel phone photo passes; a small file claiming a huge canvas (a decompression bomb) does not. */
const MAX_INPUT_PIXELS = 120_000_000;
/** Decoding is memory-hungry: at most this many at once per process, the rest wait their turn. */
const CONCURRENT_DECODES = 2;

let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENT_DECODES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

const jpeg = (image: sharp.Sharp, quality: number) => image.flatten({ background: '#ffffff' }).jpeg({ quality, progressive: true });

/**
 * The stored image and thumbnail of an upload whose first bytes said `detected`. Refuses (INVALID_ARGUMENT, with a
 * message for a person) what cannot be decoded here, saying so plainly for HEIC, which this build cannot read when
 * it is HEVC-coded (most iPhone photos).
 */
export function reencodePhoto(bytes: Buffer, detected: PhotoContentType): Promise<ReencodedPhoto> {
  const refusal = () => invalidArgument(detected === 'image/heic' || detected === 'image/heif' ? mediaMessages.heicNotConvertible : mediaMessages.unreadableImage);
  return inTurn(async () => {
    const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
    try {
      const { format } = await input().metadata();
      if (!format || !DECODED_FORMATS.has(format)) throw refusal();
      const edge = uploadLimits.photoMaxEdgePixels;
      const full = await jpeg(input().rotate().resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true }), 82).toBuffer();
      const small = uploadLimits.thumbnailMaxEdgePixels;
      const thumbnail = await jpeg(sharp(full).resize({ width: small, height: small, fit: 'inside', withoutEnlargement: true }), 76).toBuffer();
      return { contentType: 'image/jpeg', full, thumbnail };
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw refusal();
    }
  });
}
