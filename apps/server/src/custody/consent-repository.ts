import { withinAccountLimits } from '../chain/pipeline/fair-use-repository.ts';
import { statusNotice } from '../chain/pipeline/chain-transaction.ts';
import { prepared, type Queryable } from '../db/database.ts';
import { hasSecondFactorSql } from './consent-factor.ts';
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
  /** The owner had a second factor when it was asked: it must confirm it. */
  factorRequired: boolean;
  /** The passkey challenge bound to this consent alone. */
  factorChallenge: string | null;
  factorConfirmed: boolean;
  /** The sponsor's API key that asked for it: only that key may submit it. */
  apiKeyId: string | null;
}

// Whether the owner has a second factor is read in the same statement that
// stores the consent: no window between the check and the consent's row. A
// consent an API key asks for is not confirmed with a factor (a program holds
// the key, and no scope of a key moves GETS out of the wallet: decision 0066);
// it is bound to that key instead.
const INSERT_CONSENT = prepared(
  'insert-consent',
  `INSERT INTO consents (token_hash, owner_kind, owner_id, action, payload_hash, description,
                         expires_at, factor_required, factor_challenge, api_key_id)
   SELECT $1, $2, $3, $4, $5, $6, now() + ($7::double precision * interval '1 millisecond'),
          $11::uuid IS NULL AND ${hasSecondFactorSql('$2', '$3::uuid')}, $10, $11::uuid
    WHERE ${withinAccountLimits('$2', '$3::uuid', '$8', '$9')}
   RETURNING expires_at, factor_required`,
);

/** The owner's limits for the statements (nulls: none); see fair-use.ts limitParams. */
export interface LimitParams {
  maxInFlight: number | null;
  dailyGas: string | null;
}

/**
 * Stores a consent, unless the owner is at one of `limits` (then null, and
 * nothing is stored).
 */
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
    factorChallenge: string;
    apiKeyId: string | null;
  },
  limits: LimitParams,
): Promise<{ expiresAt: Date; factorRequired: boolean } | null> {
  const rows = await db.query<{ expires_at: Date | string; factor_required: boolean }>(
    INSERT_CONSENT,
    [
      consent.tokenHash,
      consent.ownerKind,
      consent.ownerId,
      JSON.stringify(consent.action),
      consent.payloadHash,
      consent.description,
      consent.ttlMs,
      limits.maxInFlight,
      limits.dailyGas,
      consent.factorChallenge,
      consent.apiKeyId,
    ],
  );
  const row = rows[0];
  return row ? { expiresAt: new Date(row.expires_at), factorRequired: row.factor_required } : null;
}

/**
 * The wallet an owner's actions run from, for a row `c` with owner_kind and
 * owner_id: an admin's is admins.account (their own key, or, for an admin made
 * from a user's wallet, that user's key); anyone else's is their custodial key.
 */
const WALLET_OF_OWNER = `(CASE WHEN c.owner_kind = 'admin'
    THEN (SELECT a.account FROM admins a WHERE a.id = c.owner_id)
    ELSE (SELECT k.address FROM custody_keys k
           WHERE k.owner_kind = c.owner_kind AND k.owner_id = c.owner_id) END)`;

/** The wallet an owner's chain actions run from, or null. */
export async function findOwnerWallet(
  db: Queryable,
  owner: { kind: OwnerKind; id: string },
): Promise<`0x${string}` | null> {
  const rows = await db.query<{ wallet: `0x${string}` | null }>(
    `SELECT ${WALLET_OF_OWNER} AS wallet FROM (SELECT $1::text AS owner_kind, $2::uuid AS owner_id) c`,
    [owner.kind, owner.id],
  );
  return rows[0]?.wallet ?? null;
}

