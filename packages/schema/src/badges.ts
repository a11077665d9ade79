// Badges (spec sections 3 "Badge", "Create-badge form fields", 5 "Create badge
// form" and 7 "Badges"): the create form as the sponsor types it, the request
// bodies of the badge calls and the badge as the API answers it. The web form
// and the server validate with these, so a field shows the message the server
// answers with.
import { z } from 'zod';
import { getsAmountSchema, MAX_UINT256, parseGetsAmount } from './amount.ts';
import { envelope } from './api.ts';
import {
  AWARD_CRITERIA_MIN_LENGTH,
  BADGE_COUNT_MIN,
  BADGE_CREATION_FEE_GETS,
  BADGE_LIST_FILTERS,
  EXPIRY_MIN_DAYS,
  TITLE_MAX_LENGTH,
  TOKEN,
  TOKEN_AMOUNT_MIN,
} from './constants.ts';
import { consentTokenSchema } from './custody.ts';
import { VALIDATION } from './messages.ts';

const M = VALIDATION.badge;
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

// ------------------------------------------------------------- form (web)

/**
 * A whole-number input of the form (tokens, badges, expiry days): digits only,
 * with the spec's four messages (number, required, positive, at least 1).
 */
function countField(messages: { number: string; required: string; positive: string; min: string }) {
  return z.string({ error: messages.required }).superRefine((value, ctx) => {
    const text = value.trim();
    if (text === '') return ctx.addIssue({ code: 'custom', message: messages.required });
    if (!/^\d+(\.\d+)?$/.test(text))
      return ctx.addIssue({ code: 'custom', message: messages.number });
    const number = Number(text);
    if (number <= 0) return ctx.addIssue({ code: 'custom', message: messages.positive });
    if (number < 1) ctx.addIssue({ code: 'custom', message: messages.min });
  });
}

const titleSchema = z
  .string({ error: M.titleRequired })
  .trim()
  .min(1, M.titleRequired)
  .max(TITLE_MAX_LENGTH, M.titleMax);
const criteriaSchema = z
  .string({ error: M.criteriaRequired })
  .trim()
  .min(1, M.criteriaRequired)
  .min(AWARD_CRITERIA_MIN_LENGTH, M.criteriaMin)
  .max(CRITERIA_MAX_LENGTH, `Award criteria must be at most ${CRITERIA_MAX_LENGTH} characters`);
const descriptionSchema = z
  .string({ error: M.descriptionRequired })
  .trim()
  .min(1, M.descriptionRequired)
  .max(DESCRIPTION_MAX_LENGTH, `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`);

/** http(s) only, with a host: a link a visitor's browser opens. */
export function isWebUrl(value: string): boolean {
  return /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?([/?#]\S*)?$/i.test(value);
}

/** Optional video link: empty is none; anything else must be a URL. */
const videoLinkSchema = z
  .string({ error: M.videoLinkUrl })
  .trim()
  .max(LINK_MAX_LENGTH, M.videoLinkUrl)
  .refine((value) => value === '' || isWebUrl(value), M.videoLinkUrl);

const evidenceSchema = z
  .string()
  .trim()
  .max(EVIDENCE_MAX_LENGTH, `Evidence must be at most ${EVIDENCE_MAX_LENGTH} characters`);

const badgeAccessSchema = z.enum(BADGE_ACCESS, { error: M.badgeAccessRequired });

/** The create-badge form (spec section 3, "Create-badge form fields"), validated on change. */
export const badgeFormSchema = z.object({
  title: titleSchema,
  tokens: countField({
    number: M.tokensNumber,
    required: M.tokensRequired,
    positive: M.tokensPositive,
    min: M.tokensMin,
  }),
  badges: countField({
    number: M.badgesNumber,
    required: M.badgesRequired,
    positive: M.badgesPositive,
    min: M.badgesMin,
  }),
  criteria: criteriaSchema,
  expiry: countField({
    number: M.expiryNumber,
    required: M.expiryRequired,
    positive: M.expiryPositive,
    min: M.expiryMin,
  }),
  description: descriptionSchema,
  videoLink: videoLinkSchema,
  badgeAccess: badgeAccessSchema,
  evidence: evidenceSchema,
});
export type BadgeFormInput = z.input<typeof badgeFormSchema>;

// ------------------------------------------------------ amounts and dates

const FEE_UNITS = BigInt(BADGE_CREATION_FEE_GETS) * 10n ** BigInt(TOKEN.decimals);
const MIN_REWARD_UNITS = BigInt(TOKEN_AMOUNT_MIN) * 10n ** BigInt(TOKEN.decimals);

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

/**
 * The reward per badge: the one GETS amount rule, then the spec's minimum of
 * one token ("Number of tokens must be atleast 1!").
 */
export const rewardAmountSchema = getsAmountSchema.superRefine((value, ctx) => {
  const checked = parseGetsAmount(value);
  if (checked.ok && checked.units < MIN_REWARD_UNITS) {
    ctx.addIssue({ code: 'custom', message: M.tokensMin });
  }
});

/** Number of badges: a whole number from 1, at most what the chain holds. */
export const numberOfBadgeSchema = z
  .union([z.number(), z.string().regex(/^\s*-?\d+(\.\d+)?\s*$/, M.badgesNumber)], {
    error: M.badgesNumber,
  })
  .transform((value) => Number(value))
  .pipe(
    z
      .number({ error: M.badgesNumber })
      .refine((n) => n > 0, M.badgesPositive)
      .refine((n) => n >= BADGE_COUNT_MIN, M.badgesMin)
      .refine((n) => Number.isInteger(n), 'Number of badges must be a whole number')
      .refine(
        (n) => n <= MAX_BADGES_PER_BATCH,
        `Number of badges must be at most ${MAX_BADGES_PER_BATCH}`,
      ),
  );

/**
 * batchExpiryDate: an ISO date or a millisecond timestamp. At least one day of
 * expiry means, rounded up to whole days as the form shows it, a date after now.
 */
export const batchExpiryDateSchema = z
  .union([z.string(), z.number()], { error: M.expiryRequired })
  .transform((value, ctx) => {
    const date = new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: M.expiryNumber });
      return z.NEVER;
    }
    return date;
  })
  .refine((date) => daysUntil(date) >= EXPIRY_MIN_DAYS, M.expiryMin)
  .refine((date) => date.getTime() < Date.UTC(10000, 0, 1), M.expiryNumber);

