import type { Queryable } from '../db/database.ts';
import type { SealedKey } from './envelope.ts';

/** Who a wallet belongs to: a user, an admin, or the platform itself (system). */
import type { OwnerKind } from '../keys/owner-kind.ts';

export type { OwnerKind };

export interface StoredKey extends SealedKey {
  address: `0x${string}`;
  ownerKind: OwnerKind;
  ownerId: string;
}

interface KeyRow {
  address: `0x${string}`;
  owner_kind: OwnerKind;
  owner_id: string;
  kek_id: string;
  wrapped_data_key: Uint8Array;
  sealed_private_key: Uint8Array;
}

const toStoredKey = (row: KeyRow): StoredKey => ({
  address: row.address,
  ownerKind: row.owner_kind,
  ownerId: row.owner_id,
  kekId: row.kek_id,
  wrappedDataKey: Buffer.from(row.wrapped_data_key),
  sealedPrivateKey: Buffer.from(row.sealed_private_key),
});

const COLUMNS = 'address, owner_kind, owner_id, kek_id, wrapped_data_key, sealed_private_key';

export async function insertKey(db: Queryable, key: StoredKey): Promise<void> {
  await db.query(`INSERT INTO custody_keys (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)`, [
    key.address,
    key.ownerKind,
    key.ownerId,
    key.kekId,
    key.wrappedDataKey,
    key.sealedPrivateKey,
  ]);
}

export async function findKeysByAddresses(
  db: Queryable,
  addresses: string[],
): Promise<StoredKey[]> {
  const rows = await db.query<KeyRow>(
    `SELECT ${COLUMNS} FROM custody_keys WHERE address = ANY($1::text[])`,
    [addresses],
  );
  return rows.map(toStoredKey);
}

export async function findKeyByAddress(db: Queryable, address: string): Promise<StoredKey | null> {
  const rows = await db.query<KeyRow>(`SELECT ${COLUMNS} FROM custody_keys WHERE address = $1`, [
    address,
  ]);
  return rows[0] ? toStoredKey(rows[0]) : null;
}

export async function findKeyByOwner(
  db: Queryable,
  ownerKind: OwnerKind,
  ownerId: string,
): Promise<StoredKey | null> {
  const rows = await db.query<KeyRow>(
    `SELECT ${COLUMNS} FROM custody_keys WHERE owner_kind = $1 AND owner_id = $2`,
    [ownerKind, ownerId],
  );
  return rows[0] ? toStoredKey(rows[0]) : null;
}

/** Keys not sealed under the given KEK, locked for a rotation, a page at a time. */
export async function lockKeysNotUnder(
  db: Queryable,
  kekId: string,
  limit: number,
): Promise<StoredKey[]> {
  const rows = await db.query<KeyRow>(
    `SELECT ${COLUMNS} FROM custody_keys WHERE kek_id <> $1 ORDER BY address LIMIT $2 FOR UPDATE`,
    [kekId, limit],
  );
  return rows.map(toStoredKey);
}

export async function updateWrapping(
  db: Queryable,
  address: string,
  sealed: SealedKey,
): Promise<void> {
  await db.query(
    `UPDATE custody_keys SET kek_id = $2, wrapped_data_key = $3, rotated_at = now() WHERE address = $1`,
    [address, sealed.kekId, sealed.wrappedDataKey],
  );
}

/** Sealed keys of every kind (wallet keys and the credential issuer key) by the KEK that opens them. */
export async function countKeysByKek(db: Queryable): Promise<Record<string, number>> {
  const rows = await db.query<{ kek_id: string; count: string | number }>(
    `SELECT kek_id, count(*) AS count
       FROM (SELECT kek_id FROM custody_keys UNION ALL SELECT kek_id FROM issuer_keys) sealed
      GROUP BY kek_id`,
  );
  return Object.fromEntries(rows.map((r) => [r.kek_id, Number(r.count)]));
}
