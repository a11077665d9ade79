// SQL of the credentials module: credentials and their status lists.
import type { Queryable } from '../../db/database.ts';
import type { StoredFacts } from './award-facts.ts';
import type { StatusListForm } from './status-list.ts';

export interface StoredCredential {
  id: string;
  awardId: string;
  badgeId: string;
  earnerUserId: string;
  earnerWallet: string;
  facts: StoredFacts;
  issuedAt: Date;
  validUntil: Date | null;
  statusListId: string;
  statusListIndex: number;
  jwt: string | null;
  signingKid: string | null;
  /** The credential with its embedded Data Integrity proof, once signed. */
  dataIntegrityCredential: Record<string, unknown> | null;
  revokedAt: Date | null;
  revocationReason: string | null;
}

interface CredentialRow {
  id: string;
  award_id: string;
  badge_id: string;
  earner_user_id: string;
  earner_wallet: string;
  facts: StoredFacts;
  issued_at: Date;
  valid_until: Date | null;
  status_list_id: string;
  status_list_index: number;
  jwt: string | null;
  signing_kid: string | null;
  data_integrity_credential: Record<string, unknown> | string | null;
  revoked_at: Date | null;
  revocation_reason: string | null;
}

const COLUMNS = `id, award_id, badge_id, earner_user_id, earner_wallet, facts, issued_at, valid_until,
  status_list_id, status_list_index, jwt, signing_kid, data_integrity_credential, revoked_at,
  revocation_reason`;

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

const toCredential = (row: CredentialRow): StoredCredential => ({
  id: row.id,
  awardId: row.award_id,
  badgeId: row.badge_id,
  earnerUserId: row.earner_user_id,
  earnerWallet: row.earner_wallet,
  facts: typeof row.facts === 'string' ? (JSON.parse(row.facts) as StoredFacts) : row.facts,
  issuedAt: new Date(row.issued_at),
  validUntil: date(row.valid_until),
  statusListId: row.status_list_id,
  statusListIndex: Number(row.status_list_index),
  jwt: row.jwt,
  signingKid: row.signing_kid,
  dataIntegrityCredential:
    typeof row.data_integrity_credential === 'string'
      ? (JSON.parse(row.data_integrity_credential) as Record<string, unknown>)
      : row.data_integrity_credential,
  revokedAt: date(row.revoked_at),
  revocationReason: row.revocation_reason,
});

