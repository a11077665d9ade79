// SQL of admin invitations: one live token per admin, stored as its SHA-256.
import type { Queryable } from '../../db/database.ts';

/** Replaces the admin's unused invitations with this one. */
export async function insertInvitation(
  db: Queryable,
  invitation: { tokenHash: string; adminId: string; ttlMs: number },
): Promise<Date> {
  await db.query('DELETE FROM admin_invitations WHERE admin_id = $1 AND used_at IS NULL', [
    invitation.adminId,
  ]);
  const rows = await db.query<{ expires_at: Date | string }>(
    `INSERT INTO admin_invitations (token_hash, admin_id, expires_at)
     VALUES ($1, $2, now() + ($3::double precision * interval '1 millisecond'))
     RETURNING expires_at`,
    [invitation.tokenHash, invitation.adminId, invitation.ttlMs],
  );
  return new Date(rows[0]!.expires_at);
}

/** The live invitation of a token hash: unused, unexpired, of an admin who may sign in. */
export async function findLiveInvitation(
  db: Queryable,
  tokenHash: string,
): Promise<{ adminId: string; email: string; expiresAt: Date } | null> {
  const rows = await db.query<{ admin_id: string; email: string; expires_at: Date | string }>(
    `SELECT i.admin_id, a.email, i.expires_at
       FROM admin_invitations i JOIN admins a ON a.id = i.admin_id
      WHERE i.token_hash = $1 AND i.used_at IS NULL AND i.expires_at > now()
        AND a.role_status IN ('GRANTING', 'ACTIVE')`,
    [tokenHash],
  );
  const row = rows[0];
  return row
    ? { adminId: row.admin_id, email: row.email, expiresAt: new Date(row.expires_at) }
    : null;
}

/** Uses the invitation in one statement (so it works once); answers its admin. */
export async function useInvitation(db: Queryable, tokenHash: string): Promise<string | null> {
  const rows = await db.query<{ admin_id: string }>(
    `UPDATE admin_invitations i SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
        AND EXISTS (SELECT 1 FROM admins a WHERE a.id = i.admin_id
                      AND a.role_status IN ('GRANTING', 'ACTIVE'))
      RETURNING admin_id`,
    [tokenHash],
  );
  return rows[0]?.admin_id ?? null;
}
