import type { Queryable } from '../../db/database.ts';

export interface Admin {
  id: string;
  email: string;
  account: `0x${string}` | null;
}

interface AdminRow {
  id: string;
  email: string;
  account: `0x${string}` | null;
}

const toAdmin = (row: AdminRow): Admin => ({ id: row.id, email: row.email, account: row.account });

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

export async function setAdminAccount(db: Queryable, id: string, account: string) {
  await db.query('UPDATE admins SET account = $2, updated_at = now() WHERE id = $1', [id, account]);
}

export async function findAdminById(db: Queryable, id: string): Promise<Admin | null> {
  const rows = await db.query<AdminRow>('SELECT id, email, account FROM admins WHERE id = $1', [
    id,
  ]);
  return rows[0] ? toAdmin(rows[0]) : null;
}

export async function findAdminCredentials(
  db: Queryable,
  email: string,
): Promise<{ admin: Admin; passwordHash: string } | null> {
  const rows = await db.query<AdminRow & { password_hash: string }>(
    'SELECT id, email, account, password_hash FROM admins WHERE lower(email) = lower($1)',
    [email],
  );
  return rows[0] ? { admin: toAdmin(rows[0]), passwordHash: rows[0].password_hash } : null;
}

export async function listAdminAccounts(db: Queryable): Promise<`0x${string}`[]> {
  const rows = await db.query<{ account: `0x${string}` }>(
    'SELECT account FROM admins WHERE account IS NOT NULL ORDER BY created_at',
  );
  return rows.map((row) => row.account);
}
