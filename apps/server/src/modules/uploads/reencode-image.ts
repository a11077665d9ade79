// Every upload is decoded and encoded again (sharp, libvips) before it is
// stored: what is served is pixels this server wrote, never the sender's
// bytes. Whatever rode along in the file (bytes after a PNG's IEND, EXIF with
// GPS, ICC profiles, comments) is gone, and a file that does not decode is
// refused.
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { ImageMimeType } from './image-type.ts';

/**
 * Pixels a decoded image may have, all frames of an animation together: a
 * 50-megapixel photo (8160 x 6120) fits; a small file that claims 60000 x
 * 60000 (a decompression bomb) is refused from its header, before decoding.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
/** The longest side of a stored image; larger ones are scaled down to it. */
export const MAX_OUTPUT_SIDE = 2048;
/** A file that takes longer than this to decode and encode is refused. */
const PROCESSING_TIMEOUT_SECONDS = 20;

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

export type ReencodeResult =
  | { ok: true; bytes: Buffer; mimeType: ImageMimeType }
  | { ok: false; reason: 'unreadable' | 'too-many-pixels' };

/**
 * Decodes `bytes` as the type its magic bytes announced and encodes it again
 * in the same type: upright (EXIF orientation applied, since the EXIF that
 * carried it is dropped), in sRGB, without metadata, at most MAX_OUTPUT_SIDE
 * on its longest side; an animated GIF or WebP keeps its frames. The same
 * input gives the same bytes, so a picture uploaded twice is one upload.
 */
export async function reencodeImage(bytes: Buffer, type: ImageMimeType): Promise<ReencodeResult> {
  let header: Metadata;
  try {
    // The header only: no pixel is decoded before the size is known.
    header = await sharp(bytes, { animated: true, limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  // libvips picks its decoder from the content; it must be the one announced.
  if (header.format !== LIBVIPS_FORMAT[type]) return { ok: false, reason: 'unreadable' };
  if (type === 'image/avif' && header.compression !== 'av1') {
    return { ok: false, reason: 'unreadable' };
  }
  // With `animated`, height is every frame's together.
  if (!header.width || !header.height) return { ok: false, reason: 'unreadable' };
  if (header.width * header.height > MAX_INPUT_PIXELS) {
    return { ok: false, reason: 'too-many-pixels' };
  }
  try {
    const pipeline = sharp(bytes, {
      animated: true,
      limitInputPixels: MAX_INPUT_PIXELS,
      // A truncated or damaged file is refused rather than stored half grey.
      failOn: 'warning',
    })
      .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
      .autoOrient()
      .resize({
        width: MAX_OUTPUT_SIDE,
        height: MAX_OUTPUT_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      });
    return { ok: true, bytes: await encode(pipeline, type).toBuffer(), mimeType: type };
  } catch {
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
