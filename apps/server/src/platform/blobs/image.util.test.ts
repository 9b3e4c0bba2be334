import { Jimp } from 'jimp';
import { describe, expect, it } from 'vitest';
import { imageDimensions, makeThumbnail } from './image.util';

describe('image thumbnails', () => {
  it('reads dimensions from PNG, JPEG, GIF and BMP headers', async () => {
    const image = new Jimp({ width: 300, height: 200, color: 0x336699ff });
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/bmp'] as const) {
      expect(imageDimensions(await image.getBuffer(type), type), type).toEqual({ width: 300, height: 200 });
    }
  });

  it('scales to fit 256 and keeps small images as they are', async () => {
    const big = await new Jimp({ width: 1000, height: 500, color: 0xff0000ff }).getBuffer('image/png');
    const thumb = await makeThumbnail(big, 'image/png');
    const decoded = await Jimp.read(thumb!.data);
    expect([decoded.width, decoded.height]).toEqual([256, 128]);
    const small = await new Jimp({ width: 100, height: 100, color: 0xff0000ff }).getBuffer('image/png');
    expect(await makeThumbnail(small, 'image/png')).toBeUndefined();
  });

  it('does not decode an image whose header claims a huge canvas', async () => {
    const png = await new Jimp({ width: 300, height: 300, color: 0xff0000ff }).getBuffer('image/png');
    // a forged header: 100000 × 100000 pixels
    png.writeUInt32BE(100_000, 16);
    png.writeUInt32BE(100_000, 20);
    expect(await makeThumbnail(png, 'image/png')).toBeUndefined();
  });
});
