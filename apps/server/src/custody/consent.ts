// Consent: before anything is signed, the owner is told in words what will
// happen and given a single-use token bound to them and to that exact action.
// Submitting the token queues the action, in the same database transaction as
// the business change that needs it.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { CONSENT_TOKEN_TTL_MS, SECURITY_MESSAGES, type SecondFactorRequired } from '@gets/schema';
import type { ActionNeed, ActionRegistry, RegisteredAction } from '../chain/action-registry.ts';
import { STATUS_CHANNEL, type ActionPayload } from '../chain/pipeline/chain-transaction.ts';
import { insertQueuedTransaction } from '../chain/pipeline/transaction-repository.ts';
import type { Database, Queryable } from '../db/database.ts';
import {
  accountLimitRefusal,
  holdAccountSubmissions,
  limitParams,
  tooLargeForLimits,
  type AccountLimits,
} from '../chain/pipeline/fair-use.ts';
import { AppError } from '../http/errors.ts';
import {
  findConsent,
  findOwnerWallet,
  insertConsent,
  useConsentAndQueue,
} from './consent-repository.ts';
import type { ConsentFactorPrompt } from './consent-factor.ts';
import type { OwnerKind } from './key-repository.ts';

export interface Owner {
  kind: OwnerKind;
  id: string;
  /** A sponsor's API key acting for them (Actor.apiKeyId): its consents are its own. */
  apiKeyId?: string;
}

