// SQL of the nonce endpoint: the c_nonce values handed to wallets, each good
// for one proof of possession before it expires. Only their SHA-256 is kept.
import type { Queryable } from '../../../db/database.ts';

export async function insertNonce(db: Queryable, nonce: { hash: string; expiresAt: Date }) {
  await db.query('INSERT INTO credential_nonces (nonce_hash, expires_at) VALUES ($1, $2)', [
    nonce.hash,
    nonce.expiresAt,
  ]);
}

/**
 * Uses a nonce up: true for the one call that does it before it expires,
 * false for an unknown, used or expired one. The row goes, so a replayed
 * proof finds nothing.
 */
export async function spendNonce(db: Queryable, hash: string): Promise<boolean> {
  const rows = await db.query(
    `DELETE FROM credential_nonces WHERE nonce_hash = $1 AND expires_at > now()
     RETURNING nonce_hash`,
    [hash],
  );
  return rows.length === 1;
}

/** Deletes at most `limit` nonces that expired before `before` unused; answers how many. */
export async function pruneExpiredNonces(
  db: Queryable,
  prune: { before: Date; limit: number },
): Promise<number> {
  const rows = await db.query<{ nonce_hash: string }>(
    `DELETE FROM credential_nonces WHERE nonce_hash IN (
       SELECT nonce_hash FROM credential_nonces WHERE expires_at < $1 ORDER BY expires_at LIMIT $2)
     RETURNING nonce_hash`,
    [prune.before, prune.limit],
  );
  return rows.length;
}
