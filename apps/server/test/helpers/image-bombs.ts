// Animated images an attacker would send: many small frames in a few bytes
// each, which cost a decoder far more than their pixels say. The containers
// are put together by hand, as an attacker would: sharp's own animated
// encoder takes a minute for 30,000 frames, this takes milliseconds.
import sharp from 'sharp';

/** A RIFF chunk: its four-letter name, its length, its data padded to an even length. */
function riffChunk(name: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(name, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
}

/** Little-endian 24-bit, as WebP's VP8X and ANMF chunks store sizes and offsets. */
const uint24 = (value: number) => Buffer.from([value & 255, (value >> 8) & 255, value >> 16]);

/** `count` different side x side lossless WebP bitstreams (VP8L chunks): noise, so none repeats. */
async function distinctFrames(side: number, count: number): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, frame) => {
      const pixels = Buffer.alloc(side * side * 3);
      for (let i = 0; i < pixels.length; i += 1) pixels[i] = ((i * 7 + frame) % 5) * 60;
      const still = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
        .webp({ lossless: true })
        .toBuffer();
      // RIFF header (12 bytes), then the VP8L chunk of a simple-format file.
      return still.subarray(12);
    }),
  );
}

/**
 * An animated WebP of `frames` frames, each side x side pixels and different
 * from the one before: 30,000 frames of 8 x 8 make about 2.5 MB, 1.9
 * megapixels in all (within a bound on width x total height).
 */
export async function animatedWebpBomb(options: { frames: number; side: number }) {
  const { frames, side } = options;
  const bitstreams = await distinctFrames(side, Math.min(frames, 64));
  const frameChunks = bitstreams.map((bitstream) =>
    riffChunk(
      'ANMF',
      Buffer.concat([
        uint24(0), // x / 2
        uint24(0), // y / 2
        uint24(side - 1),
        uint24(side - 1),
        uint24(20), // duration, ms
        Buffer.from([0x02]), // do not blend
        bitstream,
      ]),
    ),
  );
  const body = Buffer.concat([
    Buffer.from('WEBP'),
    // Flags: animation; canvas width and height minus one.
    riffChunk(
      'VP8X',
      Buffer.concat([Buffer.from([0x02, 0, 0, 0]), uint24(side - 1), uint24(side - 1)]),
    ),
    // Background colour, loop for ever.
    riffChunk('ANIM', Buffer.alloc(6)),
    ...Array.from({ length: frames }, (_, frame) => frameChunks[frame % frameChunks.length]!),
  ]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

/**
 * A GIF of `frames` frames on a width x height screen, each frame (1 x 1
 * unless `frame` says otherwise) one pixel of data: 22 bytes a frame that a
 * decoder makes into a whole frame.
 */
export function animatedGifBomb(options: {
  frames: number;
  width: number;
  height: number;
  frame?: { width: number; height: number };
}) {
  const { frames, width, height } = options;
  const frameSize = options.frame ?? { width: 1, height: 1 };
  const uint16 = (value: number) => [value & 255, value >> 8];
  const screen = Buffer.from([
    ...Buffer.from('GIF89a'),
    ...uint16(width),
    ...uint16(height),
    // A global table of two colours, black and white.
    ...[0x80, 0, 0, 0, 0, 0, 255, 255, 255],
  ]);
  const frame = Buffer.from([
    // Graphic control: 100 ms.
    ...[0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00],
    // Image descriptor: the frame at 0,0.
    ...[0x2c, 0, 0, 0, 0, ...uint16(frameSize.width), ...uint16(frameSize.height), 0],
    // LZW minimum code size 2, one data block of one byte, the terminator.
    ...[0x02, 0x01, 0x44, 0x00],
  ]);
  return Buffer.concat([screen, ...Array<Buffer>(frames).fill(frame), Buffer.from([0x3b])]);
}

/**
 * An honest animation made by sharp: `frames` frames of width x height, each
 * its own shade, as a GIF or a WebP.
 */
export function animation(options: {
  format: 'gif' | 'webp';
  frames: number;
  width: number;
  height: number;
}): Promise<Buffer> {
  const { format, frames, width, height } = options;
  const pixels = Buffer.alloc(width * height * frames * 3);
  for (let frame = 0; frame < frames; frame += 1) {
    pixels.fill((frame * 37) % 256, frame * width * height * 3, (frame + 1) * width * height * 3);
  }
  const frames_ = sharp(pixels, {
    raw: { width, height: height * frames, channels: 3, pageHeight: height },
  });
  const delay = Array<number>(frames).fill(100);
  return (
    format === 'gif' ? frames_.gif({ loop: 0, delay }) : frames_.webp({ loop: 0, delay })
  ).toBuffer();
}

/**
 * A still picture of grey noise, `width` x `height`: noise does not compress, so it costs a
 * decoder what a large photo costs. Encode it as the test needs (png, jpeg, webp).
 */
export function noisyImage(width: number, height: number) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
}
