import type { Queryable } from '../../db/database.ts';

/** The account a signed-in upload is counted against. */
export interface Uploader {
  kind: 'user' | 'admin';
  id: string;
}

export interface StoredUpload {
  cid: string;
  mimeType: string;
  sizeBytes: number;
  createdAt: Date;
}

interface UploadRow {
  cid: string;
  mime_type: string;
  size_bytes: number;
  created_at: Date | string;
}

const storedUploadOf = (row: UploadRow): StoredUpload => ({
  cid: row.cid,
  mimeType: row.mime_type,
  sizeBytes: Number(row.size_bytes),
  createdAt: new Date(row.created_at),
});

/**
 * Records an upload; the same bytes uploaded again keep their first record.
 * Either way the upload counts as made now (an upload nothing refers to is
 * pruned some hours after its last upload), and a signed-in uploader takes
 * over bytes first uploaded without a session, which then count for them. The row stays
 * locked until the transaction ends, so the pruning job cannot delete it
 * meanwhile.
 */
export async function recordUpload(
  tx: Queryable,
  upload: {
    cid: string;
    mimeType: string;
    sizeBytes: number;
    uploadedBy: Uploader | null;
  },
): Promise<StoredUpload> {
  const rows = await tx.query<UploadRow>(
    `INSERT INTO uploads (cid, mime_type, size_bytes, uploaded_by_kind, uploaded_by_id)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (cid) DO UPDATE SET
       uploaded_by_kind = COALESCE(uploads.uploaded_by_kind, EXCLUDED.uploaded_by_kind),
       uploaded_by_id = CASE WHEN uploads.uploaded_by_kind IS NULL
                             THEN EXCLUDED.uploaded_by_id ELSE uploads.uploaded_by_id END,
       last_uploaded_at = now()
     RETURNING cid, mime_type, size_bytes, created_at`,
    [
      upload.cid,
      upload.mimeType,
      upload.sizeBytes,
      upload.uploadedBy?.kind ?? null,
      upload.uploadedBy?.id ?? null,
    ],
  );
  return storedUploadOf(rows[0]!);
}

export async function findUpload(db: Queryable, cid: string): Promise<StoredUpload | null> {
  const rows = await db.query<UploadRow>(
    'SELECT cid, mime_type, size_bytes, created_at FROM uploads WHERE cid = $1',
    [cid],
  );
  return rows[0] ? storedUploadOf(rows[0]) : null;
}

/** Advisory lock space of one account's uploads (the key's first half). */
const UPLOADER_LOCK_SPACE = 7_214_401;

/**
 * Holds the account's uploads until this transaction ends, so two uploads
 * at once cannot both find room under the quota.
 */
export async function lockUploaderQuota(tx: Queryable, uploader: Uploader): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
    UPLOADER_LOCK_SPACE,
    `${uploader.kind}:${uploader.id}`,
  ]);
}

/** What the account's uploads hold now: files and bytes, every one still stored. */
export async function uploadUsage(
  db: Queryable,
  uploader: Uploader,
): Promise<{ files: number; bytes: number }> {
  const rows = await db.query<{ files: number; bytes: string }>(
    `SELECT count(*)::int AS files, COALESCE(sum(size_bytes), 0)::bigint::text AS bytes
       FROM uploads WHERE uploaded_by_id = $1 AND uploaded_by_kind = $2`,
    [uploader.id, uploader.kind],
  );
  return { files: Number(rows[0]!.files), bytes: Number(rows[0]!.bytes) };
}

/**
 * Whether these bytes are stored already, and for an account: storing them
 * again adds nothing to the disk, but bytes only an upload without a session
 * holds become the new uploader's (recordUpload), and count for them.
 */
export async function findUploadHolder(
  db: Queryable,
  cid: string,
): Promise<{ heldByAnAccount: boolean } | null> {
  const rows = await db.query<{ held: boolean }>(
    'SELECT uploaded_by_kind IS NOT NULL AS held FROM uploads WHERE cid = $1',
    [cid],
  );
  return rows[0] ? { heldByAnAccount: rows[0].held } : null;
}

/**
 * The CID in an image URL of this platform (`…/ipfs/<cid>`); migration 0150
 * indexes users and badges by exactly these expressions.
 */
const CID_IN_URL = `'/ipfs/(b[a-z2-7]+)'`;

/** Which uploads a pruning run looks at: made without a session (0150), or by an account (0243). */
const UPLOADED_BY = {
  nobody: 'uploaded_by_kind IS NULL',
  'an-account': 'uploaded_by_kind IS NOT NULL',
} as const;

/**
 * Uploads made by `uploadedBy`, last uploaded before `before` and not yet
 * found referred to, oldest first, each with whether something refers to it
 * now: a user's profile picture or a badge's image (drafts included), as a
 * path or a full URL. (A credential's image is its badge's, which a
 * published badge never changes, and a badge that has credentials is never
 * deleted.) Locked until the transaction ends; one being uploaded again at
 * this moment is skipped.
 */
export async function lockStaleUploads(
  tx: Queryable,
  stale: { uploadedBy: keyof typeof UPLOADED_BY; before: Date; limit: number },
): Promise<{ cid: string; referenced: boolean }[]> {
  // The batch first, on its own: with it the planner looks each CID up in the
  // indexes rather than hashing every profile and badge for a few uploads.
  return tx.query<{ cid: string; referenced: boolean }>(
    `WITH stale AS (
       SELECT cid, last_uploaded_at FROM uploads
        WHERE ${UPLOADED_BY[stale.uploadedBy]} AND referenced_at IS NULL AND last_uploaded_at < $1
        ORDER BY last_uploaded_at
        LIMIT $2
        FOR UPDATE SKIP LOCKED)
     SELECT s.cid,
       EXISTS (SELECT 1 FROM users WHERE substring(profile_pic FROM ${CID_IN_URL}) = s.cid)
       OR EXISTS (SELECT 1 FROM badges WHERE substring(image FROM ${CID_IN_URL}) = s.cid)
         AS referenced
     FROM stale s
     ORDER BY s.last_uploaded_at`,
    [stale.before, stale.limit],
  );
}

/** Keeps these uploads for good: something referred to them. */
export async function markUploadsReferenced(tx: Queryable, cids: string[]): Promise<void> {
  if (cids.length === 0) return;
  await tx.query('UPDATE uploads SET referenced_at = now() WHERE cid = ANY($1::text[])', [cids]);
}

export async function deleteUploads(tx: Queryable, cids: string[]): Promise<void> {
  if (cids.length === 0) return;
  await tx.query('DELETE FROM uploads WHERE cid = ANY($1::text[])', [cids]);
}
