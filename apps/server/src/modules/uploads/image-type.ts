// Which image a file is, by its first bytes: the declared mimetype of an
// upload is the sender's claim, the magic bytes are the file's own. SVG is
// left out on purpose: it can carry script.

export type ImageMimeType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/avif';

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

export function detectImageType(bytes: Uint8Array): ImageMimeType | null {
  if (
    bytes.length >= 8 &&
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)
  ) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(ascii(bytes, 0, 6))) return 'image/gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  if (
    bytes.length >= 12 &&
    ascii(bytes, 4, 8) === 'ftyp' &&
    ['avif', 'avis'].includes(ascii(bytes, 8, 12))
  ) {
    return 'image/avif';
  }
  return null;
}
