import { photoFileTypes, type PhotoContentType } from '@hsa/contracts';

/** How many leading bytes the check reads. */
export const SNIFF_BYTES = 32;

// AVIF ('avif', 'avis') is HEIF with AV1-coded images: accepted as HEIF.
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1', 'avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);

/**
 * The real type of an image from its first bytes (magic numbers), whatever its name or declared type says:
 * JPEG (FF D8 FF), PNG (89 'PNG' 0D 0A 1A 0A), WebP ('RIFF' .... 'WEBP') and HEIC/HEIF (an ISO-BMFF 'ftyp' box
 * with a HEIF brand). Undefined for anything else.
 */
export function detectImageType(bytes: Uint8Array): PhotoContentType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (HEIC_BRANDS.has(brand)) return 'image/heic';
    if (HEIF_BRANDS.has(brand)) return 'image/heif';
  }
  return undefined;
}

/** Types a browser may declare for a photo before upload ('' and octet-stream: browsers that do not know HEIC). */
export function isAcceptableDeclaredType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === '' || type === 'application/octet-stream' || (photoFileTypes.declared as readonly string[]).includes(type);
}
