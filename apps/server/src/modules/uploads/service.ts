// Images stored by content: every upload decoded and encoded again
// (reencode-image.ts, in the image workers' processes), its id an
// IPFS-compatible CID (v1, raw codec, sha2-256, base32 "bafkrei...") of the
// encoded bytes, which live in DATA_DIR/uploads/<cid>. A signed-in upload
// counts against its account's quota of files and bytes.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import {
  ACCOUNT_MESSAGES,
  API_PREFIX,
  IMAGE_WORK_MESSAGES,
  anonymousUploadLimitMessage,
  imageFramesTooSmallMessage,
  imageTooManyFramesMessage,
  imageTooSlowMessage,
  uploadQuotaMessage,
} from '@gets/schema';
import type { Config } from '../../config.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { limitAttemptsTo } from '../../limits/attempt-limits.ts';
import { detectImageType } from './image-type.ts';
import type { ImageWorkResult, ImageWorkers } from './image-workers.ts';
import {
  MAX_FRAMES,
  MAX_INPUT_PIXELS,
  MIN_ANIMATED_SIDE,
  refusalByFrames,
} from './reencode-image.ts';
import {
  findUpload,
  findUploadHolder,
  lockUploaderQuota,
  recordUpload,
  uploadUsage,
  type StoredUpload,
  type Uploader,
} from './upload-repository.ts';

/** base32 CIDv1 as this store makes them; anything else is not one of ours. */
export const CID_PATTERN = /^b[a-z2-7]{20,120}$/;

export async function cidOf(bytes: Uint8Array): Promise<string> {
  return CID.create(1, raw.code, await sha256.digest(bytes)).toString();
}

export const imageUrl = (cid: string) => `${API_PREFIX}/ipfs/${cid}`;

/** Where the bytes of an upload live. */
export const uploadPath = (config: Pick<Config, 'uploads'>, cid: string) =>
  path.join(config.uploads.dir, cid);

type Deps = { db: Queryable; config: Pick<Config, 'uploads'> };

const ANONYMOUS_UPLOAD_WINDOW_MS = 3_600_000;

/**
 * Counts an upload without a session (the registration picture, chosen
 * before the account exists) against its IP's hourly limit, before the file
 * is read or decoded; refuses with 429 once the limit is passed.
 */
export function limitAnonymousUploads(deps: Deps, ip: string): Promise<void> {
  return limitAttemptsTo(
    deps.db,
    { max: deps.config.uploads.anonymousPerIpPerHour, windowMs: ANONYMOUS_UPLOAD_WINDOW_MS },
    'anonymous-upload',
    ip,
    anonymousUploadLimitMessage,
  );
}

/** When to try again after the image workers were all busy: a few images' time. */
export const IMAGE_BUSY_RETRY_AFTER_SECONDS = 5;

type Refusal = Exclude<ImageWorkResult, { ok: true }>['reason'];

/** The answer to an image refused before or by the image workers. */
function refusalError(config: Pick<Config, 'uploads'>, reason: Refusal): AppError {
  switch (reason) {
    case 'too-many-pixels':
      return new AppError(
        413,
        `${ACCOUNT_MESSAGES.imageTooLarge}: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`,
      );
    case 'too-many-frames':
      return new AppError(413, imageTooManyFramesMessage(MAX_FRAMES));
    case 'frames-too-small':
      return new AppError(400, imageFramesTooSmallMessage(MIN_ANIMATED_SIDE));
    case 'too-slow':
      return new AppError(413, imageTooSlowMessage(config.uploads.imageWork.seconds));
    case 'busy':
      return new AppError(503, IMAGE_WORK_MESSAGES.busy, {
        retryAfterSeconds: IMAGE_BUSY_RETRY_AFTER_SECONDS,
      });
    case 'unreadable':
      return new AppError(400, ACCOUNT_MESSAGES.imageUnreadable);
  }
}