export const CONSENT_MESSAGES = {
  invalid: 'This consent token is not valid',
  used: 'This consent token has already been used',
  expired: 'This consent token has expired. Please try again',
  otherOwner: 'This consent token was not issued to your account',
  altered: 'This consent token was issued for a different transaction',
  noWallet: 'Your account has no wallet yet',
  factorRequired: SECURITY_MESSAGES.confirmSecondFactor,
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

export const payloadHash = (action: ActionPayload) => sha256(canonical(action));

/**
 * Only a well-formed action is ever consented to or queued, so nothing the
 * chain would refuse to encode (an amount above a uint256, say) gets a token.
 */
function wellFormed(actions: ActionRegistry, action: ActionPayload): ActionPayload {
  const parsed = actions.schema.safeParse(action);
  if (!parsed.success) {
    throw new AppError(400, parsed.error.issues[0]?.message ?? 'This action is not valid');
  }
  return parsed.data;
}

export interface ConsentRequest {
  consentToken: string;
  description: string;
  expiresAt: string;
  /** The owner has a second factor: confirming asks for it. */
  secondFactor?: SecondFactorRequired;
}

/** The sha256 of a consent token, as the consent store keys it. */
export const consentTokenHash = (consentToken: string) => sha256(consentToken);

/**
 * Stores the consent to `given` and answers its token and words. With
 * `limits`, an account at one of them is told so instead (429, with when to
 * try again), before it is asked to confirm anything. `given` is a module's
 * own action; `actions` (the platform's registry) checks it is one it knows.
 */
export async function requestConsent<Action extends RegisteredAction>(
  actions: ActionRegistry,
  db: Queryable,
  owner: Owner,
  given: Action,
  limits?: AccountLimits,
  factors?: ConsentFactorPrompt,
): Promise<ConsentRequest> {
  const action = wellFormed(actions, given);
  // Every part of an action split into several counts before the person confirms anything.
  const need = actions.need(action);
  const tooLarge = tooLargeForLimits(owner, limits, need);
  if (tooLarge) throw tooLarge;
  const consentToken = randomBytes(TOKEN_BYTES).toString('base64url');
  const description = actions.describe(action);
  const consent = {
    tokenHash: sha256(consentToken),
    ownerKind: owner.kind,
    ownerId: owner.id,
    action,
    payloadHash: payloadHash(action),
    description,
    ttlMs: CONSENT_TOKEN_TTL_MS,
    factorChallenge: randomBytes(TOKEN_BYTES).toString('base64url'),
    apiKeyId: owner.apiKeyId ?? null,
  };
  let stored = await insertConsent(db, consent, limitParams(owner, limits, need));
  if (!stored) {
    const refusal = limits && (await accountLimitRefusal(db, owner, limits, need));
    if (refusal) throw refusal;
    // Room was made between the two reads (an action of theirs ended).
    stored = (await insertConsent(db, consent, limitParams(owner, undefined)))!;
  }
  const secondFactor = stored.factorRequired
    ? await factors?.forConsent(owner, consent.factorChallenge)
    : null;
  return {
    consentToken,
    description,
    expiresAt: stored.expiresAt.toISOString(),
    ...(secondFactor ? { secondFactor } : {}),
  };
}

export interface Queued {
  status: 'QUEUED';
  transactionId: string;
  /** Every transaction queued, when the action was split into parts (transactionId is the first). */
  transactionIds?: string[];
}

/**
 * Checks the token against its owner and action, marks it used and queues the
 * action, in one statement; `alsoDo` runs in the same database transaction for
 * the business change, and an admin's action is written to the audit log there
 * too. A refused token changes nothing. An action too large
 * for one block (its definition's `split`) is queued as one chain transaction
 * per part, all under this one consent, in the same database transaction.
 * With `limits`, the account's fair use is checked first, under its lock, in
 * that same transaction: an account at a limit gets 429 and keeps its token.
 */
export async function submitConsent<Action extends RegisteredAction>(
  actions: ActionRegistry,
  db: Database,
  owner: Owner,
  consentToken: string,
  given: Action,
  alsoDo?: (tx: Queryable, transactionId: string) => Promise<void>,
  limits?: AccountLimits,
): Promise<Queued> {
  const action = wellFormed(actions, given);
  const tokenHash = sha256(consentToken);
  const [first = action, ...rest] = actions.split(action);
  const need = actions.need(action);
  const transactionIds = [first, ...rest].map(() => randomUUID());
  const transactionId = transactionIds[0] ?? randomUUID();
  // Concurrent submissions of one token wait on its row and then find it used.
  const queue = async (q: Queryable) => {
    const queued = await useConsentAndQueue(q, {
      tokenHash,
      ownerKind: owner.kind,
      ownerId: owner.id,
      // The consent is for the whole action; its first part takes the consent's row.
      payloadHash: payloadHash(action),
      transactionId,
      action: first,
      statusChannel: STATUS_CHANNEL,
      limits: limitParams(owner, limits, need),
      apiKeyId: owner.apiKeyId ?? null,
    });
    if (!queued) throw await refusal(q, tokenHash, owner, action, limits, need);
    for (const [index, part] of rest.entries()) {
      await insertQueuedTransaction(q, {
        id: transactionIds[index + 1] ?? randomUUID(),
        ownerKind: owner.kind,
        ownerId: owner.id,
        walletAddress: queued.walletAddress,
        action: part,
        description: actions.describe(part),
        // Unique like a consent token's hash: part n of this consent, once.
        consentTokenHash: `${tokenHash}#${index + 2}`,
      });
    }
  };
  // An admin's action is written to the audit log with its transaction, in the same commit.
  const audited = owner.kind === 'admin';
  // Where statements run side by side, the account's submissions wait on each
  // other, so two at once cannot both take the last place under its limit.
  const held = limits !== undefined && db.driver === 'postgres';
  if (alsoDo || rest.length > 0 || audited || held) {
    await db.transaction(async (tx) => {
      if (limits) await holdAccountSubmissions(db, tx, owner);
      await queue(tx);
      await alsoDo?.(tx, transactionId);
      if (audited) await actions.auditAdminAction(tx, owner, action, transactionId);
    });
  } else {
    // The common case: one round trip.
    await queue(db);
  }
  return rest.length > 0
    ? { status: 'QUEUED', transactionId, transactionIds }
    : { status: 'QUEUED', transactionId };
}

/** Why a token was refused, read after the one-statement use found nothing to use. */
async function refusal(
  tx: Queryable,
  tokenHash: string,
  owner: Owner,
  action: ActionPayload,
  limits: AccountLimits | undefined,
  need: ActionNeed,
): Promise<AppError> {
  const consent = await findConsent(tx, tokenHash);
  if (!consent) return new AppError(400, CONSENT_MESSAGES.invalid);
  if (
    consent.ownerKind !== owner.kind ||
    consent.ownerId !== owner.id ||
    consent.apiKeyId !== (owner.apiKeyId ?? null)
  ) {
    return new AppError(403, CONSENT_MESSAGES.otherOwner);
  }
  if (consent.usedAt) return new AppError(409, CONSENT_MESSAGES.used);
  if (consent.expired) return new AppError(410, CONSENT_MESSAGES.expired);
  if (consent.payloadHash !== payloadHash(action))
    return new AppError(400, CONSENT_MESSAGES.altered);
  if (consent.factorRequired && !consent.factorConfirmed) {
    return new AppError(401, CONSENT_MESSAGES.factorRequired);
  }
  if (!(await findOwnerWallet(tx, owner))) return new AppError(409, CONSENT_MESSAGES.noWallet);
  const atLimit = limits && (await accountLimitRefusal(tx, owner, limits, need));
  return atLimit || new AppError(400, CONSENT_MESSAGES.invalid);
}

/** What every action endpoint needs to ask for and take consent. */
export interface ConsentDeps {
  db: Database;
  config: { accountLimits: AccountLimits };
  /** The platform's chain actions (composed at the root): checks, words, parts. */
  actions: ActionRegistry;
  /** How a consent asks a person with a second factor for it (composed at the root). */
  consentFactors?: ConsentFactorPrompt;
}

/**
 * The two-step shape of every action endpoint: without a token, ask for
 * consent; with one, queue the action it was issued for. An account at the
 * relayers' fair-use limits is told so (429, with when to try again) at both
 * steps, before it confirms anything and before its consent is used.
 */
export async function consentOrQueue<Action extends RegisteredAction>(
  deps: ConsentDeps,
  owner: Owner,
  action: Action,
  consentToken: string | undefined,
  alsoDo?: (tx: Queryable, transactionId: string) => Promise<void>,
): Promise<ConsentRequest | Queued> {
  const limits = deps.config.accountLimits;
  return consentToken
    ? submitConsent(deps.actions, deps.db, owner, consentToken, action, alsoDo, limits)
    : requestConsent(deps.actions, deps.db, owner, action, limits, deps.consentFactors);
}
