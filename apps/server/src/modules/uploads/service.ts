// Images stored by content: the id is an IPFS-compatible CID (v1, raw codec,
// sha2-256, base32 "bafkrei..."), the bytes live in DATA_DIR/uploads/<cid>.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { ACCOUNT_MESSAGES, API_PREFIX } from '@gets/schema';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { detectImageType } from './image-type.ts';
import { findUpload, insertUpload, type StoredUpload } from './upload-repository.ts';

/** base32 CIDv1 as this store makes them; anything else is not one of ours. */
export const CID_PATTERN = /^b[a-z2-7]{20,120}$/;

export async function cidOf(bytes: Uint8Array): Promise<string> {
  return CID.create(1, raw.code, await sha256.digest(bytes)).toString();
}

export const imageUrl = (cid: string) => `${API_PREFIX}/ipfs/${cid}`;

type Deps = { db: Queryable; config: Pick<Config, 'uploads'> };

export async function storeImage(
  deps: Deps,
  bytes: Buffer,
  uploadedBy: { kind: 'user' | 'admin'; id: string } | null,
) {
  const mimeType = detectImageType(bytes);
  if (!mimeType) throw new AppError(415, ACCOUNT_MESSAGES.imageNotAnImage);
  const cid = await cidOf(bytes);
  const dir = deps.config.uploads.dir;
  await fs.mkdir(dir, { recursive: true });
  const target = path.join(dir, cid);
  // Write aside and rename, so a reader never sees half a file.
  const partial = path.join(dir, `.${cid}.${randomUUID()}.part`);
  await fs.writeFile(partial, bytes);
  await fs.rename(partial, target);
  const stored = await insertUpload(deps.db, {
    cid,
    mimeType,
    sizeBytes: bytes.length,
    uploadedBy,
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
    return { upload, bytes: await fs.readFile(path.join(deps.config.uploads.dir, cid)) };
  } catch {
    throw new AppError(404, ACCOUNT_MESSAGES.imageNotFound);
  }
}
