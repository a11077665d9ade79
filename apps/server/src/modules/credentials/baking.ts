// Baking (Open Badges 3.0 section 5.3.1): the credential travels inside the
// badge's PNG as an iTXt chunk with keyword "openbadgecredential", holding the
// credential's VC-JWT (or its JSON). The chunks are split and joined by
// png-chunks-extract / png-chunks-encode (CRCs included); only the small iTXt
// payload is laid out here.
import extractChunks from 'png-chunks-extract';
import encodeChunks from 'png-chunks-encode';

export const BAKED_CREDENTIAL_KEYWORD = 'openbadgecredential';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const isPng = (bytes: Uint8Array) =>
  bytes.length > PNG_SIGNATURE.length && Buffer.from(bytes.subarray(0, 8)).equals(PNG_SIGNATURE);

/** iTXt: keyword, NUL, compression flag 0, method 0, empty language and translated keyword, UTF-8 text. */
function iTxtChunk(keyword: string, text: string) {
  return {
    name: 'iTXt',
    data: Buffer.concat([
      Buffer.from(keyword, 'latin1'),
      Buffer.from([0, 0, 0, 0, 0]),
      Buffer.from(text, 'utf8'),
    ]),
  };
}

/** The keyword and text of an uncompressed iTXt chunk; null for a compressed or broken one. */
function readITxt(data: Uint8Array): { keyword: string; text: string } | null {
  const bytes = Buffer.from(data);
  const keywordEnd = bytes.indexOf(0);
  if (keywordEnd < 1 || bytes.length < keywordEnd + 3) return null;
  if (bytes[keywordEnd + 1] !== 0) return null; // compressed: never written by a baker of OB 3.0
  const languageEnd = bytes.indexOf(0, keywordEnd + 3);
  if (languageEnd < 0) return null;
  const translatedEnd = bytes.indexOf(0, languageEnd + 1);
  if (translatedEnd < 0) return null;
  return {
    keyword: bytes.subarray(0, keywordEnd).toString('latin1'),
    text: bytes.subarray(translatedEnd + 1).toString('utf8'),
  };
}

/** The PNG with the credential baked in (replacing any credential baked before). */
export function bakeCredential(png: Uint8Array, credential: string): Buffer {
  if (!isPng(png)) throw new Error('not a PNG image');
  const chunks = extractChunks(png).filter(
    (chunk) => chunk.name !== 'iTXt' || readITxt(chunk.data)?.keyword !== BAKED_CREDENTIAL_KEYWORD,
  );
  // Right after IHDR, so a reader that stops early still finds it.
  chunks.splice(1, 0, iTxtChunk(BAKED_CREDENTIAL_KEYWORD, credential));
  return Buffer.from(encodeChunks(chunks));
}

/** The credential baked into a PNG, or null when it carries none. Throws for a broken PNG. */
export function readBakedCredential(png: Uint8Array): string | null {
  if (!isPng(png)) throw new Error('not a PNG image');
  for (const chunk of extractChunks(png)) {
    if (chunk.name !== 'iTXt') continue;
    const entry = readITxt(chunk.data);
    if (entry?.keyword === BAKED_CREDENTIAL_KEYWORD) return entry.text;
  }
  return null;
}
