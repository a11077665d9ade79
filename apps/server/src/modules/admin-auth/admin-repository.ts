// SQL of the admins table: credentials, wallets and the state of each
// admin's ADMIN_ROLE on chain (role_status, see migration 0020).
import type { Queryable } from '../../db/database.ts';

export type AdminRoleStatus = 'PROPOSED' | 'GRANTING' | 'ACTIVE' | 'REVOKING' | 'REMOVED';

export interface Admin {
  id: string;
  email: string;
  account: `0x${string}` | null;
  roleStatus: AdminRoleStatus;
  /** Set for an admin made from an existing user's wallet. */
  userId: string | null;
  /** Whether there is a password to sign in with (own, or the linked user's). */
  hasPassword: boolean;
  createdAt: Date;
}

interface AdminRow {
  id: string;
  email: string;
  account: `0x${string}` | null;
  role_status: AdminRoleStatus;
  user_id: string | null;
  has_password: boolean;
  created_at: Date | string;
}

const COLUMNS = `a.id, a.email, a.account, a.role_status, a.user_id,
  (a.password_hash IS NOT NULL OR a.user_id IS NOT NULL) AS has_password, a.created_at`;

const toAdmin = (row: AdminRow): Admin => ({
  id: row.id,
  email: row.email,
  account: row.account,
  roleStatus: row.role_status,
  userId: row.user_id,
  hasPassword: row.has_password,
  createdAt: new Date(row.created_at),
});

export async function countAdmins(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number | string }>('SELECT count(*)::int AS n FROM admins');
  return Number(rows[0]?.n ?? 0);
}

export async function insertAdmin(
  db: Queryable,
  admin: { id: string; email: string; passwordHash: string },
): Promise<void> {
  await db.query('INSERT INTO admins (id, email, password_hash) VALUES ($1, $2, $3)', [
    admin.id,
    admin.email,
    admin.passwordHash,
  ]);
}

/**
 * An admin prepared for a consent to grant ADMIN_ROLE (PROPOSED: unlisted,
 * cannot sign in): either invited by email (own wallet, set by the caller) or
 * made from an existing user's wallet.
 */
export async function insertProposedAdmin(
  db: Queryable,
  admin: { id: string; email: string; userId: string | null; account: string | null },
): Promise<void> {
  await db.query(
    `INSERT INTO admins (id, email, user_id, account, role_status)
     VALUES ($1, $2, $3, $4, 'PROPOSED')`,
    [admin.id, admin.email, admin.userId, admin.account],
  );
}

export async function setAdminAccount(db: Queryable, id: string, account: string) {
  await db.query('UPDATE admins SET account = $2, updated_at = now() WHERE id = $1', [id, account]);
}

/** A new password also lifts "This wasn't me"'s demand for one (password_reset_required). */
export async function setAdminPassword(db: Queryable, id: string, passwordHash: string) {
  await db.query(
    `UPDATE admins SET password_hash = $2, password_reset_required = false, updated_at = now()
      WHERE id = $1`,
    [id, passwordHash],
  );
}

/**
 * Moves an admin from one role status to another; answers whether it was in
 * one of `from` (so two racing changes cannot both happen).
 */
export async function moveAdminRoleStatus(
  db: Queryable,
  id: string,
  from: AdminRoleStatus[],
  to: AdminRoleStatus,
  addedBy?: string,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE admins SET role_status = $3, added_by = COALESCE($4::uuid, added_by), updated_at = now()
      WHERE id = $1 AND role_status = ANY($2::text[]) RETURNING id`,
    [id, from, to, addedBy ?? null],
  );
  return rows.length > 0;
}

/**
 * Settles the role change a wallet's chain transaction was for, once the chain
 * has answered: from `from` to `to` (a grant that took effect also records
 * when). Answers the admins moved: none when another change came first.
 */
export async function settleAdminRoleByAccount(
  db: Queryable,
  account: string,
  from: AdminRoleStatus,
  to: AdminRoleStatus,
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `UPDATE admins SET role_status = $3, updated_at = now(),
            role_granted_at = CASE WHEN $2::text = 'GRANTING' AND $3::text = 'ACTIVE'
                                   THEN now() ELSE role_granted_at END
      WHERE lower(account) = lower($1) AND role_status = $2
      RETURNING id`,
    [account, from, to],
  );
  return rows.map((row) => row.id);
}

/** The wallet of the first admin (the one `npm start` created), if it has one yet. */
export async function findFirstAdminAccount(db: Queryable): Promise<`0x${string}` | null> {
  const rows = await db.query<{ account: `0x${string}` | null }>(
    'SELECT account FROM admins ORDER BY created_at, id LIMIT 1',
  );
  return rows[0]?.account ?? null;
}

export async function findAdminById(db: Queryable, id: string): Promise<Admin | null> {
  const rows = await db.query<AdminRow>(`SELECT ${COLUMNS} FROM admins a WHERE a.id = $1`, [id]);
  return rows[0] ? toAdmin(rows[0]) : null;
}

/** The admin row of an email, a wallet or a user, if any (at most one of each). */
export async function findAdminsMatching(
  db: Queryable,
  match: { email?: string; account?: string; userId?: string },
): Promise<Admin[]> {
  const rows = await db.query<AdminRow>(
    `SELECT ${COLUMNS} FROM admins a
      WHERE lower(a.email) = lower($1) OR lower(a.account) = lower($2) OR a.user_id = $3::uuid`,
    [match.email ?? null, match.account ?? null, match.userId ?? null],
  );
  return rows.map(toAdmin);
}

/**
 * Credentials for the admin login: an admin made from a user's wallet signs
 * in with that user's password (so a reset of it applies here too), and is
 * refused while that user is banned.
 */
export async function findAdminCredentials(
  db: Queryable,
  email: string,
): Promise<{ admin: Admin; passwordHash: string | null; userBanned: boolean } | null> {
  const rows = await db.query<
    AdminRow & { password_hash: string | null; user_banned: boolean | null }
  >(
    `SELECT ${COLUMNS}, COALESCE(u.password_hash, a.password_hash) AS password_hash,
            u.banned_at IS NOT NULL AS user_banned
       FROM admins a LEFT JOIN users u ON u.id = a.user_id
      WHERE lower(a.email) = lower($1)`,
    [email],
  );
  const row = rows[0];
  return row
    ? { admin: toAdmin(row), passwordHash: row.password_hash, userBanned: row.user_banned === true }
    : null;
}

/** Admins with ADMIN_ROLE or a change of it under way, for the Managers column, oldest first. */
export async function listListedAdmins(db: Queryable): Promise<Admin[]> {
  const rows = await db.query<AdminRow>(
    `SELECT ${COLUMNS} FROM admins a
      WHERE a.role_status IN ('GRANTING', 'ACTIVE', 'REVOKING')
      ORDER BY a.created_at, a.id`,
  );
  return rows.map(toAdmin);
}

export async function countActiveAdmins(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number | string }>(
    `SELECT count(*)::int AS n FROM admins WHERE role_status = 'ACTIVE'`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Wallets that must hold ADMIN_ROLE (granted by the deployer at start when missing). */
export async function listAdminAccounts(db: Queryable): Promise<`0x${string}`[]> {
  const rows = await db.query<{ account: `0x${string}` }>(
    `SELECT account FROM admins WHERE account IS NOT NULL AND role_status = 'ACTIVE'
      ORDER BY created_at`,
  );
  return rows.map((row) => row.account);
}
