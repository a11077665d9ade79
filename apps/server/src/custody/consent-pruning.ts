// The worker's pruning of consents: one is of use until it expires (10
// minutes) or is used; CONSENT_KEPT_MS after its expiry it goes, used or not.
// Until then a token sent again is still told "already used" or "expired"
// rather than "not valid"; after, it is refused all the same, and a used
// one's transaction keeps its own record of what was consented to.
import { deleteInBatches } from '../db/batched-delete.ts';
import type { Database } from '../db/database.ts';
import type { WorkerJob } from '../worker/worker.ts';
import { pruneExpiredConsents } from './consent-repository.ts';

/** How long a consent is kept after its expiry. */
export const CONSENT_KEPT_MS = 24 * 3_600_000;
const CONSENT_PRUNING_INTERVAL_MS = 10 * 60_000;
const CONSENTS_PRUNED_AT_ONCE = 1_000;

/** Deletes, a thousand a statement, the consents expired CONSENT_KEPT_MS before `now()`; answers how many. */
export function pruneOldConsents(
  db: Database,
  now: () => Date = () => new Date(),
): Promise<number> {
  const before = new Date(now().getTime() - CONSENT_KEPT_MS);
  return deleteInBatches(
    (limit) => pruneExpiredConsents(db, { before, limit }),
    CONSENTS_PRUNED_AT_ONCE,
  );
}

export function consentPruningJob(deps: { db: Database }): WorkerJob {
  return {
    name: 'consent-pruning',
    intervalMs: CONSENT_PRUNING_INTERVAL_MS,
    run: async () => {
      await pruneOldConsents(deps.db);
    },
  };
}