/** A badge image: an uploaded image's URL (POST /badge/imageCreate) or an http(s) URL. */
export const badgeImageSchema = z
  .string({ error: M.imageRequired })
  .trim()
  .min(1, M.imageRequired)
  .max(LINK_MAX_LENGTH, 'Image URL is too long')
  .refine((value) => /^\/\S+$/.test(value) || isWebUrl(value), 'Image must be a URL');

const optionalText = (schema: z.ZodString) =>
  schema
    .nullish()
    .transform((value) => (value ? value : null))
    .optional();

/** The badge's content as the sponsor writes it (spec section 7, POST /badge/add/draft). */
export const badgeContentSchema = z.object({
  name: titleSchema,
  amountOfToken: rewardAmountSchema,
  numberOfBadge: numberOfBadgeSchema,
  awardCriteria: criteriaSchema,
  /** The award evidence: the create form's evidence field. */
  educationsDetails: optionalText(evidenceSchema),
  description: descriptionSchema,
  image: badgeImageSchema,
  batchExpiryDate: batchExpiryDateSchema,
  badgeAccess: badgeAccessSchema,
  extraLink: optionalText(videoLinkSchema),
  /** When sent, must be the caller's own wallet. */
  sponsorAddress: z.string().optional(),
});
export type BadgeContentRequest = z.input<typeof badgeContentSchema>;

/** The whole publish must fit a uint256 on chain (checked once both fields are valid). */
const fitsChain = (value: { amountOfToken: unknown; numberOfBadge: unknown }) => {
  if (typeof value.amountOfToken !== 'string' || !Number.isInteger(value.numberOfBadge))
    return true;
  const reward = parseGetsAmount(value.amountOfToken);
  return (
    !reward.ok || publishTotalUnits(reward.units, value.numberOfBadge as number) <= MAX_UINT256
  );
};

// ------------------------------------------------------------ requests

export const badgeIdParamsSchema = z.object({ id: z.uuid({ error: BADGE_MESSAGES.notFound }) });
export const banBadgeParamsSchema = z.object({
  badgeId: z.uuid({ error: BADGE_MESSAGES.notFound }),
});

/** POST /badge/add/draft */
export const createDraftRequestSchema = badgeContentSchema.refine(fitsChain, {
  error: BADGE_MESSAGES.tooMuch,
  path: ['amountOfToken'],
});

/** PUT /badge/edit/draft */
export const editDraftRequestSchema = badgeContentSchema
  .extend({ _id: z.uuid({ error: BADGE_MESSAGES.draftNotFound }) })
  .refine(fitsChain, { error: BADGE_MESSAGES.tooMuch, path: ['amountOfToken'] });

const emailField = z.email({ error: 'Invalid email address' });

/** A chain id (badge) as the spec's bodies send it: a number or its decimal string. */
export const onChainIdSchema = z
  .union([z.number().int().positive(), z.string().regex(/^[1-9]\d{0,77}$/)], {
    error: 'onChainId must be a badge id on chain',
  })
  .transform((value) => String(value));

/** POST /metakeep/badge/approve-escrow and /approve-badge */
export const approveBadgeSpendingRequestSchema = z
  .object({
    email: emailField,
    amountOfToken: rewardAmountSchema,
    numberOfBadge: numberOfBadgeSchema,
    consentToken: consentTokenSchema.optional(),
  })
  .refine(fitsChain, { error: BADGE_MESSAGES.tooMuch, path: ['amountOfToken'] });

