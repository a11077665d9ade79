// Every upload is decoded and encoded again (sharp, libvips) before it is
// stored: what is served is pixels this server wrote, never the sender's
// bytes. Whatever rode along in the file (bytes after a PNG's IEND, EXIF with
// GPS, ICC profiles, comments) is gone, and a file that does not decode is
// refused. An image costs what a still picture costs: an animation is kept
// as its first frame, and one with more frames than a real one has is
// refused before libvips reads it (decision 0061). The API runs this in the
// image workers' processes (image-workers.ts), never in its own.
import sharp, { type Metadata, type Sharp } from 'sharp';
import { countFrames } from './image-frames.ts';
import type { ImageMimeType } from './image-type.ts';

/**
 * Pixels the decoded frame may have: a 50-megapixel photo (8160 x 6120)
 * fits; a small file that claims 60000 x 60000 (a decompression bomb) is
 * refused from its header, before decoding.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
/** The longest side of a stored image; larger ones are scaled down to it. */
export const MAX_OUTPUT_SIDE = 2048;
/**
 * Frames an animated GIF or WebP may have, though only the first is
 * decoded: 10 seconds at 30 frames a second. libvips reads every frame's
 * header first, 3 ms for 300 frames here; 30,000 took 2 s.
 */
export const MAX_FRAMES = 300;
/**
 * The smallest canvas of an animation, on either side. No badge or avatar
 * animates below it; frames that small are only a way to send many of them.
 */
export const MIN_ANIMATED_SIDE = 16;
/** The seconds an image may take when the caller gives none (UPLOAD_IMAGE_SECONDS's default). */
export const DEFAULT_IMAGE_SECONDS = 10;

// Every upload is a different buffer: libvips' operation cache would only
// hold decoded pixels nobody asks for again.
sharp.cache(false);

/** The format libvips must find for each type the magic bytes announced. */
const LIBVIPS_FORMAT: Record<ImageMimeType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'heif',
};

export type ReencodeRefusal =
  'unreadable' | 'too-many-pixels' | 'too-many-frames' | 'frames-too-small' | 'too-slow';

export type ReencodeResult =
  { ok: true; bytes: Buffer; mimeType: ImageMimeType } | { ok: false; reason: ReencodeRefusal };

/**
 * The refusal an animated GIF or WebP earns by its frames alone, read from
 * its container without libvips: microseconds, so the API asks before an
 * image waits for a worker, and a bomb never takes a worker's turn.
 */
export function refusalByFrames(
  bytes: Uint8Array,
  type: ImageMimeType,
): 'too-many-frames' | 'frames-too-small' | null {
  const counted = countFrames(bytes, type, MAX_FRAMES);
  if (!counted || counted.frames <= 1) return null;
  if (counted.frames > MAX_FRAMES) return 'too-many-frames';
  if (Math.min(counted.width, counted.height) < MIN_ANIMATED_SIDE) return 'frames-too-small';
  return null;
}

/**
 * Decodes `bytes` as the type its magic bytes announced and encodes it again
 * in the same type: upright (EXIF orientation applied, since the EXIF that
 * carried it is dropped), in sRGB, without metadata, at most MAX_OUTPUT_SIDE
 * on its longest side; an animated GIF or WebP becomes its first frame. The
 * same input gives the same bytes, so a picture uploaded twice is one upload.
 * libvips gives up after `seconds` where it can check (between tiles); the
 * image workers end the process where it cannot.
 */
export async function reencodeImage(
  bytes: Buffer,
  type: ImageMimeType,
  { seconds = DEFAULT_IMAGE_SECONDS }: { seconds?: number } = {},
): Promise<ReencodeResult> {
  // The container's frames first: no libvips call has read the file yet.
  const refusal = refusalByFrames(bytes, type);
  if (refusal) return { ok: false, reason: refusal };
  let header: Metadata;
  try {
    // The header only: no pixel is decoded before the size is known.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  // libvips picks its decoder from the content; it must be the one announced.
  if (header.format !== LIBVIPS_FORMAT[type]) return { ok: false, reason: 'unreadable' };
  if (type === 'image/avif' && header.compression !== 'av1') {
    return { ok: false, reason: 'unreadable' };
  }
  // The frames libvips found, for the types counted above and AVIF's image sequences.
  if ((header.pages ?? 1) > MAX_FRAMES) return { ok: false, reason: 'too-many-frames' };
  // Without `animated`, width and height are those of the first frame.
  if (!header.width || !header.height) return { ok: false, reason: 'unreadable' };
  if (header.width * header.height > MAX_INPUT_PIXELS) {
    return { ok: false, reason: 'too-many-pixels' };
  }
  try {
    const pipeline = sharp(bytes, {
      // The first frame only: a still picture's work whatever follows it.
      pages: 1,
      limitInputPixels: MAX_INPUT_PIXELS,
      // A truncated or damaged file is refused rather than stored half grey.
      failOn: 'warning',
    })
      .timeout({ seconds })
      .autoOrient()
      .resize({
        width: MAX_OUTPUT_SIDE,
        height: MAX_OUTPUT_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      });
    return { ok: true, bytes: await encode(pipeline, type).toBuffer(), mimeType: type };
  } catch (error) {
    // libvips' own words when the timeout above stopped it.
    if (/^timeout\b/.test((error as Error).message)) return { ok: false, reason: 'too-slow' };
    return { ok: false, reason: 'unreadable' };
  }
}

function encode(pipeline: Sharp, type: ImageMimeType): Sharp {
  switch (type) {
    case 'image/png':
      return pipeline.png();
    case 'image/jpeg':
      return pipeline.jpeg({ quality: 85 });
    case 'image/gif':
      return pipeline.gif();
    case 'image/webp':
      return pipeline.webp({ quality: 85 });
    case 'image/avif':
      // libaom's default effort took 32 s for a 3-megapixel noisy image
      // here, the least effort under a second.
      return pipeline.avif({ effort: 0 });
  }
}
