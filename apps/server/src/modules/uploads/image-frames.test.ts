// The frame count read from the container agrees with libvips' on real
// files, and stays cheap and finite on hostile ones.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePng } from '../../../test/helpers/credentials.ts';
import { animatedGifBomb, animatedWebpBomb, animation } from '../../../test/helpers/image-bombs.ts';
import { countFrames } from './image-frames.ts';

describe('countFrames', () => {
  it('counts what libvips counts in animations sharp wrote, with their canvas', async () => {
    for (const format of ['gif', 'webp'] as const) {
      const moving = await animation({ format, frames: 7, width: 40, height: 30 });
      expect((await sharp(moving).metadata()).pages).toBe(7);
      expect(countFrames(moving, `image/${format}`)).toEqual({ frames: 7, width: 40, height: 30 });
    }
  });

  it('counts one frame in a still GIF or WebP, and leaves PNG, JPEG and AVIF to libvips', async () => {
    const still = sharp({ create: { width: 5, height: 4, channels: 3, background: '#0a0' } });
    expect(countFrames(await still.clone().gif().toBuffer(), 'image/gif')).toEqual({
      frames: 1,
      width: 5,
      height: 4,
    });
    expect(countFrames(await still.clone().webp().toBuffer(), 'image/webp')?.frames).toBe(1);
    expect(countFrames(makePng(2, 2), 'image/png')).toBeNull();
  });

  it('counts the bombs of issue 44 exactly, and stops soon after the count asked for', async () => {
    const webp = await animatedWebpBomb({ frames: 30_000, side: 8 });
    const gif = animatedGifBomb({ frames: 30_000, width: 8, height: 8 });
    expect(countFrames(webp, 'image/webp')).toEqual({ frames: 30_000, width: 8, height: 8 });
    expect(countFrames(gif, 'image/gif')).toEqual({ frames: 30_000, width: 1, height: 1 });
    expect(countFrames(webp, 'image/webp', 300)?.frames).toBe(301);
    expect(countFrames(gif, 'image/gif', 300)?.frames).toBe(301);
  });

  it('ends on a file cut anywhere, with the frames seen up to the cut', async () => {
    const gif = await animation({ format: 'gif', frames: 3, width: 20, height: 20 });
    const webp = await animation({ format: 'webp', frames: 3, width: 20, height: 20 });
    for (const [bytes, type] of [
      [gif, 'image/gif'],
      [webp, 'image/webp'],
    ] as const) {
      for (let length = 0; length <= bytes.length; length += 1) {
        const counted = countFrames(bytes.subarray(0, length), type);
        expect(counted?.frames).toBeGreaterThanOrEqual(0);
        expect(counted?.frames).toBeLessThanOrEqual(3);
      }
    }
  });
});
