// The worker's pruning of "Add to wallet" offers and nonces. An earner may
// ask for as many offers as the rate limit lets through, and each one is a
// row: an offer is of use for its 10 minutes, so OFFERS_KEPT_MS after its
// expiry it goes, redeemed or not. Until then a code sent again is told it
// expired; after, it is an unknown code, refused with the same invalid_grant.
// A nonce nobody used goes once it expired: used or expired, a proof that
// carries it gets the same invalid_nonce.
import { deleteInBatches } from '../../../db/batched-delete.ts';
import type { Database } from '../../../db/database.ts';
import type { WorkerJob } from '../../../worker/worker.ts';
import { pruneExpiredNonces } from './nonce-repository.ts';
import { pruneExpiredOffers } from './offer-repository.ts';

/** How long an offer is kept after its expiry. */
export const OFFERS_KEPT_MS = 24 * 3_600_000;
const OFFER_PRUNING_INTERVAL_MS = 10 * 60_000;
const OFFERS_PRUNED_AT_ONCE = 1_000;

/** Deletes, a thousand a statement, the offers expired OFFERS_KEPT_MS before `now()`; answers how many. */
export function pruneOldOffers(db: Database, now: () => Date = () => new Date()): Promise<number> {
  const before = new Date(now().getTime() - OFFERS_KEPT_MS);
  return deleteInBatches(
    (limit) => pruneExpiredOffers(db, { before, limit }),
    OFFERS_PRUNED_AT_ONCE,
  );
}

/** Deletes, a thousand a statement, the nonces that expired unused before `now()`; answers how many. */
export function pruneUnusedNonces(
  db: Database,
  now: () => Date = () => new Date(),
): Promise<number> {
  const before = now();
  return deleteInBatches(
    (limit) => pruneExpiredNonces(db, { before, limit }),
    OFFERS_PRUNED_AT_ONCE,
  );
}

export function offerPruningJob(deps: { db: Database }): WorkerJob {
  return {
    name: 'credential-offer-pruning',
    intervalMs: OFFER_PRUNING_INTERVAL_MS,
    run: async () => {
      await pruneOldOffers(deps.db);
      await pruneUnusedNonces(deps.db);
    },
  };
}
