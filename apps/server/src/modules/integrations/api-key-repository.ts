// Sponsors' API keys: only each key's SHA-256 is stored; what the lists show
// is its name, its first characters and its dates.
import type { ApiKeyScope } from '@gets/schema';
import { prepared, type Queryable } from '../../db/database.ts';
import type { SessionRow } from '../../http/sessions.ts';

export interface StoredApiKey {
  id: string;
  sponsorId: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

interface ApiKeyRow {
  id: string;
  sponsor_id: string;
  name: string;
  prefix: string;
  scopes: string[];
  created_at: Date | string;
  expires_at: Date | string | null;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
}

const COLUMNS =
  'id, sponsor_id, name, prefix, scopes, created_at, expires_at, last_used_at, revoked_at';
const date = (value: Date | string | null) => (value === null ? null : new Date(value));

const keyOf = (row: ApiKeyRow): StoredApiKey => ({
  id: row.id,
  sponsorId: row.sponsor_id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as ApiKeyScope[],
  createdAt: new Date(row.created_at),
  expiresAt: date(row.expires_at),
  lastUsedAt: date(row.last_used_at),
  revokedAt: date(row.revoked_at),
});

/**
 * Stores a key unless the sponsor already holds `max` live ones (then null):
 * one statement, so two creations at once cannot both take the last place.
 */
export async function insertApiKey(
  db: Queryable,
  key: {
    id: string;
    sponsorId: string;
    name: string;
    prefix: string;
    keyHash: string;
    scopes: ApiKeyScope[];
    expiresInDays: number | null;
  },
  max: number,
): Promise<StoredApiKey | null> {
  const rows = await db.query<ApiKeyRow>(
    `INSERT INTO api_keys (id, sponsor_id, name, prefix, key_hash, scopes, expires_at)
     SELECT $1, $2, $3, $4, $5, $6::text[],
            CASE WHEN $7::integer IS NULL THEN NULL ELSE now() + $7::integer * interval '1 day' END
      WHERE (SELECT count(*) FROM api_keys
              WHERE sponsor_id = $2 AND revoked_at IS NULL
                AND (expires_at IS NULL OR expires_at > now())) < $8
     RETURNING ${COLUMNS}`,
    [key.id, key.sponsorId, key.name, key.prefix, key.keyHash, key.scopes, key.expiresInDays, max],
  );
  return rows[0] ? keyOf(rows[0]) : null;
}

export async function listApiKeys(db: Queryable, sponsorId: string): Promise<StoredApiKey[]> {
  const rows = await db.query<ApiKeyRow>(
    `SELECT ${COLUMNS} FROM api_keys WHERE sponsor_id = $1 ORDER BY created_at DESC, id`,
    [sponsorId],
  );
  return rows.map(keyOf);
}

/**
 * Revokes a live key; `sponsorId` limits it to that sponsor's (null: an
 * admin's revocation, of anyone's). Answers the key, or null when there is no
 * such key to revoke.
 */
export async function revokeApiKey(
  db: Queryable,
  id: string,
  by: { sponsorId: string } | { adminId: string },
): Promise<StoredApiKey | null> {
  const sponsorId = 'sponsorId' in by ? by.sponsorId : null;
  const adminId = 'adminId' in by ? by.adminId : null;
  const rows = await db.query<ApiKeyRow>(
    `UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()),
                         revoked_by_admin = CASE WHEN revoked_at IS NULL THEN $3::uuid
                                                 ELSE revoked_by_admin END
      WHERE id = $1 AND ($2::uuid IS NULL OR sponsor_id = $2::uuid)
      RETURNING ${COLUMNS}`,
    [id, sponsorId, adminId],
  );
  return rows[0] ? keyOf(rows[0]) : null;
}

// The key's sponsor as a session row: the same guards read it. A ban blocks
// it like a session; last_used_at is written at most once a minute per key.
const RESOLVE_API_KEY = prepared(
  'resolve-api-key',
  `WITH key AS (
     SELECT k.id, k.scopes, k.expires_at, k.last_used_at, u.id AS user_id, u.email, u.account,
            u.user_type, u.status, u.banned_at IS NOT NULL AS banned
       FROM api_keys k JOIN users u ON u.id = k.sponsor_id
      WHERE k.key_hash = $1 AND k.revoked_at IS NULL
        AND (k.expires_at IS NULL OR k.expires_at > now())),
   touched AS (
     UPDATE api_keys SET last_used_at = now()
      WHERE id = (SELECT id FROM key)
        AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')
      RETURNING id)
   SELECT key.*, (SELECT count(*) FROM touched) AS touched FROM key`,
);

/** Far in the future: what a key without an expiry reports as its end. */
const NO_EXPIRY = new Date('9999-12-31T00:00:00Z');

export async function resolveApiKeyHash(
  db: Queryable,
  keyHash: string,
): Promise<SessionRow | null> {
  const rows = await db.query<{
    id: string;
    scopes: string[];
    expires_at: Date | string | null;
    user_id: string;
    email: string;
    account: `0x${string}` | null;
    user_type: 'SPONSOR' | 'EARNER';
    status: 'PENDING' | 'APPROVED' | 'REJECTED';
    banned: boolean;
  }>(RESOLVE_API_KEY, [keyHash]);
  const row = rows[0];
  if (!row) return null;
  return {
    sessionId: `api-key:${row.id}`,
    subjectKind: 'user',
    subjectId: row.user_id,
    expiresAt: date(row.expires_at) ?? NO_EXPIRY,
    blocked: row.banned ? 'banned' : null,
    needsFactor: false,
    userType: row.user_type,
    userStatus: row.status,
    email: row.email,
    account: row.account,
    apiKey: { id: row.id, scopes: row.scopes },
  };
}
