// SQL of the admin console over sponsors.
import type { Queryable } from '../../db/database.ts';

export async function setSponsorStatus(
  db: Queryable,
  userId: string,
  status: 'APPROVED' | 'REJECTED',
): Promise<void> {
  await db.query(
    `UPDATE users SET status = $2, updated_at = now() WHERE id = $1 AND user_type = 'SPONSOR'`,
    [userId, status],
  );
}

export async function setSponsorVerified(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `UPDATE users SET is_verified = true, updated_at = now() WHERE id = $1 AND user_type = 'SPONSOR'`,
    [userId],
  );
}

/** Bans (by an admin) or lifts the ban; the caller ends the sessions in the same transaction. */
export async function setSponsorBan(
  db: Queryable,
  userId: string,
  bannedBy: string | null,
): Promise<void> {
  await db.query(
    `UPDATE users SET banned_at = CASE WHEN $2::uuid IS NULL THEN NULL ELSE now() END,
                      banned_by = $2::uuid, updated_at = now()
      WHERE id = $1 AND user_type = 'SPONSOR'`,
    [userId, bannedBy],
  );
}
