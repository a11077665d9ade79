import type { Queryable } from '../../db/database.ts';

export type UserType = 'SPONSOR' | 'EARNER';
export type UserStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

export interface User {
  id: string;
  email: string;
  fullName: string;
  userName: string;
  userType: UserType;
  status: UserStatus;
  isVerified: boolean;
  emailVerified: boolean;
  profilePic: string | null;
  account: `0x${string}` | null;
  onChainId: string | null;
  createdAt: Date;
  /** Set while an admin's ban holds: no login, no calls. */
  bannedAt: Date | null;
  /** Reminder emails wanted (migration 0061; both on by default). */
  emailClaimReminder: boolean;
  emailApplicationDigest: boolean;
}

interface UserRow {
  id: string;
  email: string;
  full_name: string;
  user_name: string;
  user_type: UserType;
  status: UserStatus;
  is_verified: boolean;
  email_verified: boolean;
  profile_pic: string | null;
  account: `0x${string}` | null;
  on_chain_id: string | null;
  created_at: Date | string;
  banned_at: Date | string | null;
  email_claim_reminder: boolean;
  email_application_digest: boolean;
}

const COLUMNS = `id, email, full_name, user_name, user_type, status, is_verified, email_verified,
  profile_pic, account, on_chain_id::text, created_at, banned_at, email_claim_reminder,
  email_application_digest`;

const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  fullName: row.full_name,
  userName: row.user_name,
  userType: row.user_type,
  status: row.status,
  isVerified: row.is_verified,
  emailVerified: row.email_verified,
  profilePic: row.profile_pic,
  account: row.account,
  onChainId: row.on_chain_id,
  createdAt: new Date(row.created_at),
  bannedAt: row.banned_at ? new Date(row.banned_at) : null,
  emailClaimReminder: row.email_claim_reminder,
  emailApplicationDigest: row.email_application_digest,
});

export async function insertUser(
  db: Queryable,
  user: Pick<
    User,
    'id' | 'email' | 'fullName' | 'userName' | 'userType' | 'status' | 'profilePic'
  > & {
    passwordHash: string;
    emailVerified: boolean;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO users (id, email, password_hash, full_name, user_name, user_type, status, email_verified, profile_pic)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      user.id,
      user.email,
      user.passwordHash,
      user.fullName,
      user.userName,
      user.userType,
      user.status,
      user.emailVerified,
      user.profilePic,
    ],
  );
}

export async function setUserAccount(db: Queryable, id: string, account: string): Promise<void> {
  await db.query('UPDATE users SET account = $2, updated_at = now() WHERE id = $1', [id, account]);
}

export async function findUserById(db: Queryable, id: string): Promise<User | null> {
  const rows = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ? toUser(rows[0]) : null;
}

/** The user whose custodial wallet this is (any letter case). */
export async function findUserByAccount(db: Queryable, account: string): Promise<User | null> {
  const rows = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM users WHERE lower(account) = lower($1)`,
    [account],
  );
  return rows[0] ? toUser(rows[0]) : null;
}

/**
 * Sponsors in a status, for the admin console: pending ones oldest first (a
 * queue), approved and rejected ones newest first; `search` is a
 * case-insensitive part of the full name.
 */
type SponsorStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

const SPONSORS_WHERE = `user_type = 'SPONSOR' AND status = $1
        AND ($2::text IS NULL OR strpos(lower(full_name), lower($2::text)) > 0)`;

/**
 * Sponsors of a status (the full name containing `search`) in the list's
 * order, the first `limit` of them if given, after the sponsor `after` (keyset:
 * the page does not shift as sponsors are approved meanwhile).
 */
export async function listSponsors(
  db: Queryable,
  status: SponsorStatus,
  options: { search?: string | undefined; limit?: number; after?: string | undefined } = {},
): Promise<User[]> {
  // Pending ones oldest first (first come, first decided); the others newest first.
  const [direction, beyond] = status === 'PENDING' ? ['ASC', '>'] : ['DESC', '<'];
  // Spelled out only when paging on, so the index range starts at the cursor.
  const keyset = options.after
    ? `AND (created_at, id) ${beyond} (SELECT created_at, id FROM users WHERE id = $4)`
    : '';
  const rows = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM users WHERE ${SPONSORS_WHERE} ${keyset}
      ORDER BY created_at ${direction}, id ${direction}
      LIMIT $3`,
    [
      status,
      options.search || null,
      options.limit ?? null,
      ...(options.after ? [options.after] : []),
    ],
  );
  return rows.map(toUser);
}