function quotaError(
  config: Pick<Config, 'uploads'>,
  used: { files: number; bytes: number },
): AppError {
  return new AppError(
    413,
    uploadQuotaMessage(used, {
      ...config.uploads.perAccount,
      unusedKeptHours: config.uploads.unusedKeptMs / 3_600_000,
    }),
  );
}

/**
 * Refuses a signed-in upload at once when its account's uploads already
 * fill the quota, before the file is read or decoded. (storeImage checks
 * again, with the stored size, under the account's lock.)
 */
export async function refuseWhenQuotaFull(deps: Deps, uploader: Uploader): Promise<void> {
  const used = await uploadUsage(deps.db, uploader);
  const quota = deps.config.uploads.perAccount;
  if (used.files >= quota.files || used.bytes >= quota.bytes) throw quotaError(deps.config, used);
}

/**
 * Makes room for `bytes` more bytes in the account's quota, or refuses:
 * inside the transaction that records the upload, under the account's lock.
 * Bytes an account already holds cost nothing more; bytes only an upload
 * without a session held become this account's and count.
 */
async function reserveQuota(
  tx: Queryable,
  config: Pick<Config, 'uploads'>,
  uploader: Uploader,
  upload: { cid: string; bytes: number },
): Promise<void> {
  await lockUploaderQuota(tx, uploader);
  if ((await findUploadHolder(tx, upload.cid))?.heldByAnAccount) return;
  const used = await uploadUsage(tx, uploader);
  const quota = config.uploads.perAccount;
  if (used.files + 1 > quota.files || used.bytes + upload.bytes > quota.bytes) {
    throw quotaError(config, used);
  }
}

export async function storeImage(
  deps: {
    db: Database;
    config: Pick<Config, 'uploads'>;
    images: Pick<ImageWorkers, 'reencode'>;
  },
  bytes: Buffer,
  uploadedBy: Uploader | null,
) {
  // The magic bytes first: only these five types ever reach the decoder.
  const type = detectImageType(bytes);
  if (!type) throw new AppError(415, ACCOUNT_MESSAGES.imageNotAnImage);
  // An animation refused by its frames never waits for a worker.
  const byFrames = refusalByFrames(bytes, type);
  if (byFrames) throw refusalError(deps.config, byFrames);
  const image = await deps.images.reencode(bytes, type);
  if (!image.ok) throw refusalError(deps.config, image.reason);
  const cid = await cidOf(image.bytes);
  const dir = deps.config.uploads.dir;
  await fs.mkdir(dir, { recursive: true });
  // The row first, locked until the file is written: the pruning job, which
  // deletes file and row under the same lock, cannot remove either between.
  const stored = await deps.db.transaction(async (tx) => {
    if (uploadedBy) {
      await reserveQuota(tx, deps.config, uploadedBy, { cid, bytes: image.bytes.length });
    }
    const stored = await recordUpload(tx, {
      cid,
      mimeType: image.mimeType,
      sizeBytes: image.bytes.length,
      uploadedBy,
    });
    // Write aside and rename, so a reader never sees half a file.
    const partial = path.join(dir, `.${cid}.${randomUUID()}.part`);
    await fs.writeFile(partial, image.bytes);
    await fs.rename(partial, uploadPath(deps.config, cid));
    return stored;
  });
  return {
    IpfsHash: cid,
    PinSize: stored.sizeBytes,
    Timestamp: stored.createdAt.toISOString(),
    url: imageUrl(cid),
  };
}

export async function readImage(
  deps: Deps,
  cid: string,
): Promise<{ upload: StoredUpload; bytes: Buffer }> {
  const upload = CID_PATTERN.test(cid) ? await findUpload(deps.db, cid) : null;
  if (!upload) throw new AppError(404, ACCOUNT_MESSAGES.imageNotFound);
  try {
    return { upload, bytes: await fs.readFile(uploadPath(deps.config, cid)) };
  } catch {
    throw new AppError(404, ACCOUNT_MESSAGES.imageNotFound);
  }
}
