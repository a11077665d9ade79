// Signed-in uploads (issue 44): each account is held to a quota of files and
// bytes (UPLOADS_PER_ACCOUNT, UPLOAD_BYTES_PER_ACCOUNT), checked again under
// the account's lock when the image is recorded, so images sent at once
// cannot all squeeze in; and an upload nothing refers to is deleted, row and
// file, UNUSED_UPLOADS_KEPT_HOURS after its last upload, which frees its room.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadQuotaMessage } from '@gets/schema';
import { pruneUnusedSignedInUploads, uploadJobs } from '../../src/modules/uploads/jobs.ts';
import { bearer, type Answer, call as callApi } from '../helpers/account-flows.ts';
import { createTestUser, type TestUser } from '../helpers/accounts.ts';
import { badgeBody, call } from '../helpers/badges.ts';
import { makePng } from '../helpers/credentials.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

const FILES_PER_ACCOUNT = 3;
const BYTES_PER_ACCOUNT = 4096;
const KEPT_HOURS = 2;
const quota = { files: FILES_PER_ACCOUNT, bytes: BYTES_PER_ACCOUNT, unusedKeptHours: KEPT_HOURS };

type UploadData = { IpfsHash: string; url: string; PinSize: number };

describe('signed-in uploads: a quota per account, and pruned when unused', () => {
  let platform: TestPlatform;
  let shade = 0;
  /** A 2 x 2 PNG no other test uploads: about 75 bytes stored. */
  const newPicture = () => {
    shade += 1;
    return makePng(2, 2, [shade % 256, Math.floor(shade / 256), 7]);
  };

  beforeAll(async () => {
    platform = await startTestPlatform({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      UPLOADS_PER_ACCOUNT: String(FILES_PER_ACCOUNT),
      UPLOAD_BYTES_PER_ACCOUNT: String(BYTES_PER_ACCOUNT),
      UNUSED_UPLOADS_KEPT_HOURS: String(KEPT_HOURS),
      // Ten images at once all wait for the worker rather than hear "busy".
      UPLOAD_IMAGE_QUEUE: '20',
      ANONYMOUS_UPLOADS_PER_IP_PER_HOUR: '1000',
      RATE_LIMIT_IP_MAX: '1000',
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const upload = async (bytes: Buffer, token?: string): Promise<Answer<UploadData>> => {
    const form = new FormData();
    form.append('files', new Blob([bytes], { type: 'image/png' }), 'picture.png');
    const response = await platform.request('/gs-api/badge/imageCreate', {
      method: 'POST',
      body: form,
      headers: token ? bearer(token) : {},
    });
    const json = (await response.json()) as { message: string; data: UploadData };
    return { status: response.status, message: json.message, data: json.data };
  };
  /** An upload that must be stored. */
  const stored = async (bytes: Buffer, token?: string) => {
    const answer = await upload(bytes, token);
    expect(answer.status, answer.message).toBe(201);
    return answer.data;
  };
  const storedFile = (cid: string) => path.join(platform.dataDir, 'uploads', cid);
  const exists = (cid: string) =>
    fs.access(storedFile(cid)).then(
      () => true,
      () => false,
    );
  const heldBy = async (user: TestUser) =>
    (
      await platform.ctx.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM uploads WHERE uploaded_by_id = $1',
        [user.id],
      )
    )[0]!.n;

  it('refuses the image past the quota of files with 413 and says why; the same bytes again, another account and anonymous uploads go on', async () => {
    const user = await createTestUser(platform.ctx);
    const first = newPicture();
    const kept = [await stored(first, user.token), await stored(newPicture(), user.token)];
    // Bytes it already holds cost nothing more.
    expect((await stored(first, user.token)).IpfsHash).toBe(kept[0]!.IpfsHash);
    expect(await heldBy(user)).toBe(2);
    kept.push(await stored(newPicture(), user.token));
    const bytesHeld = kept.reduce((sum, upload) => sum + upload.PinSize, 0);
    const refused = await upload(newPicture(), user.token);
    expect(refused.status).toBe(413);
    expect(refused.message).toBe(
      uploadQuotaMessage({ files: FILES_PER_ACCOUNT, bytes: bytesHeld }, quota),
    );
    expect(refused.message).toMatch(/^No room for this image: your account holds 3 images/);
    expect(await heldBy(user)).toBe(FILES_PER_ACCOUNT);

    const other = await createTestUser(platform.ctx);
    expect((await upload(newPicture(), other.token)).status).toBe(201);
    expect((await upload(newPicture())).status).toBe(201);
  });

  it('refuses the image that would pass the quota of bytes, and takes a smaller one that fits', async () => {
    const user = await createTestUser(platform.ctx);
    // 30 x 30 of noise: about 2.8 KB stored, so two do not fit in 4 KB.
    const noise = (seed: number) =>
      sharp({
        create: {
          width: 30,
          height: 30,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 100 + seed, sigma: 60 },
        },
      })
        .png()
        .toBuffer();
    const first = await upload(await noise(1), user.token);
    expect(first.status).toBe(201);
    expect(first.data.PinSize).toBeGreaterThan(BYTES_PER_ACCOUNT / 2);
    const second = await upload(await noise(2), user.token);
    expect(second.status).toBe(413);
    expect(second.message).toBe(uploadQuotaMessage({ files: 1, bytes: first.data.PinSize }, quota));
    expect((await upload(newPicture(), user.token)).status).toBe(201);
  });

  it('stores no more than the quota of ten different images sent at once by one account', async () => {
    const user = await createTestUser(platform.ctx);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => upload(newPicture(), user.token)),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(FILES_PER_ACCOUNT);
    expect(answers.filter((answer) => answer.status === 413)).toHaveLength(10 - FILES_PER_ACCOUNT);
    expect(await heldBy(user)).toBe(FILES_PER_ACCOUNT);
  });

  it('deletes, row and file, a signed-in upload nothing refers to UNUSED_UPLOADS_KEPT_HOURS after its last upload; keeps a profile picture and a draft badge image; the room comes back', async () => {
    const sponsor = await createTestUser(platform.ctx, { userType: 'SPONSOR' });
    const unused = await stored(newPicture(), sponsor.token);
    const picture = await stored(newPicture(), sponsor.token);
    const drafted = await stored(newPicture(), sponsor.token);
    expect((await upload(newPicture(), sponsor.token)).status).toBe(413);

    const profile = await callApi(
      platform,
      'POST',
      '/user/updateProfile',
      { id: sponsor.id, fullName: 'Grace Hopper', profilePic: picture.url },
      bearer(sponsor.token),
    );
    expect(profile.status).toBe(200);
    const draft = await call(platform.request, sponsor, 'POST', '/gs-api/badge/add/draft', {
      ...badgeBody({ image: `${platform.url}${drafted.url}` }),
      isDraft: true,
    });
    expect(draft.status).toBe(200);

    // Within the hours kept, nothing goes.
    const later = (hours: number) => () => new Date(Date.now() + hours * 3_600_000);
    await pruneUnusedSignedInUploads(platform.ctx, later(KEPT_HOURS - 0.5));
    expect(await exists(unused.IpfsHash)).toBe(true);

    const pruned = await pruneUnusedSignedInUploads(platform.ctx, later(KEPT_HOURS + 0.1));
    expect(pruned.deleted).toBeGreaterThanOrEqual(1);
    expect(await exists(unused.IpfsHash)).toBe(false);
    expect((await platform.request(unused.url)).status).toBe(404);
    expect(
      await platform.ctx.db.query('SELECT 1 FROM uploads WHERE cid = $1', [unused.IpfsHash]),
    ).toEqual([]);
    for (const { url, IpfsHash } of [picture, drafted]) {
      expect((await platform.request(url)).status).toBe(200);
      expect(await exists(IpfsHash)).toBe(true);
    }
    // Its room is the account's again.
    expect((await upload(newPicture(), sponsor.token)).status).toBe(201);
  });

  it("runs in the worker's upload-pruning job, with the hours counted from the last upload", async () => {
    const user = await createTestUser(platform.ctx);
    const old = await stored(newPicture(), user.token);
    const again = newPicture();
    const renewed = await stored(again, user.token);
    await platform.ctx.db.query(
      `UPDATE uploads SET last_uploaded_at = now() - make_interval(hours => $2)
        WHERE cid = ANY($1::text[])`,
      [[old.IpfsHash, renewed.IpfsHash], KEPT_HOURS + 1],
    );
    // Uploaded again now: its hours start again.
    expect((await stored(again, user.token)).IpfsHash).toBe(renewed.IpfsHash);

    const [job] = uploadJobs(platform.ctx);
    expect(job?.name).toBe('upload-pruning');
    await job!.run();
    expect(await exists(old.IpfsHash)).toBe(false);
    expect(await exists(renewed.IpfsHash)).toBe(true);
  });
});
