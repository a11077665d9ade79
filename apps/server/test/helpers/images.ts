// Image files an attacker or a phone would send: a PNG with a page after its
// end, a photo with GPS in its EXIF and a rotation to apply, a header that
// claims more pixels than any memory holds.
import { deflateSync } from 'node:zlib';
import encodeChunks from 'png-chunks-encode';
import sharp from 'sharp';

/** What a browser would run if it took the file for a page. */
export const HTML_PAYLOAD = '<html><body><script>alert(document.cookie)</script></body></html>';

/** The file with an HTML page after its last byte (after a PNG's IEND chunk). */
export const withHtmlAfterEnd = (image: Buffer) =>
  Buffer.concat([image, Buffer.from(HTML_PAYLOAD)]);

/** Where the test photo was taken, in its EXIF. */
export const PHOTO_GPS = { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2604/100' };

/**
 * A JPEG stored 8 x 6, red on the left and blue on the right, whose EXIF
 * says to show it turned 90 degrees clockwise (orientation 6, as phones
 * write a portrait photo) and where it was taken.
 */
export async function photoWithGps(): Promise<Buffer> {
  const half = (r: number, b: number) =>
    sharp({ create: { width: 4, height: 6, channels: 3, background: { r, g: 0, b } } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 8, height: 6, channels: 3, background: '#000' } })
    .composite([
      { input: await half(255, 0), left: 0, top: 0 },
      { input: await half(0, 255), left: 4, top: 0 },
    ])
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: PHOTO_GPS })
    .toBuffer();
}

/**
 * A small grey PNG whose header claims width x height: one row of pixels
 * follows. A decoder that believed the header would allocate the whole
 * image before finding out.
 */
export function pngClaimingSize(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.from(
    encodeChunks([
      { name: 'IHDR', data: header },
      { name: 'IDAT', data: deflateSync(Buffer.alloc(width + 1)) },
      { name: 'IEND', data: new Uint8Array(0) },
    ]),
  );
}
