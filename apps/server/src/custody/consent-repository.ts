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

/** Locks the consent row so concurrent submissions of one token queue up behind each other. */
export async function lockConsent(db: Queryable, tokenHash: string): Promise<ConsentRow | null> {
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
       FROM consents WHERE token_hash = $1 FOR UPDATE`,
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

export async function markConsentUsed(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('UPDATE consents SET used_at = now() WHERE token_hash = $1', [tokenHash]);
}
