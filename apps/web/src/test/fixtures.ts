// Sample records of the API, as the screens' tests stub them.
import type { Badge } from '@gets/schema';
import { VERIFIED_SPONSOR } from './render-route';

/** A published, approved public badge of VERIFIED_SPONSOR (as its id 'sponsor-1'), open to applications. */
export function sampleBadge(overrides: Partial<Badge> = {}): Badge {
  return {
    _id: '5b7d1c52-8f0e-4a8e-9b0a-1c2d3e4f5a6b',
    name: 'Intro to Solidity',
    badgeNo: '12',
    description: 'Awarded to learners who finish the course.',
    image: '/gs-api/ipfs/bafkreiimage',
    amountOfToken: '10',
    numberOfBadge: 5,
    availableBadge: 4,
    awardCriteria: 'Complete all five modules and pass the final quiz',
    educationsDetails: 'The quiz certificate',
    extraLink: null,
    batchExpiryDate: new Date(Date.now() + 10 * 86_400_000).toISOString(),
    expiryDate: null,
    approvalDeadline: null,
    sponsorAddress: VERIFIED_SPONSOR.account,
    sponsorName: VERIFIED_SPONSOR.fullName,
    sponsor: {
      _id: 'sponsor-1',
      fullName: VERIFIED_SPONSOR.fullName,
      userName: VERIFIED_SPONSOR.userName,
      profilePic: null,
      isVerified: true,
    },
    badgeAccess: 'public',
    isPublic: true,
    isDraft: false,
    status: 'VERIFIED',
    isVerified: true,
    onChainId: '12',
    transactionHash: `0x${'ab'.repeat(32)}`,
    transactionChainScanUrl: null,
    applicationCount: 0,
    createdAt: new Date().toISOString(),
    publishedAt: new Date().toISOString(),
    ...overrides,
  };
}
