// POST /badge/imageCreate against animated-image bombs (issue 44): an image
// costs what a still picture costs. An animation is kept as its first frame;
// one with more frames than a real one, or frames too small to be one, is
// refused from its container before any decoder reads it, so a bomb never
// takes an image worker's turn; the worker and its queue, when full, answer
// 503 with Retry-After at once; and logins go on meanwhile. (How long they
// take under bombs is measured by `npm run bench:images`, not here.)
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMAGE_WORK_MESSAGES,
  imageFramesTooSmallMessage,
  imageTooManyFramesMessage,
} from '@gets/schema';
import { MAX_FRAMES, MIN_ANIMATED_SIDE } from '../../src/modules/uploads/reencode-image.ts';
import { IMAGE_BUSY_RETRY_AFTER_SECONDS } from '../../src/modules/uploads/service.ts';
import { call, registerUser } from '../helpers/account-flows.ts';
import {
  animatedGifBomb,
  animatedWebpBomb,
  animation,
  noisyImage,
} from '../helpers/image-bombs.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

type UploadData = { IpfsHash: string; url: string };

describe('image upload against animated-image bombs', () => {
  let platform: TestPlatform;
  /** The four bombs of issue 44's finding: 30,000 frames of 8 x 8 px, 2.5 MB each. */
  let webpBomb: Buffer;

  beforeAll(async () => {
    platform = await startTestPlatform({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      // One worker, one image waiting: a full queue is two images away.
      UPLOAD_IMAGE_WORKERS: '1',
      UPLOAD_IMAGE_QUEUE: '1',
      UPLOAD_MAX_BYTES: String(16 * 1024 * 1024),
      ANONYMOUS_UPLOADS_PER_IP_PER_HOUR: '1000',
      RATE_LIMIT_IP_MAX: '1000',
    });
    webpBomb = await animatedWebpBomb({ frames: 30_000, side: 8 });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const upload = async (bytes: Buffer, type: string) => {
    const form = new FormData();
    form.append('files', new Blob([bytes], { type }), 'picture');
    const response = await platform.request('/gs-api/badge/imageCreate', {
      method: 'POST',
      body: form,
    });
    const json = (await response.json()) as { message: string; data: UploadData | null };
    return {
      status: response.status,
      message: json.message,
      data: json.data,
      retryAfter: response.headers.get('retry-after'),
    };
  };
  const storedFiles = async () =>
    (await fs.readdir(path.join(platform.dataDir, 'uploads')).catch(() => [])).length;
  const uploadRows = async () =>
    (await platform.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads'))[0]!.n;

  it('refuses four 30,000-frame WebP bombs sent at once with 413, and an honest picture sent with them is taken, not told to wait', async () => {
    expect(webpBomb.length).toBeGreaterThan(2_400_000);
    expect(webpBomb.length).toBeLessThan(2_600_000);
    const rows = await uploadRows();
    const picture = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#2a6f4e' },
    })
      .png()
      .toBuffer();
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => upload(webpBomb, 'image/webp')),
      upload(picture, 'image/png'),
    ]);
    for (const bomb of answers.slice(0, 4)) {
      expect(bomb).toMatchObject({ status: 413, message: imageTooManyFramesMessage(MAX_FRAMES) });
    }
    // One worker and a queue of one: had the bombs waited for the worker, the picture would have been told to wait.
    expect(answers[4]).toMatchObject({ status: 201 });
    expect(await uploadRows()).toBe(rows + 1);
  });

  it('lets a login through while four bombs are sent at once', async () => {
    const person = await registerUser(platform);
    const bombs = Promise.all(Array.from({ length: 4 }, () => upload(webpBomb, 'image/webp')));
    const login = await call(platform, 'POST', '/metakeep/auth/login', {
      email: person.email,
      password: person.password,
    });
    expect(login.status).toBe(200);
    expect((await bombs).map((bomb) => bomb.status)).toEqual([413, 413, 413, 413]);
  });

  it('refuses a 30,000-frame GIF, and an animation of more than MAX_FRAMES frames or of frames under MIN_ANIMATED_SIDE px', async () => {
    const files = await storedFiles();
    expect(
      await upload(animatedGifBomb({ frames: 30_000, width: 8, height: 8 }), 'image/gif'),
    ).toMatchObject({ status: 413, message: imageTooManyFramesMessage(MAX_FRAMES) });
    expect(
      await upload(
        await animatedWebpBomb({ frames: MAX_FRAMES + 1, side: MIN_ANIMATED_SIDE }),
        'image/webp',
      ),
    ).toMatchObject({ status: 413, message: imageTooManyFramesMessage(MAX_FRAMES) });
    expect(
      await upload(
        await animatedWebpBomb({ frames: 2, side: MIN_ANIMATED_SIDE - 1 }),
        'image/webp',
      ),
    ).toMatchObject({ status: 400, message: imageFramesTooSmallMessage(MIN_ANIMATED_SIDE) });
    expect(await storedFiles()).toBe(files);
  });

  it('stores an honest animated GIF and WebP as their first frame: one frame served, in its own type', async () => {
    for (const format of ['gif', 'webp'] as const) {
      const moving = await animation({ format, frames: 5, width: 48, height: 32 });
      const answer = await upload(moving, `image/${format}`);
      expect(answer.status).toBe(201);
      const served = await platform.request(answer.data!.url);
      expect(served.headers.get('content-type')).toBe(`image/${format}`);
      const bytes = Buffer.from(await served.arrayBuffer());
      const metadata = await sharp(bytes, { animated: true }).metadata();
      expect(metadata).toMatchObject({ format, width: 48, height: 32 });
      expect(metadata.pages ?? 1).toBe(1);
    }
  });

  it('answers 503 with Retry-After and a readable message at once when the worker and its queue are full, and takes the image once they are free', async () => {
    // 2048 x 2048 of noise, stored without compression: it takes the worker a while.
    const heavy = await noisyImage(2048, 2048).png({ compressionLevel: 0 }).toBuffer();
    const answers = await Promise.all(Array.from({ length: 4 }, () => upload(heavy, 'image/png')));
    const busy = answers.filter((answer) => answer.status === 503);
    // One is decoded, one waits: the others are told to come back.
    expect(busy.length).toBeGreaterThanOrEqual(2);
    for (const answer of busy) {
      expect(answer.message).toBe(IMAGE_WORK_MESSAGES.busy);
      expect(answer.retryAfter).toBe(String(IMAGE_BUSY_RETRY_AFTER_SECONDS));
    }
    expect(answers.filter((answer) => answer.status === 201).length).toBeGreaterThanOrEqual(1);
    const again = await upload(heavy, 'image/png');
    expect(again.status).toBe(201);
  });
});
