// Scheduled work of badges: a badge no admin approved within the approval
// period is removed on chain (its sponsor refunded) by the platform's own
// wallet, once per badge, and marked REMOVED when that completes.
import { queueSystemAction, type SystemJobDeps } from '../../custody/system-wallet.ts';
import type { WorkerJob } from '../../worker/worker.ts';
import { findDueForRemoval, setRemovalQueued } from './badge-removal-repository.ts';

/** How often the worker looks for badges past their approval deadline. */
export const REMOVAL_CHECK_INTERVAL_MS = 30_000;
/** Badges queued for removal per run; the next run takes the rest. */
const REMOVAL_BATCH = 100;

/** Queues removeUnapprovedBadge for every badge past its deadline; answers how many it queued. */
export async function removeUnapprovedBadges(deps: SystemJobDeps): Promise<number> {
  // The contract decides by block time, so the deadline is compared with it.
  const block = await deps.chain.publicClient.getBlock({ blockTag: 'latest' });
  const due = await findDueForRemoval(
    deps.db,
    new Date(Number(block.timestamp) * 1000),
    REMOVAL_BATCH,
  );
  let queued = 0;
  for (const badge of due) {
    await deps.db.transaction(async (tx) => {
      const transactionId = await queueSystemAction(
        deps.actions,
        tx,
        deps.keystore,
        { type: 'removeUnapprovedBadge', badgeId: badge.onChainId },
        `remove-unapproved-badge:${badge.onChainId}`,
      );
      // null: another worker queued it, and marks it in its own transaction.
      if (transactionId) {
        await setRemovalQueued(tx, badge.id, transactionId);
        queued += 1;
      }
    });
  }
  return queued;
}

export function badgeJobs(deps: SystemJobDeps): WorkerJob[] {
  return [
    {
      name: 'remove-unapproved-badges',
      intervalMs: REMOVAL_CHECK_INTERVAL_MS,
      run: async () => {
        await removeUnapprovedBadges(deps);
      },
    },
  ];
}
