// What re-encoding keeps (the picture, upright, in its own type) and what it
// drops or refuses (bytes after the image, metadata, undecodable files, more
// pixels than the bound).
import { deflateSync } from 'node:zlib';
import encodeChunks from 'png-chunks-encode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePng } from '../../../test/helpers/credentials.ts';
import {
  HTML_PAYLOAD,
  photoWithGps,
  pngClaimingSize,
  withHtmlAfterEnd,
} from '../../../test/helpers/images.ts';
import { MAX_INPUT_PIXELS, MAX_OUTPUT_SIDE, reencodeImage } from './reencode-image.ts';

const encoded = async (bytes: Buffer, type: Parameters<typeof reencodeImage>[1]) => {
  const result = await reencodeImage(bytes, type);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.bytes;
};

/** An animated GIF of `frames` frames of width x height, each its own shade. */
function animatedGif(width: number, height: number, frames: number) {
  const pixels = Buffer.alloc(width * height * frames * 3);
  for (let frame = 0; frame < frames; frame += 1) {
    pixels.fill(frame * 20, frame * width * height * 3, (frame + 1) * width * height * 3);
  }
  return sharp(pixels, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ loop: 0, delay: Array(frames).fill(100) })
    .toBuffer();
}

/**
 * A GIF of `frames` frames on a width x height screen, each frame one pixel
 * of data: a few bytes a frame that a decoder makes into a whole screen.
 */
function gifOfEmptyFrames(width: number, height: number, frames: number) {
  const screen = Buffer.from([
    ...Buffer.from('GIF89a'),
    ...[width & 255, width >> 8, height & 255, height >> 8],
    ...[0x80, 0, 0, 0, 0, 0, 255, 255, 255],
  ]);
  const frame = Buffer.from([
    ...[0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00],
    ...[0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0],
    ...[0x02, 0x01, 0x44, 0x00],
  ]);
  return Buffer.concat([screen, ...Array<Buffer>(frames).fill(frame), Buffer.from([0x3b])]);
}

describe('reencodeImage', () => {
  it('drops what follows the image: a PNG with a page after IEND comes back a PNG without it', async () => {
    const png = makePng(4, 4);
    const bytes = await encoded(withHtmlAfterEnd(png), 'image/png');
    expect(bytes.includes(HTML_PAYLOAD)).toBe(false);
    expect(bytes.includes('<script>')).toBe(false);
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 4, height: 4 });
    // The picture itself is kept.
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([20, 120, 220]);
  });

  it('turns a photo upright by its EXIF orientation, then drops the EXIF with its GPS', async () => {
    const photo = await photoWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const bytes = await encoded(photo, 'image/jpeg');
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 6, height: 8 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(bytes.includes('PhoneCo')).toBe(false);
    // Red was on the left; turned clockwise, it is on top.
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    expect(pixel(3, 0)[0]).toBeGreaterThan(200);
    expect(pixel(3, 7)[2]).toBeGreaterThan(200);
  });

  it('refuses a file that has the magic bytes but does not decode, or decodes as another type', async () => {
    const png = makePng(4, 4);
    const garbage = Buffer.concat([png.subarray(0, 8), Buffer.from('not really a picture at all')]);
    expect(await reencodeImage(garbage, 'image/png')).toEqual({ ok: false, reason: 'unreadable' });
    // Cut short: the end of the pixels is missing.
    expect(await reencodeImage(png.subarray(0, png.length - 20), 'image/png')).toEqual({
      ok: false,
      reason: 'unreadable',
    });
    // A PNG announced as a JPEG is not decoded as what it is.
    expect(await reencodeImage(png, 'image/jpeg')).toEqual({ ok: false, reason: 'unreadable' });
  });

  it('refuses more pixels than the bound from the header, before decoding them', async () => {
    expect(await reencodeImage(pngClaimingSize(60_000, 60_000), 'image/png')).toEqual({
      ok: false,
      reason: 'too-many-pixels',
    });
    // A real one: 8000 x 6300 grey pixels (50.4 megapixels) that deflate to a few KB.
    const header = Buffer.alloc(13);
    header.writeUInt32BE(8000, 0);
    header.writeUInt32BE(6300, 4);
    header.set([8, 0, 0, 0, 0], 8);
    const bomb = Buffer.from(
      encodeChunks([
        { name: 'IHDR', data: header },
        { name: 'IDAT', data: deflateSync(Buffer.alloc(8001 * 6300), { level: 9 }) },
        { name: 'IEND', data: new Uint8Array(0) },
      ]),
    );
    expect(8000 * 6300).toBeGreaterThan(MAX_INPUT_PIXELS);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await reencodeImage(bomb, 'image/png')).toEqual({
      ok: false,
      reason: 'too-many-pixels',
    });
  });

  it('counts every frame of an animation against the bound, and keeps the frames of one within it', async () => {
    const gif = await animatedGif(40, 30, 3);
    const bytes = await encoded(gif, 'image/gif');
    expect(await sharp(bytes, { animated: true }).metadata()).toMatchObject({
      format: 'gif',
      pages: 3,
      width: 40,
      pageHeight: 30,
    });
    // 1000 x 1000 a frame is within the bound; 60 of them are not.
    expect(await reencodeImage(gifOfEmptyFrames(1000, 1000, 60), 'image/gif')).toEqual({
      ok: false,
      reason: 'too-many-pixels',
    });
  });

  it('scales a large image down to the longest side allowed, and never enlarges a small one', async () => {
    const wide = await sharp({
      create: { width: 3000, height: 1500, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    expect(await sharp(await encoded(wide, 'image/png')).metadata()).toMatchObject({
      width: MAX_OUTPUT_SIDE,
      height: MAX_OUTPUT_SIDE / 2,
    });
    expect(await sharp(await encoded(makePng(3, 2), 'image/png')).metadata()).toMatchObject({
      width: 3,
      height: 2,
    });
  });

  it('keeps each type as it came: WebP stays WebP and AVIF stays AVIF', async () => {
    const picture = sharp({
      create: { width: 16, height: 12, channels: 3, background: '#c04000' },
    });
    const webp = await picture.clone().webp().toBuffer();
    const avif = await picture.clone().avif({ effort: 0 }).toBuffer();
    expect(await sharp(await encoded(webp, 'image/webp')).metadata()).toMatchObject({
      format: 'webp',
      width: 16,
    });
    expect(await sharp(await encoded(avif, 'image/avif')).metadata()).toMatchObject({
      format: 'heif',
      compression: 'av1',
      width: 16,
    });
  });

  it('gives the same bytes for the same file, so an upload made twice is one', async () => {
    const photo = await photoWithGps();
    expect((await encoded(photo, 'image/jpeg')).equals(await encoded(photo, 'image/jpeg'))).toBe(
      true,
    );
  });
});
