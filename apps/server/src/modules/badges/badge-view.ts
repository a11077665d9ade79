// A badge as the API answers it: spec section 3's field names, GETS as
// decimal strings, dates as ISO strings.
import { formatGets, type Badge } from '@gets/schema';
import { transactionLinkOf } from '../../chain/transaction-link.ts';
import type { StoredBadge } from './badge-repository.ts';

export function toBadgeView(
  badge: StoredBadge,
  options: { explorerUrl?: string | undefined },
): Badge {
  const isDraft = badge.status === 'DRAFT' || badge.status === 'PUBLISHING';
  return {
    _id: badge.id,
    name: badge.name,
    badgeNo: badge.onChainId,
    description: badge.description,
    image: badge.image,
    amountOfToken: formatGets(badge.amountOfToken),
    numberOfBadge: badge.numberOfBadge,
    availableBadge: Math.max(0, badge.numberOfBadge - badge.approvedCount),
    awardCriteria: badge.awardCriteria,
    educationsDetails: badge.educationsDetails,
    extraLink: badge.extraLink,
    batchExpiryDate: badge.batchExpiryDate.toISOString(),
    expiryDate: badge.expiryDate?.toISOString() ?? null,
    approvalDeadline: badge.approvalDeadline?.toISOString() ?? null,
    sponsorAddress: badge.sponsor.account,
    sponsorName: badge.sponsor.fullName,
    sponsor: {
      _id: badge.sponsorId,
      fullName: badge.sponsor.fullName,
      userName: badge.sponsor.userName,
      profilePic: badge.sponsor.profilePic,
      isVerified: badge.sponsor.isVerified,
    },
    badgeAccess: badge.isPublic ? 'public' : 'private',
    isPublic: badge.isPublic,
    isDraft,
    // A publish in flight is still the sponsor's draft to the outside.
    status: badge.status === 'PUBLISHING' ? 'DRAFT' : badge.status,
    isVerified: badge.status === 'VERIFIED',
    onChainId: badge.onChainId,
    transactionHash: badge.transactionHash,
    transactionChainScanUrl: transactionLinkOf(options.explorerUrl, badge.transactionHash),
    applicationCount: badge.applicationCount,
    createdAt: badge.createdAt.toISOString(),
    publishedAt: badge.publishedAt?.toISOString() ?? null,
  };
}
