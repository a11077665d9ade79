import type { Queryable } from '../db/database.ts';
import type { OwnerKind } from './key-repository.ts';

export interface ConsentRow {
  tokenHash: string;
  ownerKind: OwnerKind;
  ownerId: string;
  action: unknown;
  payloadHash: string;
  description: string;
  expired: boolean;
  usedAt: Date | null;
}

export async function insertConsent(
  db: Queryable,
  consent: {
    tokenHash: string;
    ownerKind: OwnerKind;
    ownerId: string;
    action: unknown;
    payloadHash: string;
    description: string;
    ttlMs: number;
  },
): Promise<Date> {
  const rows = await db.query<{ expires_at: Date | string }>(
    `INSERT INTO consents (token_hash, owner_kind, owner_id, action, payload_hash, description, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + ($7::double precision * interval '1 millisecond'))
     RETURNING expires_at`,
    [
      consent.tokenHash,
      consent.ownerKind,
      consent.ownerId,
      JSON.stringify(consent.action),
      consent.payloadHash,
      consent.description,
      consent.ttlMs,
    ],
  );
  return new Date(rows[0]!.expires_at);
}

/**
 * Marks the consent used if it is this owner's, unused, unexpired and for this
 * payload; returns its description and the owner's wallet, or null.
 */
export async function useConsent(
  db: Queryable,
  c: { tokenHash: string; ownerKind: OwnerKind; ownerId: string; payloadHash: string },
): Promise<{ description: string; walletAddress: `0x${string}` | null } | null> {
  const rows = await db.query<{ description: string; wallet_address: `0x${string}` | null }>(
    `UPDATE consents c SET used_at = now()
      WHERE token_hash = $1 AND owner_kind = $2 AND owner_id = $3 AND payload_hash = $4
        AND used_at IS NULL AND expires_at > now()
      RETURNING description,
        (SELECT address FROM custody_keys k WHERE k.owner_kind = c.owner_kind AND k.owner_id = c.owner_id)
          AS wallet_address`,
    [c.tokenHash, c.ownerKind, c.ownerId, c.payloadHash],
  );
  const row = rows[0];
  return row ? { description: row.description, walletAddress: row.wallet_address } : null;
}

export async function findConsent(db: Queryable, tokenHash: string): Promise<ConsentRow | null> {
  const rows = await db.query<{
    token_hash: string;
    owner_kind: OwnerKind;
    owner_id: string;
    action: unknown;
    payload_hash: string;
    description: string;
    expired: boolean;
    used_at: Date | string | null;
  }>(
    `SELECT token_hash, owner_kind, owner_id, action, payload_hash, description,
            expires_at <= now() AS expired, used_at
       FROM consents WHERE token_hash = $1`,
    [tokenHash],
  );
  const row = rows[0];
  return row
    ? {
        tokenHash: row.token_hash,
        ownerKind: row.owner_kind,
        ownerId: row.owner_id,
        action: row.action,
        payloadHash: row.payload_hash,
        description: row.description,
        expired: row.expired,
        usedAt: row.used_at ? new Date(row.used_at) : null,
      }
    : null;
}
