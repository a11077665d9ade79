import type { Queryable } from '../../db/database.ts';

export interface StoredUpload {
  cid: string;
  mimeType: string;
  sizeBytes: number;
  createdAt: Date;
}

/** Records an upload; the same bytes uploaded again keep their first record. */
export async function insertUpload(
  db: Queryable,
  upload: {
    cid: string;
    mimeType: string;
    sizeBytes: number;
    uploadedBy: { kind: 'user' | 'admin'; id: string } | null;
  },
): Promise<StoredUpload> {
  await db.query(
    `INSERT INTO uploads (cid, mime_type, size_bytes, uploaded_by_kind, uploaded_by_id)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (cid) DO NOTHING`,
    [
      upload.cid,
      upload.mimeType,
      upload.sizeBytes,
      upload.uploadedBy?.kind ?? null,
      upload.uploadedBy?.id ?? null,
    ],
  );
  return (await findUpload(db, upload.cid))!;
}

export async function findUpload(db: Queryable, cid: string): Promise<StoredUpload | null> {
  const rows = await db.query<{
    cid: string;
    mime_type: string;
    size_bytes: number;
    created_at: Date | string;
  }>('SELECT cid, mime_type, size_bytes, created_at FROM uploads WHERE cid = $1', [cid]);
  const row = rows[0];
  return row
    ? {
        cid: row.cid,
        mimeType: row.mime_type,
        sizeBytes: Number(row.size_bytes),
        createdAt: new Date(row.created_at),
      }
    : null;
}
