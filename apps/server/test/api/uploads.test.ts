// POST /badge/imageCreate: images only (by their bytes), stored by content id
// (CIDv1 raw sha2-256) and served back with immutable caching.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@gets/schema';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** CIDv1 computed by hand: multibase "b" + base32(0x01 raw=0x55 sha2-256=0x12 len=0x20 digest). */
function expectedCid(bytes: Buffer) {
  const cid = Buffer.concat([
    Buffer.from([0x01, 0x55, 0x12, 0x20]),
    createHash('sha256').update(bytes).digest(),
  ]);
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of cid) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return `b${out}`;
}

describe('image upload', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      UPLOAD_MAX_BYTES: '2048',
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const upload = async (bytes: Buffer, type: string, field = 'files', name = 'picture.png') => {
    const form = new FormData();
    form.append(field, new Blob([bytes], { type }), name);
    const response = await platform.request('/gs-api/badge/imageCreate', {
      method: 'POST',
      body: form,
    });
    return {
      status: response.status,
      ...((await response.json()) as {
        message: string;
        data: { IpfsHash: string; url: string; PinSize: number };
      }),
    };
  };

  it('stores a PNG under its CID and serves it back with its type and immutable caching', async () => {
    const answer = await upload(PNG, 'image/png');
    expect(answer.status).toBe(201);
    expect(answer.message).toBe(ACCOUNT_MESSAGES.imageUploaded);
    expect(answer.data.IpfsHash).toBe(expectedCid(PNG));
    expect(answer.data.IpfsHash).toMatch(/^bafkrei/);
    expect(answer.data.PinSize).toBe(PNG.length);
    expect(answer.data.url).toBe(`/gs-api/ipfs/${answer.data.IpfsHash}`);
    expect(await fs.readFile(path.join(platform.dataDir, 'uploads', answer.data.IpfsHash))).toEqual(
      PNG,
    );

    const served = await platform.request(answer.data.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    // The same bytes, uploaded again, are the same content.
    expect((await upload(PNG, 'image/png')).data.IpfsHash).toBe(answer.data.IpfsHash);
  });

  it('judges by the bytes, not the declared type', async () => {
    const gif = await upload(GIF, 'application/octet-stream', 'files', 'x.bin');
    expect(gif.status).toBe(201);
    expect((await platform.request(gif.data.url)).headers.get('content-type')).toBe('image/gif');

    const script = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect(await upload(script, 'image/svg+xml', 'files', 'x.svg')).toMatchObject({
      status: 415,
      message: ACCOUNT_MESSAGES.imageNotAnImage,
    });
    expect(await upload(Buffer.from('just text'), 'image/png')).toMatchObject({
      status: 415,
      message: ACCOUNT_MESSAGES.imageNotAnImage,
    });
  });

  it('refuses a missing file, a wrong field and a file over the limit', async () => {
    expect(await upload(PNG, 'image/png', 'image')).toMatchObject({
      status: 400,
      message: ACCOUNT_MESSAGES.imageMissing,
    });
    const json = await platform.request('/gs-api/badge/imageCreate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(4096)]);
    expect(await upload(big, 'image/png')).toMatchObject({
      status: 413,
      message: `${ACCOUNT_MESSAGES.imageTooLarge}: at most 2 KB`,
    });
  });

  it('answers 404 for an unknown or malformed CID', async () => {
    for (const cid of [
      expectedCid(Buffer.from('never uploaded')),
      '..%2F..%2Fetc%2Fpasswd',
      'Qm123',
    ]) {
      const response = await platform.request(`/gs-api/ipfs/${cid}`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { message: string }).message).toBe(
        ACCOUNT_MESSAGES.imageNotFound,
      );
    }
  });
});
