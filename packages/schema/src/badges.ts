// Badges (spec sections 3 "Badge" and 7 "Badges"): the limits and statuses
// of a badge, the texts its calls answer with, what publishing costs and how
// expiry days become dates, and the badge as the API answers it. The create
// form is badge-form.ts, the request bodies of the badge calls
// badge-requests.ts.
import { z } from 'zod';
import { envelope } from './api.ts';
import { BADGE_CREATION_FEE_GETS, TOKEN } from './constants.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The chain keeps a batch's size in a uint32. */
export const MAX_BADGES_PER_BATCH = 2 ** 32 - 1;
export const DESCRIPTION_MAX_LENGTH = 5000;
export const CRITERIA_MAX_LENGTH = 5000;
export const EVIDENCE_MAX_LENGTH = 5000;
export const LINK_MAX_LENGTH = 2048;
/** Largest page any badge list answers. */
export const BADGE_PAGE_MAX = 100;
/** Page size of the public lists (Home, Explore, Search) when none is asked. */
export const BADGE_PAGE_DEFAULT = 12;

export const BADGE_ACCESS = ['public', 'private'] as const;
export type BadgeAccess = (typeof BADGE_ACCESS)[number];

/**
 * DRAFT: saved, never on chain. UNDER_VERIFICATION: published (escrow taken),
 * waiting for an admin. VERIFIED: approved, listed. BANNED: by an admin.
 * DELETED: by its sponsor. REMOVED: not approved within the approval period.
 */
export const BADGE_STATUSES = [
  'DRAFT',
  'UNDER_VERIFICATION',
  'VERIFIED',
  'BANNED',
  'DELETED',
  'REMOVED',
] as const;
export type BadgeStatus = (typeof BADGE_STATUSES)[number];

/** Texts the badge calls answer with (besides the spec's own). */
export const BADGE_MESSAGES = {
  notFound: 'Badge not found',
  draftNotFound: 'Draft not found',
  notYours: 'You can only change your own badges',
  notApprovedSponsor: 'Only approved sponsors can create and manage badges',
  notADraft: 'This badge is not a draft',
  draftPublishing: 'This draft is already being published',
  notPublished: 'This badge is not published yet',
  notLive: 'This badge can no longer be changed',
  emailMismatch: 'The email does not belong to your account',
  accountMismatch: 'This account is not yours',
  accessMismatch: 'isPublic and badgeAccess disagree',
  tooMuch: 'The total of this badge is too large',
  createNotCompleted: 'This badge has not been created on chain yet',
  approvalNotCompleted: 'The approval of this badge is not on chain yet',
  deletionNotCompleted: 'The deletion of this badge is not on chain yet',
  expiryDateMismatch: 'The expiry date differs from the one approved on chain',
  expiryDateFuture: 'Expiry date must be in the future',
  notPending: 'This badge is not waiting for approval',
  alreadyBanned: 'This badge is already banned',
  draftSaved: 'Draft Badge created successfully',
  changesSaved: 'Changes saved successfully',
  draftDeleted: 'Draft deleted',
  badgeSaved: 'Badge publised successfully',
  badgeDeleted: 'Badge deleted',
  badgeApproved: 'Badge approved',
  badgeBanned: 'Badge banned',
  consentRequired: 'Consent required',
  queued: 'Transaction queued',
  badges: 'Badges',
  badge: 'Badge',
} as const;

/** http(s) only, with a host: a link a visitor's browser opens. */
export function isWebUrl(value: string): boolean {
  return /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?([/?#]\S*)?$/i.test(value);
}

// ------------------------------------------------------ amounts and dates

const FEE_UNITS = BigInt(BADGE_CREATION_FEE_GETS) * 10n ** BigInt(TOKEN.decimals);

/** The creation fee in base units. */
export const badgeCreationFeeUnits = () => FEE_UNITS;

/** What publishing takes from the sponsor: badges × reward per badge + the fee, in base units. */
export function publishTotalUnits(rewardUnits: bigint, numberOfBadges: number | bigint): bigint {
  return rewardUnits * BigInt(numberOfBadges) + FEE_UNITS;
}

/**
 * Whole days left until a date, rounded up, never below 0: how the edit form
 * shows a draft's batchExpiryDate (spec section 2, Create badge page).
 */
export function daysUntil(date: Date | string, now: number = Date.now()): number {
  const ms = new Date(date).getTime() - now;
  return Math.max(0, Math.ceil(ms / DAY_MS));
}

/** The date `days` whole days from now (spec section 5: expiry in days becomes a date). */
export function dateInDays(days: number, now: number = Date.now()): Date {
  return new Date(now + days * DAY_MS);
}

// ------------------------------------------------------------- answers

export const badgeSponsorSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  userName: z.string(),
  profilePic: z.string().nullable(),
  isVerified: z.boolean(),
});

/** A badge as spec section 3 names its fields; GETS amounts as decimal strings. */
export const badgeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** "GETS {badgeNo}": the badge's number on chain; null for a draft. */
  badgeNo: z.string().nullable(),
  description: z.string(),
  image: z.string(),
  /** Reward per badge, GETS. */
  amountOfToken: z.string(),
  numberOfBadge: z.number().int(),
  /** Badges not yet awarded. */
  availableBadge: z.number().int(),
  awardCriteria: z.string(),
  educationsDetails: z.string().nullable(),
  extraLink: z.string().nullable(),
  batchExpiryDate: z.string(),
  /** The admin's expiry, set at approval. */
  expiryDate: z.string().nullable(),
  /** Until when an admin may approve it; after, it is removed and refunded. */
  approvalDeadline: z.string().nullable(),
  sponsorAddress: z.string().nullable(),
  sponsorName: z.string(),
  sponsor: badgeSponsorSchema,
  badgeAccess: z.enum(BADGE_ACCESS),
  isPublic: z.boolean(),
  isDraft: z.boolean(),
  status: z.enum(BADGE_STATUSES),
  isVerified: z.boolean(),
  onChainId: z.string().nullable(),
  transactionHash: z.string().nullable(),
  transactionChainScanUrl: z.string().nullable(),
  /** Applications received: what "popular" sorts by. */
  applicationCount: z.number().int(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type Badge = z.infer<typeof badgeSchema>;

export const badgeResponseSchema = envelope(badgeSchema);
export const badgeListDataSchema = z.object({
  badges: z.array(badgeSchema),
  /**
   * Matching badges in all, with the first page only (null after). A name
   * search's matches are not counted: null unless they all fit in the first page.
   */
  total: z.number().int().nullable(),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type BadgeListPage = z.infer<typeof badgeListDataSchema>;
export const badgeListResponseSchema = envelope(badgeListDataSchema);
export const badgeArrayResponseSchema = envelope(z.array(badgeSchema));
export const sponsorPublishedAdminResponseSchema = envelope(
  z.object({ badges: z.array(badgeSchema), totalBadge: z.number().int() }),
);
export const adminBadgesDataSchema = z.object({
  badges: z.array(badgeSchema),
  /** Badges of the status and access asked for, whatever the name (matches are not counted). */
  total: z.number().int(),
  /** Whether the next page holds any badge. */
  hasMore: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Days an admin has to approve a badge (the settings contract's approvalPeriod). */
  approvalPeriod: z.number().int(),
});
export type AdminBadgesPage = z.infer<typeof adminBadgesDataSchema>;
export const adminBadgesResponseSchema = envelope(adminBadgesDataSchema);
