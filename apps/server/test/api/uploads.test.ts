// POST /badge/imageCreate: images only (by their bytes), each decoded and
// encoded again (nothing after the image, no metadata, a pixel bound), stored
// by content id (CIDv1 raw sha2-256 of the stored bytes) and served back with
// their type, nosniff and immutable caching. Uploads without a session are
// limited per IP and pruned a day later unless something refers to them.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@gets/schema';
import { ANONYMOUS_UPLOAD_KEPT_MS, pruneAnonymousUploads } from '../../src/modules/uploads/jobs.ts';
import { bearer, callFrom, registerUser, type Answer } from '../helpers/account-flows.ts';
import { createTestUser } from '../helpers/accounts.ts';
import { badgeBody, call } from '../helpers/badges.ts';
import { makePng } from '../helpers/credentials.ts';
import {
  HTML_PAYLOAD,
  photoWithGps,
  pngClaimingSize,
  withHtmlAfterEnd,
} from '../helpers/images.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** Uploads without a session each test address may make in an hour. */
const ANONYMOUS_PER_HOUR = 5;

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

type UploadData = { IpfsHash: string; url: string; PinSize: number; Timestamp: string };

describe('image upload', () => {
  let platform: TestPlatform;
  let lastAddress = 0;
  /** Each test uploads from addresses of its own (127.0.3.x), each with its own hourly count. */
  const newAddress = () => `127.0.3.${(lastAddress += 1)}`;

  beforeAll(async () => {
    platform = await startTestPlatform({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      UPLOAD_MAX_BYTES: '2048',
      ANONYMOUS_UPLOADS_PER_IP_PER_HOUR: String(ANONYMOUS_PER_HOUR),
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const upload = (
    bytes: Buffer,
    type: string,
    options: { from?: string; token?: string; field?: string; name?: string } = {},
  ): Promise<Answer<UploadData>> => {
    const form = new FormData();
    form.append(options.field ?? 'files', new Blob([bytes], { type }), options.name ?? 'x.png');
    return callFrom<UploadData>(
      platform,
      options.from ?? newAddress(),
      '/badge/imageCreate',
      form,
      options.token ? bearer(options.token) : {},
    );
  };
  const served = async (url: string) => {
    const response = await platform.request(url);
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  const storedFile = (cid: string) => path.join(platform.dataDir, 'uploads', cid);
  const uploadRows = async () =>
    Number(
      (await platform.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads'))[0]!.n,
    );

  it('stores a PNG under the CID of the bytes it stores and serves them back with their type, nosniff and immutable caching', async () => {
    const from = newAddress();
    const answer = await upload(PNG, 'image/png', { from });
    expect(answer.status).toBe(201);
    expect(answer.message).toBe(ACCOUNT_MESSAGES.imageUploaded);
    expect(answer.data.IpfsHash).toMatch(/^bafkrei/);
    expect(answer.data.url).toBe(`/gs-api/ipfs/${answer.data.IpfsHash}`);
    expect(new Date(answer.data.Timestamp).toISOString()).toBe(answer.data.Timestamp);

    const { response, bytes } = await served(answer.data.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Encoded again: the CID and size are those of the bytes stored and served.
    expect(answer.data.IpfsHash).toBe(expectedCid(bytes));
    expect(answer.data.PinSize).toBe(bytes.length);
    expect(await fs.readFile(storedFile(answer.data.IpfsHash))).toEqual(bytes);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });

    // The same picture, uploaded again, is the same content and the same record.
    const rows = await uploadRows();
    expect((await upload(PNG, 'image/png', { from })).data.IpfsHash).toBe(answer.data.IpfsHash);
    expect(await uploadRows()).toBe(rows);
  });

  it('serves a PNG sent with an HTML page after its end without the page: the bytes served are a PNG and nothing more', async () => {
    const sent = withHtmlAfterEnd(makePng(4, 4));
    const answer = await upload(sent, 'image/png');
    expect(answer.status).toBe(201);
    const { response, bytes } = await served(answer.data.url);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(bytes.includes(HTML_PAYLOAD)).toBe(false);
    expect(bytes.includes('<script')).toBe(false);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 4, height: 4 });
    // What follows IEND would be the same file with the page cut off: there is nothing after it.
    expect(bytes.subarray(-8, -4).toString('latin1')).toBe('IEND');
    expect(answer.data.IpfsHash).not.toBe(expectedCid(sent));
  });

  it('publishes a photo without its EXIF (GPS included), turned upright as its EXIF said, as a JPEG', async () => {
    const photo = await photoWithGps();
    expect((await sharp(photo).metadata()).exif?.includes('PhoneCo')).toBe(true);
    const answer = await upload(photo, 'image/jpeg', { name: 'IMG_0001.jpg' });
    expect(answer.status).toBe(201);
    const { response, bytes } = await served(answer.data.url);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 6, height: 8 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(bytes.includes('PhoneCo')).toBe(false);
    // No APP1 segment (EXIF or XMP) anywhere in the file.
    expect(bytes.includes(Buffer.from([0xff, 0xe1]))).toBe(false);
  });

  it('judges by the bytes, not the declared type', async () => {
    const gif = await upload(GIF, 'application/octet-stream', { name: 'x.bin' });
    expect(gif.status).toBe(201);
    const { response, bytes } = await served(gif.data.url);
    expect(response.headers.get('content-type')).toBe('image/gif');
    expect((await sharp(bytes).metadata()).format).toBe('gif');

    const script = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect(await upload(script, 'image/svg+xml', { name: 'x.svg' })).toMatchObject({
      status: 415,
      message: ACCOUNT_MESSAGES.imageNotAnImage,
    });
    expect(await upload(Buffer.from('just text'), 'image/png')).toMatchObject({
      status: 415,
      message: ACCOUNT_MESSAGES.imageNotAnImage,
    });
  });

  it('refuses with a clear 400 a file that has the PNG magic bytes but does not decode, and stores nothing', async () => {
    const rows = await uploadRows();
    const files = await fs.readdir(path.join(platform.dataDir, 'uploads'));
    const fake = Buffer.concat([PNG.subarray(0, 8), Buffer.from(HTML_PAYLOAD)]);
    expect(await upload(fake, 'image/png')).toMatchObject({
      status: 400,
      message: ACCOUNT_MESSAGES.imageUnreadable,
    });
    // A real PNG cut short is refused too, rather than stored half grey.
    const png = makePng(8, 8);
    expect(await upload(png.subarray(0, png.length - 20), 'image/png')).toMatchObject({
      status: 400,
      message: ACCOUNT_MESSAGES.imageUnreadable,
    });
    expect(await uploadRows()).toBe(rows);
    expect(await fs.readdir(path.join(platform.dataDir, 'uploads'))).toEqual(files);
  });

  it('refuses a decompression bomb (a 60000 x 60000 PNG in a few hundred bytes) with 413 and the bound', async () => {
    const bomb = pngClaimingSize(60_000, 60_000);
    expect(bomb.length).toBeLessThan(2048);
    expect(await upload(bomb, 'image/png')).toMatchObject({
      status: 413,
      message: `${ACCOUNT_MESSAGES.imageTooLarge}: at most 50 megapixels`,
    });
  });

  it('refuses a missing file, a wrong field and a file over the limit', async () => {
    expect(await upload(PNG, 'image/png', { field: 'image' })).toMatchObject({
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

  it('limits uploads without a session per IP and hour with a readable 429, counting refused files too; signed-in uploads and other addresses go on', async () => {
    const from = newAddress();
    // A refused file counts: decoding is the work the limit bounds.
    expect((await upload(Buffer.from('just text'), 'image/png', { from })).status).toBe(415);
    for (let i = 1; i < ANONYMOUS_PER_HOUR; i += 1) {
      expect((await upload(makePng(1, 1, [i, 0, 0]), 'image/png', { from })).status).toBe(201);
    }
    const refused = await upload(makePng(1, 1, [9, 9, 9]), 'image/png', { from });
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(
      /^Too many images uploaded without signing in\. Please try again in (59|60) minutes$/,
    );
    // A session is not counted by it; nor is another address.
    const user = await createTestUser(platform.ctx);
    expect(
      (await upload(makePng(1, 1, [9, 9, 9]), 'image/png', { from, token: user.token })).status,
    ).toBe(201);
    expect((await upload(makePng(1, 1, [9, 9, 8]), 'image/png')).status).toBe(201);
    // A token that opens no session is no session.
    expect(
      (await upload(makePng(1, 1, [9, 9, 7]), 'image/png', { from, token: 'not-a-session' }))
        .status,
    ).toBe(429);
  });

  describe('pruning uploads without a session', () => {
    const dayLater = () => new Date(Date.now() + ANONYMOUS_UPLOAD_KEPT_MS + 60_000);
    const exists = (cid: string) =>
      fs.access(storedFile(cid)).then(
        () => true,
        () => false,
      );

    it('deletes, row and file, one that nothing refers to a day later; keeps a registration picture, a draft badge image (as a full URL) and a signed-in upload', async () => {
      const from = newAddress();
      const lonely = (await upload(makePng(2, 2, [1, 2, 3]), 'image/png', { from })).data;
      const picture = (await upload(makePng(2, 2, [4, 5, 6]), 'image/png', { from })).data;
      const drafted = (await upload(makePng(2, 2, [7, 8, 9]), 'image/png', { from })).data;
      const sponsor = await createTestUser(platform.ctx, { userType: 'SPONSOR' });
      const signedIn = (
        await upload(makePng(2, 2, [10, 11, 12]), 'image/png', { from, token: sponsor.token })
      ).data;

      await registerUser(platform, { profilePic: picture.url });
      const draft = await call(platform.request, sponsor, 'POST', '/gs-api/badge/add/draft', {
        ...badgeBody({ image: `${platform.url}${drafted.url}` }),
        isDraft: true,
      });
      expect(draft.status).toBe(200);

      // Within the day nothing goes.
      await pruneAnonymousUploads(platform.ctx);
      for (const { url } of [lonely, picture, drafted, signedIn]) {
        expect((await served(url)).response.status).toBe(200);
      }

      const pruned = await pruneAnonymousUploads(platform.ctx, dayLater);
      expect(pruned.deleted).toBeGreaterThanOrEqual(1);
      expect(pruned.kept).toBeGreaterThanOrEqual(2);
      expect((await served(lonely.url)).response.status).toBe(404);
      expect(await exists(lonely.IpfsHash)).toBe(false);
      expect(
        await platform.ctx.db.query('SELECT 1 FROM uploads WHERE cid = $1', [lonely.IpfsHash]),
      ).toEqual([]);
      for (const { url, IpfsHash } of [picture, drafted, signedIn]) {
        expect((await served(url)).response.status).toBe(200);
        expect(await exists(IpfsHash)).toBe(true);
      }

      // The kept ones are settled: the next run has nothing to look at.
      expect(await pruneAnonymousUploads(platform.ctx, dayLater)).toEqual({ deleted: 0, kept: 0 });
    });

    it('counts the day from the last upload of the same picture, and keeps a picture a signed-in user uploads after someone without a session', async () => {
      const from = newAddress();
      const again = makePng(2, 2, [20, 21, 22]);
      const first = (await upload(again, 'image/png', { from })).data;
      // 23 hours later, someone uploads it again.
      await platform.ctx.db.query(
        `UPDATE uploads SET last_uploaded_at = last_uploaded_at - interval '23 hours' WHERE cid = $1`,
        [first.IpfsHash],
      );
      expect((await upload(again, 'image/png', { from })).data.IpfsHash).toBe(first.IpfsHash);

      const claimed = makePng(2, 2, [30, 31, 32]);
      const anonymous = (await upload(claimed, 'image/png', { from })).data;
      const user = await createTestUser(platform.ctx);
      expect((await upload(claimed, 'image/png', { token: user.token })).data.IpfsHash).toBe(
        anonymous.IpfsHash,
      );

      // Two hours on: 25 hours after the first upload, 2 after the second.
      await pruneAnonymousUploads(platform.ctx, () => new Date(Date.now() + 2 * 3_600_000));
      expect((await served(first.url)).response.status).toBe(200);
      await pruneAnonymousUploads(platform.ctx, dayLater);
      expect((await served(first.url)).response.status).toBe(404);
      expect((await served(anonymous.url)).response.status).toBe(200);
    });
  });
});
