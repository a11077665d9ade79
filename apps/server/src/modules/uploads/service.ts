// Images stored by content: every upload decoded and encoded again
// (reencode-image.ts), its id an IPFS-compatible CID (v1, raw codec,
// sha2-256, base32 "bafkrei...") of the encoded bytes, which live in
// DATA_DIR/uploads/<cid>.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { ACCOUNT_MESSAGES, API_PREFIX, anonymousUploadLimitMessage } from '@gets/schema';
import type { Config } from '../../config.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { limitAttemptsTo } from '../accounts/attempt-limits.ts';
import { detectImageType } from './image-type.ts';
import { MAX_INPUT_PIXELS, reencodeImage } from './reencode-image.ts';
import { findUpload, recordUpload, type StoredUpload } from './upload-repository.ts';

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

export async function storeImage(
  deps: { db: Database; config: Pick<Config, 'uploads'> },
  bytes: Buffer,
  uploadedBy: { kind: 'user' | 'admin'; id: string } | null,
) {
  // The magic bytes first: only these five types ever reach the decoder.
  const type = detectImageType(bytes);
  if (!type) throw new AppError(415, ACCOUNT_MESSAGES.imageNotAnImage);
  const image = await reencodeImage(bytes, type);
  if (!image.ok) {
    throw image.reason === 'too-many-pixels'
      ? new AppError(
          413,
          `${ACCOUNT_MESSAGES.imageTooLarge}: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`,
        )
      : new AppError(400, ACCOUNT_MESSAGES.imageUnreadable);
  }
  const cid = await cidOf(image.bytes);
  const dir = deps.config.uploads.dir;
  await fs.mkdir(dir, { recursive: true });
  // The row first, locked until the file is written: the pruning job, which
  // deletes file and row under the same lock, cannot remove either between.
  const stored = await deps.db.transaction(async (tx) => {
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
