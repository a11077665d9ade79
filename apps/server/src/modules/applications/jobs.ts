// Scheduled work of applications: an approval never claimed within the claim
// period is released on chain by the platform's own wallet
// (releaseExpiredApprovals): on a live badge it can be awarded to another
// earner, on a deleted or banned one its reward goes back to the sponsor; its
// completion marks the application EXPIRED and frees the badge's slot.
import { createHash } from 'node:crypto';
import { queueSystemAction, type SystemJobDeps } from '../../custody/system-wallet.ts';
import type { WorkerJob } from '../../worker/worker.ts';
import { lockDueForRelease, startRelease } from './application-repository.ts';

/** How often the worker looks for approvals past their claim deadline. */
export const RELEASE_CHECK_INTERVAL_MS = 30_000;
/** Approvals released per chain call; the next run takes the rest. */
const RELEASE_BATCH = 50;

/**
 * Queues one releaseExpiredApprovals for the approvals whose claim deadline
 * passed (chain time), marking them in the same database transaction; rows
 * another worker holds are skipped, so each approval is released once.
 * Answers how many approvals it queued.
 */
export async function releaseExpiredApprovals(deps: SystemJobDeps): Promise<number> {
  // The contract decides by block time, so the deadline is compared with it.
  const block = await deps.chain.publicClient.getBlock({ blockTag: 'latest' });
  return deps.db.transaction(async (tx) => {
    const due = await lockDueForRelease(
      tx,
      new Date(Number(block.timestamp) * 1000),
      RELEASE_BATCH,
    );
    if (due.length === 0) return 0;
    const requestIds = due.map((d) => d.onChainId);
    // Once per set of approvals at this block: a release that failed (its rows
    // freed again) is queued anew at a later block.
    const onceKey = `release-expired-approvals:${block.number}:${createHash('sha256')
      .update(requestIds.join(','))
      .digest('hex')}`;
    const transactionId = await queueSystemAction(
      deps.actions,
      tx,
      deps.keystore,
      { type: 'releaseExpiredApprovals', requestIds },
      onceKey,
    );
    if (!transactionId) return 0;
    await startRelease(
      tx,
      due.map((d) => d.id),
      transactionId,
    );
    return due.length;
  });
}

export function applicationJobs(deps: SystemJobDeps): WorkerJob[] {
  return [
    {
      name: 'release-expired-approvals',
      intervalMs: RELEASE_CHECK_INTERVAL_MS,
      run: async () => {
        await releaseExpiredApprovals(deps);
      },
    },
  ];
}
