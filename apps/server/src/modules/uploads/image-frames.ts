// How many frames an animated GIF or WebP holds, and on what canvas, read by
// walking its container: the block and chunk headers only, never a pixel,
// in one pass over the bytes. libvips reads every frame's header before it
// decodes even the first one, and for WebP that read grows with the square
// of the frames (30,000 frames of 8 x 8 px: 2 s of CPU before any pixel), so
// the count must be known before the file reaches it.
import type { ImageMimeType } from './image-type.ts';

export interface FrameCount {
  frames: number;
  /**
   * The canvas the frames are drawn on: for a WebP its VP8X canvas (0 x 0
   * for a simple WebP, whose one frame's size is in its bitstream); for a GIF
   * the area its frames cover, as libvips' decoder takes it (it does not
   * believe a screen larger than 2048 px, which old encoders wrote).
   */
  width: number;
  height: number;
}

/**
 * The frames of a GIF or a WebP (a PNG, JPEG or AVIF answers null: libvips
 * decodes one image of those). Stops counting past `stopAfter`; a file cut
 * short or malformed answers what was counted up to there, the decoder
 * judges the rest.
 */
export function countFrames(
  bytes: Uint8Array,
  type: ImageMimeType,
  stopAfter = Number.POSITIVE_INFINITY,
): FrameCount | null {
  if (type === 'image/gif') return countGifFrames(bytes, stopAfter);
  if (type === 'image/webp') return countWebpFrames(bytes, stopAfter);
  return null;
}

const uint16le = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);
const uint24le = (bytes: Uint8Array, at: number) => uint16le(bytes, at) | (bytes[at + 2]! << 16);
const uint32le = (bytes: Uint8Array, at: number) => uint24le(bytes, at) + bytes[at + 3]! * 2 ** 24;

/** Skips a run of GIF data sub-blocks (length byte, data) up to its empty one. */
function skipSubBlocks(bytes: Uint8Array, at: number): number {
  let position = at;
  while (position < bytes.length && bytes[position] !== 0) position += bytes[position]! + 1;
  return position + 1;
}

/** GIF89a/87a: a logical screen, then blocks: extensions (0x21), images (0x2c), the trailer (0x3b). */
function countGifFrames(bytes: Uint8Array, stopAfter: number): FrameCount {
  let frames = 0;
  let width = 0;
  let height = 0;
  const screenFlags = bytes[10] ?? 0;
  // The global colour table, when the screen has one: 3 bytes per colour.
  let position = 13 + (screenFlags & 0x80 ? 3 * 2 ** ((screenFlags & 7) + 1) : 0);
  while (position + 10 <= bytes.length && frames <= stopAfter) {
    const block = bytes[position];
    if (block === 0x21) {
      // Extension: its label, then its sub-blocks.
      position = skipSubBlocks(bytes, position + 2);
    } else if (block === 0x2c) {
      frames += 1;
      // Left, top, width, height.
      width = Math.max(width, uint16le(bytes, position + 1) + uint16le(bytes, position + 5));
      height = Math.max(height, uint16le(bytes, position + 3) + uint16le(bytes, position + 7));
      const imageFlags = bytes[position + 9]!;
      position += 10 + (imageFlags & 0x80 ? 3 * 2 ** ((imageFlags & 7) + 1) : 0);
      // The LZW minimum code size, then the image data's sub-blocks.
      position = skipSubBlocks(bytes, position + 1);
    } else {
      // The trailer, or bytes that are no block: what follows is not the decoder's.
      break;
    }
  }
  return { frames, width, height };
}

/**
 * WebP: RIFF chunks after "WEBP". A simple file (VP8 or VP8L) is one frame;
 * an extended one (VP8X) names its canvas and holds one ANMF chunk a frame.
 */
function countWebpFrames(bytes: Uint8Array, stopAfter: number): FrameCount {
  let frames = 0;
  let width = 0;
  let height = 0;
  let stillImage = false;
  let position = 12;
  while (position + 8 <= bytes.length && frames <= stopAfter) {
    const name = String.fromCharCode(...bytes.subarray(position, position + 4));
    const size = uint32le(bytes, position + 4);
    const data = position + 8;
    if (name === 'VP8X' && data + 10 <= bytes.length) {
      width = uint24le(bytes, data + 4) + 1;
      height = uint24le(bytes, data + 7) + 1;
    } else if (name === 'ANMF') {
      frames += 1;
    } else if ((name === 'VP8 ' || name === 'VP8L') && frames === 0) {
      stillImage = true;
    }
    // Chunks are padded to an even length.
    position = data + size + (size % 2);
  }
  return { frames: frames === 0 && stillImage ? 1 : frames, width, height };
}
