// What re-encoding keeps (the picture, upright, in its own type, an
// animation's first frame) and what it drops or refuses (bytes after the
// image, metadata, undecodable files, more pixels than the bound, more frames
// than an animation has, frames too small to be one).
import { deflateSync } from 'node:zlib';
import encodeChunks from 'png-chunks-encode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePng } from '../../../test/helpers/credentials.ts';
import { animatedGifBomb, animatedWebpBomb, animation } from '../../../test/helpers/image-bombs.ts';
import {
  HTML_PAYLOAD,
  photoWithGps,
  pngClaimingSize,
  withHtmlAfterEnd,
} from '../../../test/helpers/images.ts';
import {
  MAX_FRAMES,
  MAX_INPUT_PIXELS,
  MAX_OUTPUT_SIDE,
  MIN_ANIMATED_SIDE,
  reencodeImage,
  refusalByFrames,
} from './reencode-image.ts';

const encoded = async (bytes: Buffer, type: Parameters<typeof reencodeImage>[1]) => {
  const result = await reencodeImage(bytes, type);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.bytes;
};

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

  it('keeps an animation as its first frame, a still in its own type', async () => {
    for (const format of ['gif', 'webp'] as const) {
      const moving = await animation({ format, frames: 3, width: 40, height: 30 });
      expect((await sharp(moving).metadata()).pages).toBe(3);
      const bytes = await encoded(moving, `image/${format}`);
      const metadata = await sharp(bytes, { animated: true }).metadata();
      expect(metadata).toMatchObject({ format, width: 40, height: 30 });
      expect(metadata.pages ?? 1).toBe(1);
      // The first frame's shade (0), not a later one's (37, 74).
      const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      expect(data[0]).toBeLessThan(10);
    }
  });

  it('refuses more frames than MAX_FRAMES from the container, before libvips reads it, and takes MAX_FRAMES', async () => {
    // The bombs of issue 44: 30,000 frames of 8 x 8 px, 1.9 megapixels in all.
    const webpBomb = await animatedWebpBomb({ frames: 30_000, side: 8 });
    const gifBomb = animatedGifBomb({ frames: 30_000, width: 64, height: 64 });
    for (const [bomb, type] of [
      [webpBomb, 'image/webp'],
      [gifBomb, 'image/gif'],
    ] as const) {
      expect(refusalByFrames(bomb, type)).toBe('too-many-frames');
      expect(await reencodeImage(bomb, type)).toEqual({ ok: false, reason: 'too-many-frames' });
    }
    // At the bound: MAX_FRAMES frames of the smallest animated size are taken; one more is not.
    const side = MIN_ANIMATED_SIDE;
    const gif = (frames: number) =>
      animatedGifBomb({ frames, width: side, height: side, frame: { width: side, height: side } });
    expect(
      await reencodeImage(await animatedWebpBomb({ frames: MAX_FRAMES + 1, side }), 'image/webp'),
    ).toEqual({ ok: false, reason: 'too-many-frames' });
    expect(await reencodeImage(gif(MAX_FRAMES + 1), 'image/gif')).toEqual({
      ok: false,
      reason: 'too-many-frames',
    });
    expect(
      (await reencodeImage(await animatedWebpBomb({ frames: MAX_FRAMES, side }), 'image/webp')).ok,
    ).toBe(true);
    expect((await reencodeImage(gif(MAX_FRAMES), 'image/gif')).ok).toBe(true);
  });

  it('refuses an animation of frames smaller than MIN_ANIMATED_SIDE, but not a still that small', async () => {
    const small = MIN_ANIMATED_SIDE - 1;
    expect(
      await reencodeImage(await animatedWebpBomb({ frames: 2, side: small }), 'image/webp'),
    ).toEqual({ ok: false, reason: 'frames-too-small' });
    // A GIF's frames are what count, whatever screen it claims.
    const onLargeScreen = animatedGifBomb({
      frames: 2,
      width: 400,
      height: 400,
      frame: { width: 400, height: small },
    });
    expect(await reencodeImage(onLargeScreen, 'image/gif')).toEqual({
      ok: false,
      reason: 'frames-too-small',
    });
    expect(
      (await reencodeImage(animatedGifBomb({ frames: 1, width: 8, height: 8 }), 'image/gif')).ok,
    ).toBe(true);
    expect(
      (
        await reencodeImage(
          await animatedWebpBomb({ frames: 2, side: MIN_ANIMATED_SIDE }),
          'image/webp',
        )
      ).ok,
    ).toBe(true);
  });

  it('bounds the pixels of the frame it decodes', async () => {
    // Two frames of 8000 x 6300 (50.4 megapixels), in a few dozen bytes.
    const large = animatedGifBomb({
      frames: 2,
      width: 8000,
      height: 6300,
      frame: { width: 8000, height: 6300 },
    });
    expect(8000 * 6300).toBeGreaterThan(MAX_INPUT_PIXELS);
    expect(await reencodeImage(large, 'image/gif')).toEqual({
      ok: false,
      reason: 'too-many-pixels',
    });
    // 60 frames of 1000 x 1000, 60 megapixels in all: only the first is decoded.
    const frames = await encoded(
      animatedGifBomb({
        frames: 60,
        width: 1000,
        height: 1000,
        frame: { width: 1000, height: 1000 },
      }),
      'image/gif',
    );
    expect(await sharp(frames).metadata()).toMatchObject({ width: 1000, height: 1000 });
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
