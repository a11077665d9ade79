// Fair use of the relayers: the platform pays the gas of every chain action,
// so one account may have only so many actions on their way at once, and
// spend only so much relayer gas a day. Checked when consent is asked (so a
// person learns it before confirming) and again, under the account's lock,
// when it is given, before the consent is used: a refusal spends nothing.
// The checks ride in the consent statements themselves (consent-repository.ts
// with withinAccountLimits); only a refusal reads why.
import { FAIR_USE_MESSAGES } from '@gets/schema';
import type { Database, Queryable } from '../../db/database.ts';
import type { WorkerJob } from '../../worker/worker.ts';
import type { OwnerKind } from '../../keys/owner-kind.ts';
import { AppError } from '../../http/errors.ts';
import type { ActionNeed } from '../action-registry.ts';
import { accountUse, lockAccountSubmissions, pruneGasUse } from './fair-use-repository.ts';

export interface AccountLimits {
  /** Chain actions (transactions QUEUED or SENT) one account may have at once. */
  maxInFlight: number;
  /** Relayer gas one account's requests may be budgeted per UTC day. */
  dailyGas: bigint;
}

/** Seconds a refused caller is told to wait while an action of theirs is on its way. */
const IN_FLIGHT_RETRY_SECONDS = 5;

/** One transaction and no gas counted ahead: an action that is not split. */
const SINGLE: ActionNeed = { transactions: 1, gas: 0n };

/**
 * The limits the consent statements hold an owner to, as their parameters:
 * none (nulls) for the platform's own wallet, which acts for everyone
 * (releases, removals) and is never held back. An action of several parts
 * needs room for all of them: the statements' "fewer than max in flight" and
 * "less than the gas budget used" are moved by what the action needs.
 */
export function limitParams(
  owner: { kind: OwnerKind },
  limits: AccountLimits | undefined,
  need: ActionNeed = SINGLE,
): { maxInFlight: number | null; dailyGas: string | null } {
  if (!limits || owner.kind === 'system') return { maxInFlight: null, dailyGas: null };
  return {
    maxInFlight: limits.maxInFlight - (need.transactions - 1),
    dailyGas: (limits.dailyGas - need.gas).toString(),
  };
}

/**
 * An action larger than the limits themselves (more parts than may be in flight at once, or
 * more gas than a day's allowance): refused outright, since no wait would make room for it.
 */
export function tooLargeForLimits(
  owner: { kind: OwnerKind },
  limits: AccountLimits | undefined,
  need: ActionNeed,
): AppError | null {
  if (!limits || owner.kind === 'system') return null;
  if (need.transactions > limits.maxInFlight || need.gas >= limits.dailyGas) {
    return new AppError(
      400,
      FAIR_USE_MESSAGES.tooLarge({
        transactions: need.transactions,
        maxInFlight: limits.maxInFlight,
        gas: need.gas,
        dailyGas: limits.dailyGas,
      }),
    );
  }
  return null;
}

/**
 * Why the account is at a limit, as the 429 to answer (with when to try
 * again), or null when it is not (any more).
 */
export async function accountLimitRefusal(
  db: Queryable,
  owner: { kind: OwnerKind; id: string },
  limits: AccountLimits,
  need: ActionNeed = SINGLE,
): Promise<AppError | null> {
  if (owner.kind === 'system') return null;
  const use = await accountUse(db, owner);
  if (use.inFlight + need.transactions > limits.maxInFlight) {
    return new AppError(429, FAIR_USE_MESSAGES.tooManyInFlight(limits.maxInFlight), {
      retryAfterSeconds: IN_FLIGHT_RETRY_SECONDS,
    });
  }
  if (use.gasToday + need.gas >= limits.dailyGas) {
    const wait = Math.max(1, Math.ceil(use.secondsToNextDay));
    return new AppError(429, FAIR_USE_MESSAGES.dailyGasUsed(wait), { retryAfterSeconds: wait });
  }
  return null;
}

/**
 * Holds the account's submissions until the caller's transaction ends, where
 * statements run side by side (PostgreSQL): two submissions at once cannot
 * both find room under the in-flight limit. PGlite runs one at a time.
 */
export async function holdAccountSubmissions(
  db: Pick<Database, 'driver'>,
  tx: Queryable,
  owner: { kind: OwnerKind; id: string },
): Promise<void> {
  if (db.driver === 'postgres' && owner.kind !== 'system') await lockAccountSubmissions(tx, owner);
}

/** Days of gas use kept: today's is the one that counts; a week is there for operators to read. */
export const GAS_USE_KEPT_DAYS = 7;

/** The worker job that deletes accounts' gas use older than GAS_USE_KEPT_DAYS, hourly. */
export function gasUsePruningJob(deps: { db: Queryable }): WorkerJob {
  return {
    name: 'gas-use-pruning',
    intervalMs: 3_600_000,
    run: async () => {
      await pruneGasUse(deps.db, GAS_USE_KEPT_DAYS);
    },
  };
}
