import sharp from 'sharp';
import { crc32, deflateSync } from 'node:zlib';

/** A real PNG image (width x height, one colour), made here so no binary fixture is committed. */
export function pngImage(width = 4, height = 3, rgb: [number, number, number] = [200, 80, 40]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The leading bytes of each accepted format, followed by filler (enough for the magic-number check). */
export const imageHeads = {
  jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]),
  heic: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic')]),
  heif: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmif1'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1miaf')]),
};

export function withHead(head: Buffer, size: number): Buffer {
  const out = Buffer.alloc(size, 0x20);
  head.copy(out, 0);
  return out;
}

/** A real photo made here by libvips (sharp): a colour field of `width` x `height` in `format`, optionally with EXIF and an orientation. */
export async function photoOf(
  format: 'jpeg' | 'png' | 'webp' | 'heif',
  options: { width?: number; height?: number; exif?: Record<string, Record<string, string>>; orientation?: number } = {},
): Promise<Buffer> {
  const image = sharp({ create: { width: options.width ?? 40, height: options.height ?? 30, channels: 3, background: { r: 190, g: 90, b: 40 } } });
  let encoded = format === 'heif' ? image.heif({ compression: 'av1' }) : image.toFormat(format);
  if (options.orientation) encoded = encoded.withMetadata({ orientation: options.orientation });
  if (options.exif) encoded = encoded.withExif(options.exif);
  return encoded.toBuffer();
}

/** Phone-style EXIF: the camera, and where the photo was taken (the GPS IFD). */
export const phoneExif = {
  IFD0: { Make: 'PhoneMaker', Model: 'Phone 15', Copyright: 'Seller' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 34/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '121/1 29/1 4321/100' },
};
