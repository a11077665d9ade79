// SQL of the credential issuer keys (table issuer_keys), sealed like the
// custody keys.
import type { JWK } from 'jose';
import type { Queryable } from '../db/database.ts';
import type { SealedKey } from './envelope.ts';

/** The JWS algorithm a key signs with: RS256 for VC-JWTs, EdDSA (Ed25519) for Data Integrity. */
export type IssuerKeyAlgorithm = 'RS256' | 'EdDSA';

export interface StoredIssuerKey extends SealedKey {
  kid: string;
  algorithm: IssuerKeyAlgorithm;
  publicJwk: JWK;
  createdAt: Date;
  retiredAt: Date | null;
}

interface IssuerKeyRow {
  kid: string;
  algorithm: IssuerKeyAlgorithm;
  public_jwk: JWK;
  kek_id: string;
  wrapped_data_key: Uint8Array;
  sealed_private_key: Uint8Array;
  created_at: Date;
  retired_at: Date | null;
}

const COLUMNS =
  'kid, algorithm, public_jwk, kek_id, wrapped_data_key, sealed_private_key, created_at, retired_at';

const toStored = (row: IssuerKeyRow): StoredIssuerKey => ({
  kid: row.kid,
  algorithm: row.algorithm,
  publicJwk: row.public_jwk,
  kekId: row.kek_id,
  wrappedDataKey: Buffer.from(row.wrapped_data_key),
  sealedPrivateKey: Buffer.from(row.sealed_private_key),
  createdAt: new Date(row.created_at),
  retiredAt: row.retired_at ? new Date(row.retired_at) : null,
});

export async function insertIssuerKey(
  db: Queryable,
  key: Omit<StoredIssuerKey, 'createdAt' | 'retiredAt'>,
): Promise<void> {
  await db.query(
    `INSERT INTO issuer_keys (kid, algorithm, public_jwk, kek_id, wrapped_data_key, sealed_private_key)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      key.kid,
      key.algorithm,
      JSON.stringify(key.publicJwk),
      key.kekId,
      key.wrappedDataKey,
      key.sealedPrivateKey,
    ],
  );
}

/** The key of an algorithm that signs new credentials (at most one per algorithm). */
export async function findActiveIssuerKey(
  db: Queryable,
  algorithm: IssuerKeyAlgorithm,
): Promise<StoredIssuerKey | null> {
  const rows = await db.query<IssuerKeyRow>(
    `SELECT ${COLUMNS} FROM issuer_keys WHERE retired_at IS NULL AND algorithm = $1`,
    [algorithm],
  );
  return rows[0] ? toStored(rows[0]) : null;
}

/** Every key ever used, newest first: all stay published so old credentials verify. */
export async function listIssuerKeys(db: Queryable): Promise<StoredIssuerKey[]> {
  const rows = await db.query<IssuerKeyRow>(
    `SELECT ${COLUMNS} FROM issuer_keys ORDER BY created_at DESC, kid`,
  );
  return rows.map(toStored);
}

/** Issuer keys not sealed under the given KEK, locked for a rotation. */
export async function lockIssuerKeysNotUnder(
  db: Queryable,
  kekId: string,
): Promise<StoredIssuerKey[]> {
  const rows = await db.query<IssuerKeyRow>(
    `SELECT ${COLUMNS} FROM issuer_keys WHERE kek_id <> $1 ORDER BY kid FOR UPDATE`,
    [kekId],
  );
  return rows.map(toStored);
}

export async function updateIssuerKeyWrapping(
  db: Queryable,
  kid: string,
  sealed: SealedKey,
): Promise<void> {
  await db.query(
    `UPDATE issuer_keys SET kek_id = $2, wrapped_data_key = $3, rotated_at = now() WHERE kid = $1`,
    [kid, sealed.kekId, sealed.wrappedDataKey],
  );
}
