// Fair use of the relayers: the platform pays the gas of every chain action,
// so one account may have only so many actions on their way at once, and
// spend only so much relayer gas a day. Checked when consent is asked (so a
// person learns it before confirming) and again, under the account's lock,
// when it is given, before the consent is used: a refusal spends nothing.
import { FAIR_USE_MESSAGES } from '@gets/schema';
import type { Queryable } from '../../db/database.ts';
import type { WorkerJob } from '../../worker/worker.ts';
import type { OwnerKind } from '../../custody/key-repository.ts';
import { AppError } from '../../http/errors.ts';
import { accountUse, lockAccountSubmissions, pruneGasUse } from './fair-use-repository.ts';

export interface AccountLimits {
  /** Chain actions (transactions QUEUED or SENT) one account may have at once. */
  maxInFlight: number;
  /** Relayer gas one account's requests may be budgeted per UTC day. */
  dailyGas: bigint;
}

/** Seconds a refused caller is told to wait while an action of theirs is on its way. */
const IN_FLIGHT_RETRY_SECONDS = 5;

/** Throws 429 with when to try again, if the account is at either limit. */
export async function checkAccountLimits(
  db: Queryable,
  owner: { kind: OwnerKind; id: string },
  limits: AccountLimits,
): Promise<void> {
  // The platform's own wallet acts for everyone (releases, removals): never held back.
  if (owner.kind === 'system') return;
  const use = await accountUse(db, owner);
  if (use.inFlight >= limits.maxInFlight) {
    throw new AppError(429, FAIR_USE_MESSAGES.tooManyInFlight(limits.maxInFlight), {
      retryAfterSeconds: IN_FLIGHT_RETRY_SECONDS,
    });
  }
  if (use.gasToday >= limits.dailyGas) {
    const wait = Math.max(1, Math.ceil(use.secondsToNextDay));
    throw new AppError(429, FAIR_USE_MESSAGES.dailyGasUsed(wait), { retryAfterSeconds: wait });
  }
}

/** The same check, holding the account's submissions until the caller's transaction ends. */
export async function checkAccountLimitsLocked(
  tx: Queryable,
  owner: { kind: OwnerKind; id: string },
  limits: AccountLimits,
): Promise<void> {
  if (owner.kind === 'system') return;
  await lockAccountSubmissions(tx, owner);
  await checkAccountLimits(tx, owner, limits);
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