/** How many sponsors of a status there are: the kept count, or the matches of a search. */
export async function countSponsors(
  db: Queryable,
  status: SponsorStatus,
  search?: string,
): Promise<number> {
  const rows = search
    ? await db.query<{ total: string | number }>(
        `SELECT count(*) AS total FROM users WHERE ${SPONSORS_WHERE}`,
        [status, search],
      )
    : await db.query<{ total: string | number }>(
        'SELECT total FROM sponsor_counts WHERE status = $1',
        [status],
      );
  return Number(rows[0]?.total ?? 0);
}

/** The user's id in the on-chain registry, once their registration is mined. */
export async function setUserOnChainId(db: Queryable, id: string, onChainId: string) {
  await db.query('UPDATE users SET on_chain_id = $2, updated_at = now() WHERE id = $1', [
    id,
    onChainId,
  ]);
}

export async function findUserByEmail(db: Queryable, email: string): Promise<User | null> {
  const rows = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM users WHERE lower(email) = lower($1)`,
    [email],
  );
  return rows[0] ? toUser(rows[0]) : null;
}

/** The stored password hash of the user with this email, for login. */
export async function findUserCredentials(
  db: Queryable,
  email: string,
): Promise<{ user: User; passwordHash: string } | null> {
  const rows = await db.query<UserRow & { password_hash: string }>(
    `SELECT ${COLUMNS}, password_hash FROM users WHERE lower(email) = lower($1)`,
    [email],
  );
  return rows[0] ? { user: toUser(rows[0]), passwordHash: rows[0].password_hash } : null;
}

export async function isUserNameTaken(db: Queryable, userName: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM users WHERE lower(user_name) = lower($1)', [userName]);
  return rows.length > 0;
}

/** A new password also lifts "This wasn't me"'s demand for one (password_reset_required). */
export async function setUserPassword(db: Queryable, id: string, passwordHash: string) {
  await db.query(
    `UPDATE users SET password_hash = $2, password_reset_required = false, updated_at = now()
      WHERE id = $1`,
    [id, passwordHash],
  );
}

/**
 * The profile fields a user may change; undefined leaves the picture, or a
 * reminder switch, as it is.
 */
export async function updateUserProfile(
  db: Queryable,
  id: string,
  profile: {
    fullName: string;
    profilePic: string | null | undefined;
    emailClaimReminder?: boolean | undefined;
    emailApplicationDigest?: boolean | undefined;
  },
): Promise<void> {
  await db.query(
    `UPDATE users SET full_name = $2,
            profile_pic = CASE WHEN $3 THEN $4 ELSE profile_pic END,
            email_claim_reminder = COALESCE($5, email_claim_reminder),
            email_application_digest = COALESCE($6, email_application_digest),
            updated_at = now()
      WHERE id = $1`,
    [
      id,
      profile.fullName,
      profile.profilePic !== undefined,
      profile.profilePic ?? null,
      profile.emailClaimReminder ?? null,
      profile.emailApplicationDigest ?? null,
    ],
  );
}

/** The users with any of these emails or wallet addresses (any case), for bulk look-ups. */
export async function findUsersByEmailsOrAccounts(
  db: Queryable,
  emails: string[],
  accounts: string[],
): Promise<User[]> {
  if (emails.length === 0 && accounts.length === 0) return [];
  const rows = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM users
      WHERE lower(email) = ANY($1::text[]) OR lower(account) = ANY($2::text[])`,
    [emails.map((e) => e.toLowerCase()), accounts.map((a) => a.toLowerCase())],
  );
  return rows.map(toUser);
}