const USE_CONSENT_AND_QUEUE = prepared(
  'use-consent-and-queue',
  `WITH used AS (
     UPDATE consents c SET used_at = now()
      WHERE token_hash = $1 AND owner_kind = $2 AND owner_id = $3 AND payload_hash = $4
        AND used_at IS NULL AND expires_at > now()
        AND api_key_id IS NOT DISTINCT FROM $10::uuid
        -- Whatever the client sends, a consent of a person with a factor is
        -- queued only once the factor confirmed it (security/consent-confirmation.ts).
        AND (NOT factor_required OR factor_confirmed_at IS NOT NULL)
        AND ${WALLET_OF_OWNER} IS NOT NULL
        AND ${withinAccountLimits('$2', '$3', '$8', '$9')}
     RETURNING description, ${WALLET_OF_OWNER} AS wallet_address),
   queued AS (
     INSERT INTO chain_transactions
       (id, owner_kind, owner_id, wallet_address, action, description, consent_token_hash, status)
     SELECT $5, $2, $3, used.wallet_address, $6, used.description, $1, 'QUEUED' FROM used
     RETURNING owner_kind, owner_id, id, wallet_address)
   SELECT id::text, wallet_address, pg_notify($7, ${statusNotice('queued')}) FROM queued`,
);

/**
 * In one statement: marks the consent used if it is this owner's, unused,
 * unexpired, for this payload, the owner has a wallet and is within its
 * limits, and queues its chain transaction (announced on `statusChannel`).
 * Answers whether it did.
 */
export async function useConsentAndQueue(
  db: Queryable,
  c: {
    tokenHash: string;
    ownerKind: OwnerKind;
    ownerId: string;
    payloadHash: string;
    transactionId: string;
    action: unknown;
    statusChannel: string;
    limits: LimitParams;
    apiKeyId: string | null;
  },
): Promise<{ walletAddress: string } | null> {
  const rows = await db.query<{ id: string; wallet_address: string }>(USE_CONSENT_AND_QUEUE, [
    c.tokenHash,
    c.ownerKind,
    c.ownerId,
    c.payloadHash,
    c.transactionId,
    JSON.stringify(c.action),
    c.statusChannel,
    c.limits.maxInFlight,
    c.limits.dailyGas,
    c.apiKeyId,
  ]);
  const row = rows[0];
  return row ? { walletAddress: row.wallet_address } : null;
}

// Read before every submit that carries a token (security/consent-confirmation.ts).
const FIND_CONSENT = prepared(
  'find-consent',
  `SELECT token_hash, owner_kind, owner_id, action, payload_hash, description,
          expires_at <= now() AS expired, used_at, factor_required, factor_challenge,
          factor_confirmed_at IS NOT NULL AS factor_confirmed, api_key_id
     FROM consents WHERE token_hash = $1`,
);

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
    factor_required: boolean;
    factor_challenge: string | null;
    factor_confirmed: boolean;
    api_key_id: string | null;
  }>(FIND_CONSENT, [tokenHash]);
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
        factorRequired: row.factor_required,
        factorChallenge: row.factor_challenge,
        factorConfirmed: row.factor_confirmed,
        apiKeyId: row.api_key_id,
      }
    : null;
}

/**
 * Marks an open consent of this owner confirmed by their second factor;
 * answers whether it did (a used, expired or another's consent is not).
 */
export async function confirmConsentFactor(
  db: Queryable,
  tokenHash: string,
  owner: { kind: OwnerKind; id: string },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE consents SET factor_confirmed_at = now()
      WHERE token_hash = $1 AND owner_kind = $2 AND owner_id = $3
        AND used_at IS NULL AND expires_at > now() AND factor_required
     RETURNING token_hash`,
    [tokenHash, owner.kind, owner.id],
  );
  return rows.length > 0;
}

/**
 * Deletes up to `limit` consents that expired before `before`, used or not,
 * oldest first; answers how many. A used one's transaction keeps its own
 * copy of the words and the token's hash (which stays unique there).
 */
export async function pruneExpiredConsents(
  db: Queryable,
  prune: { before: Date; limit: number },
): Promise<number> {
  const rows = await db.query<{ token_hash: string }>(
    `DELETE FROM consents WHERE token_hash IN (
       SELECT token_hash FROM consents WHERE expires_at < $1 ORDER BY expires_at LIMIT $2)
     RETURNING token_hash`,
    [prune.before, prune.limit],
  );
  return rows.length;
}