export async function insertCredential(
  db: Queryable,
  credential: Pick<
    StoredCredential,
    | 'id'
    | 'awardId'
    | 'badgeId'
    | 'earnerUserId'
    | 'earnerWallet'
    | 'facts'
    | 'issuedAt'
    | 'validUntil'
    | 'statusListId'
    | 'statusListIndex'
  >,
): Promise<void> {
  await db.query(
    `INSERT INTO credentials (id, award_id, badge_id, earner_user_id, earner_wallet, facts, issued_at,
       valid_until, status_list_id, status_list_index)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      credential.id,
      credential.awardId,
      credential.badgeId,
      credential.earnerUserId,
      credential.earnerWallet,
      JSON.stringify(credential.facts),
      credential.issuedAt,
      credential.validUntil,
      credential.statusListId,
      credential.statusListIndex,
    ],
  );
}

export async function findCredentialById(
  db: Queryable,
  id: string,
): Promise<StoredCredential | null> {
  const rows = await db.query<CredentialRow>(`SELECT ${COLUMNS} FROM credentials WHERE id = $1`, [
    id,
  ]);
  return rows[0] ? toCredential(rows[0]) : null;
}

export async function findCredentialByAward(
  db: Queryable,
  awardId: string,
): Promise<StoredCredential | null> {
  const rows = await db.query<CredentialRow>(
    `SELECT ${COLUMNS} FROM credentials WHERE award_id = $1`,
    [awardId],
  );
  return rows[0] ? toCredential(rows[0]) : null;
}

export async function listCredentialsOfEarner(
  db: Queryable,
  userId: string,
): Promise<StoredCredential[]> {
  const rows = await db.query<CredentialRow>(
    `SELECT ${COLUMNS} FROM credentials WHERE earner_user_id = $1 ORDER BY issued_at DESC, id`,
    [userId],
  );
  return rows.map(toCredential);
}

/** The credentials of a badge, newest first, each with its earner's account email. */
export async function listCredentialsOfBadge(
  db: Queryable,
  badgeId: string,
): Promise<(StoredCredential & { earnerEmail: string })[]> {
  const rows = await db.query<CredentialRow & { earner_email: string }>(
    `SELECT ${COLUMNS}, (SELECT u.email FROM users u WHERE u.id = earner_user_id) AS earner_email
       FROM credentials WHERE badge_id = $1 ORDER BY issued_at DESC, id`,
    [badgeId],
  );
  return rows.map((row) => ({ ...toCredential(row), earnerEmail: row.earner_email }));
}

/** Credentials not signed yet, oldest first. */
export async function listUnsignedCredentials(
  db: Queryable,
  limit: number,
): Promise<StoredCredential[]> {
  const rows = await db.query<CredentialRow>(
    `SELECT ${COLUMNS} FROM credentials
      WHERE jwt IS NULL OR data_integrity_credential IS NULL ORDER BY created_at LIMIT $1`,
    [limit],
  );
  return rows.map(toCredential);
}

/** Stores the signature once: a second signer (another process) changes nothing. */
export async function setCredentialJwt(
  db: Queryable,
  id: string,
  jwt: string,
  kid: string,
): Promise<void> {
  await db.query(
    `UPDATE credentials SET jwt = $2, signing_kid = $3, signed_at = now() WHERE id = $1 AND jwt IS NULL`,
    [id, jwt, kid],
  );
}

/** Stores the credential with its Data Integrity proof, once (the first signature stays). */
export async function setDataIntegrityCredential(
  db: Queryable,
  id: string,
  document: Record<string, unknown>,
): Promise<void> {
  await db.query(
    `UPDATE credentials SET data_integrity_credential = $2
      WHERE id = $1 AND data_integrity_credential IS NULL`,
    [id, JSON.stringify(document)],
  );
}

/**
 * Marks credentials revoked (those not revoked yet) and touches their status
 * lists (updated_at, version), so the published lists change with them.
 * Answers what it revoked.
 */
async function revokeWhere(
  db: Queryable,
  condition: string,
  value: string,
  reason: string,
): Promise<{ id: string; revokedAt: Date }[]> {
  const rows = await db.query<{ id: string; revoked_at: Date; status_list_id: string }>(
    `UPDATE credentials SET revoked_at = now(), revocation_reason = $2
      WHERE ${condition} = $1 AND revoked_at IS NULL
      RETURNING id, revoked_at, status_list_id`,
    [value, reason],
  );
  const lists = [...new Set(rows.map((row) => row.status_list_id))];
  if (lists.length > 0) {
    // A new version: the forms signed for the one before are stale.
    await db.query(
      `UPDATE credential_status_lists SET updated_at = now(), version = version + 1
        WHERE id = ANY($1::uuid[])`,
      [lists],
    );
  }
  return rows.map((row) => ({ id: row.id, revokedAt: new Date(row.revoked_at) }));
}

export const revokeCredentialById = (db: Queryable, id: string, reason: string) =>
  revokeWhere(db, 'id', id, reason);
export const revokeCredentialsByBadge = (db: Queryable, badgeId: string, reason: string) =>
  revokeWhere(db, 'badge_id', badgeId, reason);

// ---- status lists

export interface StoredStatusList {
  id: string;
  size: number;
  allocated: number;
  updatedAt: Date;
  /** How many times its bits changed: the version a signed form of it is for. */
  version: number;
}

interface StatusListRow {
  id: string;
  size: number;
  allocated: number;
  updated_at: Date;
  version: number | string;
}

const STATUS_LIST_COLUMNS = 'id, size, allocated, updated_at, version';

const toStatusList = (row: StatusListRow): StoredStatusList => ({
  id: row.id,
  size: Number(row.size),
  allocated: Number(row.allocated),
  updatedAt: new Date(row.updated_at),
  version: Number(row.version),
});

/** The list new credentials take their index from, locked until the transaction ends. */
export async function lockOpenStatusList(db: Queryable): Promise<StoredStatusList | null> {
  const rows = await db.query<StatusListRow>(
    `SELECT ${STATUS_LIST_COLUMNS} FROM credential_status_lists
      WHERE purpose = 'revocation' AND allocated * 2 < size
      ORDER BY created_at LIMIT 1 FOR UPDATE`,
  );
  return rows[0] ? toStatusList(rows[0]) : null;
}

export async function insertStatusList(
  db: Queryable,
  id: string,
  size: number,
): Promise<StoredStatusList> {
  const rows = await db.query<StatusListRow>(
    `INSERT INTO credential_status_lists (id, purpose, size) VALUES ($1, 'revocation', $2)
     RETURNING ${STATUS_LIST_COLUMNS}`,
    [id, size],
  );
  return toStatusList(rows[0]!);
}

export async function isStatusIndexTaken(
  db: Queryable,
  listId: string,
  index: number,
): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM credentials WHERE status_list_id = $1 AND status_list_index = $2',
    [listId, index],
  );
  return rows.length > 0;
}

export async function countStatusAllocation(db: Queryable, listId: string): Promise<void> {
  await db.query('UPDATE credential_status_lists SET allocated = allocated + 1 WHERE id = $1', [
    listId,
  ]);
}

export async function findStatusList(db: Queryable, id: string): Promise<StoredStatusList | null> {
  const rows = await db.query<StatusListRow>(
    `SELECT ${STATUS_LIST_COLUMNS} FROM credential_status_lists WHERE id = $1`,
    [id],
  );
  return rows[0] ? toStatusList(rows[0]) : null;
}

/** The indexes of a list whose credentials are revoked (its set bits). */
export async function listRevokedIndexes(db: Queryable, listId: string): Promise<number[]> {
  const rows = await db.query<{ status_list_index: number }>(
    `SELECT status_list_index FROM credentials WHERE status_list_id = $1 AND revoked_at IS NOT NULL`,
    [listId],
  );
  return rows.map((row) => Number(row.status_list_index));
}

/**
 * A list with its set bits, read in one statement: one snapshot, so the
 * version is exactly the one those bits are (a revocation committed meanwhile
 * is in both or in neither).
 */
export async function readStatusListWithRevokedIndexes(
  db: Queryable,
  id: string,
): Promise<{ list: StoredStatusList; revokedIndexes: number[] } | null> {
  const rows = await db.query<StatusListRow & { revoked_indexes: (number | string)[] }>(
    `SELECT ${STATUS_LIST_COLUMNS},
            ARRAY(SELECT c.status_list_index FROM credentials c
                   WHERE c.status_list_id = l.id AND c.revoked_at IS NOT NULL) AS revoked_indexes
       FROM credential_status_lists l WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return { list: toStatusList(row), revokedIndexes: row.revoked_indexes.map(Number) };
}

/**
 * A list and its document signed in the given form, when one was signed for
 * the list's current version under the given URL (else null: sign it again).
 */
export async function findStatusListWithSignature(
  db: Queryable,
  id: string,
  form: StatusListForm,
  url: string,
): Promise<{ list: StoredStatusList; document: string | null } | null> {
  const rows = await db.query<StatusListRow & { document: string | null }>(
    `SELECT l.id, l.size, l.allocated, l.updated_at, l.version, s.document
       FROM credential_status_lists l
       LEFT JOIN credential_status_list_signatures s
         ON s.status_list_id = l.id AND s.form = $2 AND s.version = l.version AND s.url = $3
      WHERE l.id = $1`,
    [id, form, url],
  );
  const row = rows[0];
  return row ? { list: toStatusList(row), document: row.document } : null;
}

/**
 * Keeps a signed form of a list for its version. A form signed for an older
 * version (or another URL) is replaced; one for a newer version is kept, so a
 * slow signer never puts a stale list back.
 */
export async function saveStatusListSignature(
  db: Queryable,
  signature: {
    listId: string;
    form: StatusListForm;
    version: number;
    url: string;
    document: string;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO credential_status_list_signatures (status_list_id, form, version, url, document)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (status_list_id, form) DO UPDATE
        SET version = EXCLUDED.version, url = EXCLUDED.url, document = EXCLUDED.document,
            signed_at = now()
      WHERE credential_status_list_signatures.version < EXCLUDED.version
         OR credential_status_list_signatures.url <> EXCLUDED.url`,
    [signature.listId, signature.form, signature.version, signature.url, signature.document],
  );
}

// ---- the pipeline's record of a claim

/** A chain transaction's mined hash and the chain its relay batch went to. */
export async function findSettledTransaction(
  db: Queryable,
  transactionId: string,
): Promise<{ chainId: number; transactionHash: string | null } | null> {
  const rows = await db.query<{ chain_id: number; transaction_hash: string | null }>(
    `SELECT b.chain_id, t.transaction_hash
       FROM chain_transactions t JOIN relay_batches b ON b.id = t.batch_id
      WHERE t.id = $1`,
    [transactionId],
  );
  return rows[0]
    ? { chainId: Number(rows[0].chain_id), transactionHash: rows[0].transaction_hash }
    : null;
}
