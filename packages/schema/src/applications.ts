// Badge applications and awards (spec sections 3 "Badge application" and
// "Sponsor data", 4 "Application"): the statuses of an application, the texts
// its calls answer with, and an application and an award as the API answers
// them. The apply form is application-form.ts, the request bodies of apply,
// whitelist, review and claim application-requests.ts, the whitelist from a
// CSV file whitelist-csv.ts.
import { z } from 'zod';
import { envelope } from './api.ts';
import { badgeSchema } from './badges.ts';

export const PROGRAM_MAX_LENGTH = 200;
/** Applications one review (one consent, one processRequests call) may decide. */
export const MAX_APPLICATIONS_PER_REVIEW = 100;

/**
 * REQUESTING: the request is on its way to the chain (never shown).
 * APPLIED: on chain, waiting for the sponsor ("Under review").
 * APPROVED: the sponsor approved it; the earner may claim until claimDeadline.
 * REJECTED: the sponsor rejected it. TOKEN_CLAIMED: badge and reward claimed.
 * EXPIRED: approved but never claimed; released when the claim period ended.
 */
export const APPLICATION_STATUSES = [
  'APPLIED',
  'APPROVED',
  'REJECTED',
  'TOKEN_CLAIMED',
  'EXPIRED',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Texts the application calls answer with (besides the spec's own). */
export const APPLICATION_MESSAGES = {
  notFound: 'Application not found',
  notYours: 'This application is not yours',
  accountMismatch: 'This account is not yours',
  emailMismatch: 'The email does not belong to your account',
  noWallet: 'Your account has no wallet yet',
  badgeNotFound: 'Badge not found',
  notYourBadge: 'Only the sponsor of this badge can do this',
  badgeNotOpen: 'This badge is not open for applications',
  badgeBanned: 'This badge is banned',
  badgeExpired: 'This badge has expired',
  badgeClosed: 'This badge can no longer be awarded',
  alreadyApplied: 'You have already applied for this badge',
  applying: 'Your application for this badge is already on its way',
  notWhitelisted: 'This private badge accepts only earners its sponsor whitelisted',
  publicBadge: 'Only private badges have a whitelist',
  alreadyWhitelisted: 'This earner is already whitelisted for this badge',
  sponsorNotEarner: 'You cannot whitelist your own wallet',
  notAnEarner: 'This wallet does not belong to an earner',
  requestNotCompleted: 'This application is not on chain yet',
  notPending: 'This application has already been reviewed',
  reviewing: 'This application is already being reviewed',
  reviewNotCompleted: 'The review of this application is not on chain yet',
  statusMismatch: 'The application was not given this status on chain',
  duplicateApplication: 'An application is listed twice',
  lengthMismatch: 'Send one approval (true or false) per application',
  notApproved: 'This application has not been approved',
  rejected: 'This application was rejected',
  claimPeriodOver: 'The claim period of this badge has ended',
  claiming: 'This badge is already being claimed',
  alreadyClaimed: 'Tokens already claimed',
  claimNotCompleted: 'The claim of this badge is not on chain yet',
  consentRequired: 'Consent required',
  queued: 'Transaction queued',
  applied: 'Applied for the badge successfully',
  approved: 'Application Approved',
  rejectedDone: 'Application Rejected',
  claimed: 'Claimed badge successfully',
  tokensTransferred: 'Tokens transferred',
  applications: 'Applications',
  application: 'Application',
  awards: 'Awards',
} as const;

/** Approving more applications than the badge has left, refused before anything is signed. */
export function tooManyApprovalsMessage(badgeName: string, left: number): string {
  return left <= 0
    ? `All badges of "${badgeName}" are claimed: no application can be approved`
    : `Only ${left} ${left === 1 ? 'badge is' : 'badges are'} left for "${badgeName}": approve at most ${left} ${left === 1 ? 'application' : 'applications'}`;
}

/** An application as spec section 3 names its fields. */
export const applicationSchema = z.object({
  _id: z.string(),
  badgeId: z.string(),
  fullName: z.string(),
  program: z.string().nullable(),
  awardCriteria: z.boolean(),
  /** Whether the earner sent evidence ("Evidence for Awarding Criteria"). */
  awardingCriteriaEvidence: z.boolean(),
  requestedEvidenceDoc: z.string().nullable(),
  studentAddress: z.string(),
  earnerAddress: z.string(),
  /** The request's id on chain. */
  onChainId: z.string().nullable(),
  /** The badge token minted by the claim. */
  tokenId: z.string().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  /** A review of it is on its way to the chain. */
  reviewing: z.boolean(),
  /** A claim of it is on its way to the chain. */
  claiming: z.boolean(),
  /** Until when an approved earner may claim (the claim period). */
  claimDeadline: z.string().nullable(),
  /** The reward paid by the claim, GETS. */
  rewardAmount: z.string().nullable(),
  /** The award's (claim's) transaction. */
  assignedHash: z.string().nullable(),
  assignedAt: z.string().nullable(),
  transactionChainScanUrl: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type Application = z.infer<typeof applicationSchema>;

/** An application with its badge (the earner's lists: My Applications, earned badges). */
export const applicationWithBadgeSchema = applicationSchema.extend({ badge: badgeSchema });
export type ApplicationWithBadge = z.infer<typeof applicationWithBadgeSchema>;

export const applicationResponseSchema = envelope(applicationSchema);
export const applicationListResponseSchema = envelope(z.array(applicationSchema));
export const applicationWithBadgeListResponseSchema = envelope(z.array(applicationWithBadgeSchema));

/**
 * GET /badge/applicationlist/{badgeId}/{account}: for the earner, eligible
 * when they have no application yet; for the badge's sponsor, the
 * application of a wallet that applied, and for any other wallet the same
 * answer (not eligible, no application), so it tells nothing of a wallet.
 */
export const applicationOfSchema = z.object({
  eligible: z.boolean(),
  application: applicationSchema.nullable(),
});
export type ApplicationOf = z.infer<typeof applicationOfSchema>;
export const applicationOfResponseSchema = envelope(applicationOfSchema);

/** POST /metakeep/transfer/token: the reward the claim paid. */
export const rewardTransferSchema = z.object({
  badgeId: z.string(),
  account: z.string(),
  amount: z.string(),
  transactionHash: z.string(),
  transactionChainScanUrl: z.string().nullable(),
});
export const rewardTransferResponseSchema = envelope(rewardTransferSchema);

/** One earner holding a badge (the badge page's "Earner details"). */
export const badgeEarnerSchema = z.object({
  name: z.string(),
  assignedAt: z.string(),
  transactionHash: z.string(),
  explorerUrl: z.string().nullable(),
});
export const badgeEarnersResponseSchema = envelope(z.array(badgeEarnerSchema));

/** Spec section 3 "Sponsor data": an award winner of the sponsor's badges. */
export const awardWinnerSchema = z.object({
  applicationId: z.string(),
  fullName: z.string(),
  studentAddress: z.string(),
  assignedHash: z.string(),
  assignedAt: z.string(),
  transactionChainScanUrl: z.string().nullable(),
  badgeId: z.string(),
  badgeName: z.string(),
  /** The reward paid, GETS. */
  amount: z.string(),
});
export type AwardWinner = z.infer<typeof awardWinnerSchema>;
export const awardWinnersResponseSchema = envelope(z.array(awardWinnerSchema));

/** GET /user/sponsor/total-awards/{account}: awards claimed and GETS paid in them. */
export const totalAwardsSchema = z.object({
  totalAwards: z.number().int(),
  totalTokens: z.string(),
});
export type TotalAwards = z.infer<typeof totalAwardsSchema>;
export const totalAwardsResponseSchema = envelope(totalAwardsSchema);
