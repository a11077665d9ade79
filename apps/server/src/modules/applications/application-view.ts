// An application as the API answers it: spec section 3's field names, GETS as
// decimal strings, dates as ISO strings; the in-flight rows never leave.
import { formatGets, type Application } from '@gets/schema';
import { transactionLinkOf } from '../../chain/transaction-link.ts';
import type { StoredApplication } from './application-lookup-repository.ts';

export function toApplicationView(
  application: StoredApplication,
  options: { explorerUrl?: string | undefined },
): Application {
  if (application.status === 'REQUESTING') {
    throw new Error(`application ${application.id} is not on chain yet`);
  }
  return {
    _id: application.id,
    badgeId: application.badgeId,
    fullName: application.fullName,
    program: application.program,
    awardCriteria: application.awardCriteria,
    awardingCriteriaEvidence: application.awardingCriteriaEvidence,
    requestedEvidenceDoc: application.requestedEvidenceDoc,
    studentAddress: application.earnerAddress,
    earnerAddress: application.earnerAddress,
    onChainId: application.onChainId,
    tokenId: application.tokenId,
    status: application.status,
    reviewing: application.reviewTransactionId !== null,
    claiming: application.claimPending,
    claimDeadline: application.claimDeadline?.toISOString() ?? null,
    rewardAmount: application.rewardAmount === null ? null : formatGets(application.rewardAmount),
    assignedHash: application.assignedHash,
    assignedAt: application.assignedAt?.toISOString() ?? null,
    transactionChainScanUrl: transactionLinkOf(options.explorerUrl, application.assignedHash),
    createdAt: application.createdAt.toISOString(),
    reviewedAt: application.reviewedAt?.toISOString() ?? null,
  };
}
