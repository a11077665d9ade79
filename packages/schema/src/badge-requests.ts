// The request bodies of the badge calls (spec section 7 "Badges", and the
// admin's badge calls): the badge's content as the sponsor writes it, with the
// reward, count, expiry and image rules, and the bodies, params and queries of
// drafts, publish, delete, approve, ban and the lists.
import { z } from 'zod';
import { getsAmountSchema, MAX_UINT256, parseGetsAmount } from './amount.ts';
import {
  badgeAccessSchema,
  criteriaSchema,
  descriptionSchema,
  evidenceSchema,
  titleSchema,
  videoLinkSchema,
} from './badge-fields.ts';
import {
  BADGE_MESSAGES,
  BADGE_PAGE_DEFAULT,
  BADGE_PAGE_MAX,
  daysUntil,
  isWebUrl,
  LINK_MAX_LENGTH,
  MAX_BADGES_PER_BATCH,
  publishTotalUnits,
  type BadgeAccess,
} from './badges.ts';
import {
  BADGE_COUNT_MIN,
  BADGE_LIST_FILTERS,
  EXPIRY_MIN_DAYS,
  TITLE_MAX_LENGTH,
  TOKEN,
  TOKEN_AMOUNT_MIN,
} from './constants.ts';
import { consentFields } from './custody.ts';
import { VALIDATION } from './messages.ts';

const M = VALIDATION.badge;
const MIN_REWARD_UNITS = BigInt(TOKEN_AMOUNT_MIN) * 10n ** BigInt(TOKEN.decimals);

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
    ...consentFields,
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
    ...consentFields,
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
  ...consentFields,
});

/** POST /metakeep/badge/approve (admin): expiryDate is a millisecond timestamp. */
export const approveBadgeRequestSchema = z.object({
  badgeId: onChainIdSchema,
  expiryDate: z
    .number({ error: BADGE_MESSAGES.expiryDateFuture })
    .int(BADGE_MESSAGES.expiryDateFuture)
    .refine((ms) => ms > Date.now(), BADGE_MESSAGES.expiryDateFuture)
    .refine((ms) => ms < Date.UTC(10000, 0, 1), BADGE_MESSAGES.expiryDateFuture),
  ...consentFields,
});

/** PUT /admin/badge/approve/{id} (admin): the expiry date the chain approval carried. */
export const recordApprovalRequestSchema = z.object({
  expiryDate: z.number({ error: BADGE_MESSAGES.expiryDateFuture }).int(),
});

/** PUT /admin/badge/ban/{badgeId} (admin): without a token asks for consent. */
export const banBadgeRequestSchema = z
  .object({ ...consentFields })
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
