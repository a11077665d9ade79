// Consent: before anything is signed, the owner is told in words what will
// happen and given a single-use token bound to them and to that exact action.
// Submitting the token queues the action, in the same database transaction as
// the business change that needs it.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { CONSENT_TOKEN_TTL_MS } from '@gets/schema';
import { describeAction, type ChainAction } from '../chain/actions.ts';
import { insertQueuedTransaction } from '../chain/pipeline/transaction-repository.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { findConsent, insertConsent, useConsent } from './consent-repository.ts';
import type { OwnerKind } from './key-repository.ts';

export interface Owner {
  kind: OwnerKind;
  id: string;
}

export const CONSENT_MESSAGES = {
  invalid: 'This consent token is not valid',
  used: 'This consent token has already been used',
  expired: 'This consent token has expired. Please try again',
  otherOwner: 'This consent token was not issued to your account',
  altered: 'This consent token was issued for a different transaction',
  noWallet: 'Your account has no wallet yet',
} as const;

/** 256 bits of randomness: well beyond guessing. */
const TOKEN_BYTES = 32;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** JSON with sorted keys, so one action always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const payloadHash = (action: ChainAction) => sha256(canonical(action));

export interface ConsentRequest {
  consentToken: string;
  description: string;
  expiresAt: string;
}

export async function requestConsent(
  db: Queryable,
  owner: Owner,
  action: ChainAction,
): Promise<ConsentRequest> {
  const consentToken = randomBytes(TOKEN_BYTES).toString('base64url');
  const description = describeAction(action);
  const expiresAt = await insertConsent(db, {
    tokenHash: sha256(consentToken),
    ownerKind: owner.kind,
    ownerId: owner.id,
    action,
    payloadHash: payloadHash(action),
    description,
    ttlMs: CONSENT_TOKEN_TTL_MS,
  });
  return { consentToken, description, expiresAt: expiresAt.toISOString() };
}

export interface Queued {
  status: 'QUEUED';
  transactionId: string;
}

/**
 * Checks the token against its owner and action, marks it used and queues the
 * action; `alsoDo` runs in the same transaction for the business change. A
 * refused token changes nothing.
 */
export async function submitConsent(
  db: Database,
  owner: Owner,
  consentToken: string,
  action: ChainAction,
  alsoDo?: (tx: Queryable, transactionId: string) => Promise<void>,
): Promise<Queued> {
  const tokenHash = sha256(consentToken);
  return db.transaction(async (tx) => {
    // The common case in one statement; concurrent submissions of one token
    // wait on the row and then find it used.
    const used = await useConsent(tx, {
      tokenHash,
      ownerKind: owner.kind,
      ownerId: owner.id,
      payloadHash: payloadHash(action),
    });
    if (!used) throw await refusal(tx, tokenHash, owner, action);
    if (!used.walletAddress) throw new AppError(409, CONSENT_MESSAGES.noWallet);

    const transactionId = randomUUID();
    await insertQueuedTransaction(tx, {
      id: transactionId,
      ownerKind: owner.kind,
      ownerId: owner.id,
      walletAddress: used.walletAddress,
      action,
      description: used.description,
      consentTokenHash: tokenHash,
    });
    await alsoDo?.(tx, transactionId);
    return { status: 'QUEUED', transactionId };
  });
}

/** Why a token was refused, read after the one-statement use found nothing to use. */
async function refusal(
  tx: Queryable,
  tokenHash: string,
  owner: Owner,
  action: ChainAction,
): Promise<AppError> {
  const consent = await findConsent(tx, tokenHash);
  if (!consent) return new AppError(400, CONSENT_MESSAGES.invalid);
  if (consent.ownerKind !== owner.kind || consent.ownerId !== owner.id) {
    return new AppError(403, CONSENT_MESSAGES.otherOwner);
  }
  if (consent.usedAt) return new AppError(409, CONSENT_MESSAGES.used);
  if (consent.expired) return new AppError(410, CONSENT_MESSAGES.expired);
  if (consent.payloadHash !== payloadHash(action))
    return new AppError(400, CONSENT_MESSAGES.altered);
  return new AppError(400, CONSENT_MESSAGES.invalid);
}

/**
 * The two-step shape of every action endpoint: without a token, ask for
 * consent; with one, queue the action it was issued for.
 */
export async function consentOrQueue(
  db: Database,
  owner: Owner,
  action: ChainAction,
  consentToken: string | undefined,
  alsoDo?: (tx: Queryable, transactionId: string) => Promise<void>,
): Promise<ConsentRequest | Queued> {
  return consentToken
    ? submitConsent(db, owner, consentToken, action, alsoDo)
    : requestConsent(db, owner, action);
}
