import extractChunks from 'png-chunks-extract';
import { describe, expect, it } from 'vitest';
import { makePng } from '../../../test/helpers/credentials.ts';
import { BAKED_CREDENTIAL_KEYWORD, bakeCredential, isPng, readBakedCredential } from './baking.ts';

const jwt = 'eyJhbGciOiJFZERTQSJ9.eyJuYW1lIjoiw4lsw6h2ZSJ9.c2lnbmF0dXJl';

describe('baking a credential into a PNG', () => {
  it('reads back exactly what it baked, from a PNG that is still a valid image', () => {
    const png = makePng(8, 8);
    const baked = bakeCredential(png, jwt);
    expect(isPng(baked)).toBe(true);
    expect(readBakedCredential(baked)).toBe(jwt);
    // The image itself is untouched: the same chunks, plus one iTXt right after IHDR.
    const chunks = extractChunks(baked);
    expect(chunks.map((c) => c.name)).toEqual(['IHDR', 'iTXt', 'IDAT', 'IEND']);
    expect(Buffer.from(chunks[2]!.data).equals(Buffer.from(extractChunks(png)[1]!.data))).toBe(
      true,
    );
  });

  it('writes an uncompressed iTXt chunk with keyword openbadgecredential and UTF-8 text', () => {
    const json = JSON.stringify({ name: 'Élève – “quoted”' });
    const chunk = extractChunks(bakeCredential(makePng(), json)).find((c) => c.name === 'iTXt')!;
    const data = Buffer.from(chunk.data);
    expect(data.subarray(0, BAKED_CREDENTIAL_KEYWORD.length).toString('latin1')).toBe(
      'openbadgecredential',
    );
    expect([...data.subarray(19, 24)]).toEqual([0, 0, 0, 0, 0]);
    expect(data.subarray(24).toString('utf8')).toBe(json);
  });

  it('replaces a credential baked before, and finds none in a plain PNG', () => {
    const twice = bakeCredential(bakeCredential(makePng(), 'first'), jwt);
    expect(extractChunks(twice).filter((c) => c.name === 'iTXt')).toHaveLength(1);
    expect(readBakedCredential(twice)).toBe(jwt);
    expect(readBakedCredential(makePng())).toBeNull();
  });

  it('refuses what is not a PNG', () => {
    expect(() => bakeCredential(Buffer.from('GIF89a...'), jwt)).toThrow(/not a PNG/);
    expect(() => readBakedCredential(Buffer.from('{"a":1}'))).toThrow(/not a PNG/);
  });
});
