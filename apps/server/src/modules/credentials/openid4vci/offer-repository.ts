// SQL of "Add to wallet": the credential offers of OpenID4VCI and the two
// steps that use one up (code for token, token for credential).
import type { Queryable } from '../../../db/database.ts';

export interface StoredOffer {
  id: string;
  credentialId: string;
  createdAt: Date;
  expiresAt: Date;
  tokenIssuedAt: Date | null;
  credentialIssuedAt: Date | null;
  /** SHA-256 of the pre-authorized code and the transaction code, when the offer asked for one. */
  txCodeHash: string | null;
}

interface OfferRow {
  id: string;
  credential_id: string;
  created_at: Date;
  expires_at: Date;
  token_issued_at: Date | null;
  credential_issued_at: Date | null;
  tx_code_hash: string | null;
}

const COLUMNS =
  'id, credential_id, created_at, expires_at, token_issued_at, credential_issued_at, tx_code_hash';

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

const toOffer = (row: OfferRow): StoredOffer => ({
  id: row.id,
  credentialId: row.credential_id,
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
  tokenIssuedAt: date(row.token_issued_at),
  credentialIssuedAt: date(row.credential_issued_at),
  txCodeHash: row.tx_code_hash,
});

export async function insertOffer(
  db: Queryable,
  offer: {
    id: string;
    credentialId: string;
    codeHash: string;
    expiresAt: Date;
    txCodeHash: string | null;
  },
) {
  await db.query(
    `INSERT INTO credential_offers
       (id, credential_id, pre_authorized_code_hash, expires_at, tx_code_hash)
     VALUES ($1, $2, $3, $4, $5)`,
    [offer.id, offer.credentialId, offer.codeHash, offer.expiresAt, offer.txCodeHash],
  );
}

/**
 * Takes one of the offer's `tries` at its transaction code, before the code
 * is compared: how many are taken with this one, or null once all were.
 * Taken first, so wallets guessing at once get no more tries between them.
 */
export async function takeTxCodeTry(
  db: Queryable,
  offerId: string,
  tries: number,
): Promise<number | null> {
  const [row] = await db.query<{ tx_code_tries: number }>(
    `UPDATE credential_offers SET tx_code_tries = tx_code_tries + 1
     WHERE id = $1 AND tx_code_tries < $2
     RETURNING tx_code_tries`,
    [offerId, tries],
  );
  return row ? Number(row.tx_code_tries) : null;
}

/** Ends, as of `at`, the offers of a credential that nobody redeemed yet and that were still open. */
export async function expireOpenOffers(db: Queryable, credentialId: string, at: Date) {
  await db.query(
    `UPDATE credential_offers SET expires_at = $2
     WHERE credential_id = $1 AND token_issued_at IS NULL AND expires_at > $2`,
    [credentialId, at],
  );
}

export async function findOfferByCodeHash(db: Queryable, codeHash: string) {
  const [row] = await db.query<OfferRow>(
    `SELECT ${COLUMNS} FROM credential_offers WHERE pre_authorized_code_hash = $1`,
    [codeHash],
  );
  return row ? toOffer(row) : null;
}

/**
 * Spends the offer's pre-authorized code: true for the one call that does it
 * before the offer expires, false for every later or late one.
 */
export async function markOfferTokenIssued(db: Queryable, offerId: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE credential_offers SET token_issued_at = now()
     WHERE id = $1 AND token_issued_at IS NULL AND expires_at > now()
     RETURNING id`,
    [offerId],
  );
  return rows.length === 1;
}

/**
 * Spends the offer's access token on its credential: the credential id for
 * the one call that does it before the offer expires, null for any other.
 */
export async function markOfferCredentialIssued(
  db: Queryable,
  offerId: string,
): Promise<string | null> {
  const [row] = await db.query<{ credential_id: string }>(
    `UPDATE credential_offers SET credential_issued_at = now()
     WHERE id = $1 AND token_issued_at IS NOT NULL AND credential_issued_at IS NULL
       AND expires_at > now()
     RETURNING credential_id`,
    [offerId],
  );
  return row?.credential_id ?? null;
}

export async function findOfferById(db: Queryable, offerId: string) {
  const [row] = await db.query<OfferRow>(`SELECT ${COLUMNS} FROM credential_offers WHERE id = $1`, [
    offerId,
  ]);
  return row ? toOffer(row) : null;
}

/** Deletes at most `limit` offers that expired before `before`; answers how many. */
export async function pruneExpiredOffers(
  db: Queryable,
  prune: { before: Date; limit: number },
): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `DELETE FROM credential_offers WHERE id IN (
       SELECT id FROM credential_offers WHERE expires_at < $1 ORDER BY expires_at LIMIT $2)
     RETURNING id`,
    [prune.before, prune.limit],
  );
  return rows.length;
}
