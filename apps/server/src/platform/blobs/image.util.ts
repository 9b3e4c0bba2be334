import { Jimp } from 'jimp';

export const THUMB_SIZE = 256;
// Decoding needs width × height × 4 bytes: a small file can claim a huge canvas (a
// decompression bomb), so larger images keep the full file and get no thumbnail.
export const MAX_THUMB_SOURCE_PIXELS = 40_000_000;

// Width and height from the header, without decoding; undefined when it cannot be read.
export function imageDimensions(data: Buffer, contentType: string): { width: number; height: number } | undefined {
  if (contentType === 'image/png' && data.length >= 24) return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  if (contentType === 'image/gif' && data.length >= 10) return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
  if (contentType === 'image/bmp' && data.length >= 26)
    return { width: Math.abs(data.readInt32LE(18)), height: Math.abs(data.readInt32LE(22)) };
  if (contentType === 'image/jpeg') {
    // walk the segments to the first start-of-frame marker (SOF0…SOF15 except DHT, JPG, DAC)
    let i = 2;
    while (i + 9 < data.length) {
      if (data[i] !== 0xff) return undefined;
      const marker = data[i + 1] ?? 0;
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { width: data.readUInt16BE(i + 7), height: data.readUInt16BE(i + 5) };
      }
      i += 2 + data.readUInt16BE(i + 2);
    }
  }
  return undefined;
}

// Thumbnails with a pure-JS codec (no native build). WebP has no pure-JS encoder in Jimp, so a
// WebP image is its own thumbnail; undefined means "use the full image".
export async function makeThumbnail(
  data: Buffer,
  contentType: string,
): Promise<{ data: Buffer; contentType: 'image/png' | 'image/jpeg' } | undefined> {
  if (!/^image\/(png|jpeg|gif|bmp)$/.test(contentType)) return undefined;
  const size = imageDimensions(data, contentType);
  if (!size || size.width * size.height > MAX_THUMB_SOURCE_PIXELS) return undefined;
  try {
    const image = await Jimp.read(data);
    if (image.width <= THUMB_SIZE && image.height <= THUMB_SIZE) return undefined;
    image.scaleToFit({ w: THUMB_SIZE, h: THUMB_SIZE });
    const out = contentType === 'image/jpeg' ? 'image/jpeg' : 'image/png';
    return { data: await image.getBuffer(out), contentType: out };
  } catch {
    // undecodable despite valid magic bytes: keep the file, skip the thumbnail
    return undefined;
  }
}
