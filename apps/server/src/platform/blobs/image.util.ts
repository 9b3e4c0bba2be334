import { Jimp } from 'jimp';

export const THUMB_SIZE = 256;

// Thumbnails with a pure-JS codec (no native build). WebP has no pure-JS encoder in Jimp, so a
// WebP image is its own thumbnail; undefined means "use the full image".
export async function makeThumbnail(data: Buffer, contentType: string): Promise<{ data: Buffer; contentType: 'image/png' | 'image/jpeg' } | undefined> {
  if (!/^image\/(png|jpeg|gif|bmp)$/.test(contentType)) return undefined;
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

// True when the bytes decode as an image (used for the image upload, which must be a picture).
export async function decodesAsImage(data: Buffer, contentType: string): Promise<boolean> {
  if (contentType === 'image/webp') return true;
  try {
    await Jimp.read(data);
    return true;
  } catch {
    return false;
  }
}