/**
 * POST /metakeep/badge/create: the spec's body (isPublic, email, amountOfToken,
 * numberOfBadge, batchExpiryDate) plus the badge's content and the draft it
 * publishes, so the badge is saved with the chain's outcome, never half.
 */
export const createBadgeRequestSchema = badgeContentSchema
  .extend({
    isPublic: z.boolean({ error: M.badgeAccessRequired }),
    badgeAccess: badgeAccessSchema.optional(),
    email: emailField,
    draftId: z.uuid({ error: BADGE_MESSAGES.draftNotFound }).optional(),
    consentToken: consentTokenSchema.optional(),
  })
  .refine(fitsChain, { error: BADGE_MESSAGES.tooMuch, path: ['amountOfToken'] })
  .refine(
    (value) =>
      value.badgeAccess === undefined || (value.badgeAccess === 'public') === value.isPublic,
    { error: BADGE_MESSAGES.accessMismatch, path: ['badgeAccess'] },
  );
export type CreateBadgeRequest = z.input<typeof createBadgeRequestSchema>;

/** POST /badge/add: after the create completed; answers the badge it saved. */
export const addBadgeRequestSchema = badgeContentSchema.extend({
  onChainId: onChainIdSchema,
  transactionHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'transactionHash must be a hash'),
});

/** DELETE /badge/metakeep/delete */
export const deleteBadgeOnChainRequestSchema = z.object({
  onChainId: onChainIdSchema,
  email: emailField,
  consentToken: consentTokenSchema.optional(),
});

/** POST /metakeep/badge/approve (admin): expiryDate is a millisecond timestamp. */
export const approveBadgeRequestSchema = z.object({
  badgeId: onChainIdSchema,
  expiryDate: z
    .number({ error: BADGE_MESSAGES.expiryDateFuture })
    .int(BADGE_MESSAGES.expiryDateFuture)
    .refine((ms) => ms > Date.now(), BADGE_MESSAGES.expiryDateFuture)
    .refine((ms) => ms < Date.UTC(10000, 0, 1), BADGE_MESSAGES.expiryDateFuture),
  consentToken: consentTokenSchema.optional(),
});

/** PUT /admin/badge/approve/{id} (admin): the expiry date the chain approval carried. */
export const recordApprovalRequestSchema = z.object({
  expiryDate: z.number({ error: BADGE_MESSAGES.expiryDateFuture }).int(),
});

/** PUT /admin/badge/ban/{badgeId} (admin): without a token asks for consent. */
export const banBadgeRequestSchema = z
  .object({ consentToken: consentTokenSchema.optional() })
  .optional()
  .transform((value) => value ?? {});

const limitSchema = (fallback: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(BADGE_PAGE_MAX, `limit must be at most ${BADGE_PAGE_MAX}`)
    .default(fallback);

const nameFilterSchema = z
  .string()
  .trim()
  .max(TITLE_MAX_LENGTH, M.titleMax)
  .optional()
  .transform((value) => (value ? value : undefined));

export const badgeListParamsSchema = z.object({
  filter: z.enum(BADGE_LIST_FILTERS, { error: 'filter must be recent, popular or highly' }),
});

/** GET /badge/list/{filter}: one page after `cursor`; `total` only on the first page. */
export const badgeListQuerySchema = z.object({
  name: nameFilterSchema,
  limit: limitSchema(BADGE_PAGE_DEFAULT),
  cursor: z.string().max(400, 'cursor is not valid').optional(),
});

/** GET /badge/allBadge/list, /published/list, /drafted/list and /published/admin */
export const sponsorBadgesQuerySchema = z.object({
  account: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'account must be a wallet address')
    .optional(),
});

/** GET /admin/badge (spec: page=1&limit=100&badgeAccess=&status=) plus a name search. */
export const adminBadgesQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be at least 1').default(1),
  limit: limitSchema(100),
  badgeAccess: z
    .enum(['public', 'private', ''], { error: 'badgeAccess must be public, private or empty' })
    .optional()
    .transform((value) => (value ? value : undefined)),
  status: z
    .enum(['UNDER_VERIFICATION', 'VERIFIED', 'BANNED', 'REMOVED', ''], {
      error: 'status must be UNDER_VERIFICATION, VERIFIED, BANNED or REMOVED',
    })
    .optional()
    .transform((value) => (value ? value : undefined)),
  name: nameFilterSchema,
});
export interface AdminBadgesQuery {
  page: number;
  limit: number;
  badgeAccess?: BadgeAccess | '' | undefined;
  status?: 'UNDER_VERIFICATION' | 'VERIFIED' | 'BANNED' | 'REMOVED' | '' | undefined;
  name?: string | undefined;
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
