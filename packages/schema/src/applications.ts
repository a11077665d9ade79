// Badge applications and awards (spec sections 3 "Badge application" and
// "Sponsor data", 4 "Application", 5 "Application form", 7 the application
// and claim calls of "Badges"): the apply form as the earner fills it, the
// request bodies of apply, whitelist, review and claim, and an application as
// the API answers it. The web form and the server validate with these.
import { z } from 'zod';
import { envelope } from './api.ts';
import { badgeSchema, EVIDENCE_MAX_LENGTH, onChainIdSchema } from './badges.ts';
import {
  consentRequiredSchema,
  consentTokenSchema,
  queuedSchema,
  walletAddressSchema,
} from './custody.ts';
import { emailSchema, FULL_NAME_MAX_LENGTH } from './accounts.ts';
import { VALIDATION } from './messages.ts';

const M = VALIDATION.application;

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

// ------------------------------------------------------------- form (web)

const fullNameSchema = z
  .string({ error: M.fullNameRequired })
  .trim()
  .min(1, M.fullNameRequired)
  .max(FULL_NAME_MAX_LENGTH, `Full Name must be at most ${FULL_NAME_MAX_LENGTH} characters`);
const programSchema = z
  .string()
  .trim()
  .max(PROGRAM_MAX_LENGTH, `Program Name must be at most ${PROGRAM_MAX_LENGTH} characters`);
const evidenceSchema = z
  .string()
  .trim()
  .max(EVIDENCE_MAX_LENGTH, `Evidence must be at most ${EVIDENCE_MAX_LENGTH} characters`);

/** The Apply-for-badge modal (spec sections 2 and 5): yes/no answers as the radios give them. */
export const applicationFormSchema = z.object({
  fullName: fullNameSchema,
  program: programSchema,
  awardCriteria: z.enum(['yes', 'no'], { error: M.awardCriteriaRequired }),
  needEvidence: z.enum(['yes', 'no'], { error: M.needEvidenceRequired }),
  evidence: evidenceSchema,
});
export type ApplicationFormInput = z.input<typeof applicationFormSchema>;
export type ApplicationForm = z.output<typeof applicationFormSchema>;

/**
 * The application as the calls send it (spec section 7, /badge/claim's names):
 * the evidence goes only when the earner answered yes to sending it.
 */
export function applicationBodyOf(form: ApplicationForm) {
  const sendsEvidence = form.needEvidence === 'yes';
  return {
    fullName: form.fullName,
    program: form.program || undefined,
    awardCriteria: form.awardCriteria === 'yes',
    awardingCriteriaEvidence: sendsEvidence,
    requestedEvidenceDoc: sendsEvidence && form.evidence ? form.evidence : undefined,
  };
}

// ------------------------------------------------------------ requests

const emailField = z.email({ error: 'Invalid email address' });
const uuidOf = (what: string) => z.uuid({ error: `${what} must be an id` });
/** A request (application) id on chain: a positive number or its decimal string. */
export const requestIdSchema = z
  .union([z.number().int().positive(), z.string().regex(/^[1-9]\d{0,77}$/)], {
    error: 'onChainId must be an application id on chain',
  })
  .transform((value) => String(value));

const applicationFields = {
  fullName: fullNameSchema,
  program: programSchema.nullish().transform((value) => value || null),
  awardCriteria: z.boolean({ error: M.awardCriteriaRequired }),
  awardingCriteriaEvidence: z.boolean({ error: M.needEvidenceRequired }),
  requestedEvidenceDoc: evidenceSchema.nullish().transform((value) => value || null),
};

/**
 * POST /user/metakeep/requestBadge: the spec's body (onChainId: the badge's
 * number on chain, email) plus the application form, so the application is
 * saved with the chain request's outcome, never half.
 */
export const requestBadgeRequestSchema = z.object({
  onChainId: onChainIdSchema,
  email: emailField,
  ...applicationFields,
  consentToken: consentTokenSchema.optional(),
});
export type RequestBadgeRequest = z.input<typeof requestBadgeRequestSchema>;

/** POST /badge/create/badge-application: after the request completed. */
export const createApplicationRequestSchema = z.object({
  badgeId: uuidOf('badgeId'),
  earnerAddress: walletAddressSchema,
  onChainId: requestIdSchema,
});

/** POST /badge/claim: the spec's save of the application form, after the request completed. */
export const saveApplicationRequestSchema = z.object({
  badgeId: uuidOf('badgeId'),
  studentAddress: walletAddressSchema,
  onChainId: requestIdSchema,
  /** The badge token, once claimed; the spec sends it, the chain decides it. */
  tokenId: z.union([z.string().max(80), z.number()]).nullish(),
  ...applicationFields,
});

/** POST /badge/whitelist: the sponsor lets an earner apply for a private badge. */
export const whitelistRequestSchema = z.object({
  earnerAccount: walletAddressSchema,
  badgeOnChainId: onChainIdSchema,
  email: emailField,
  consentToken: consentTokenSchema.optional(),
});

const requestIdsField = z
  .array(requestIdSchema, { error: 'Choose at least one application' })
  .min(1, 'Choose at least one application')
  .max(
    MAX_APPLICATIONS_PER_REVIEW,
    `At most ${MAX_APPLICATIONS_PER_REVIEW} applications at a time`,
  );
const approvalsField = z
  .array(z.boolean({ error: APPLICATION_MESSAGES.lengthMismatch }), {
    error: APPLICATION_MESSAGES.lengthMismatch,
  })
  .max(MAX_APPLICATIONS_PER_REVIEW, APPLICATION_MESSAGES.lengthMismatch);

/** One decision per application, each application once. */
function checkReview(ids: string[], approval: boolean[], ctx: z.RefinementCtx, idsKey: string) {
  if (ids.length !== approval.length) {
    ctx.addIssue({
      code: 'custom',
      message: APPLICATION_MESSAGES.lengthMismatch,
      path: ['approval'],
    });
  }
  if (new Set(ids).size !== ids.length) {
    ctx.addIssue({
      code: 'custom',
      message: APPLICATION_MESSAGES.duplicateApplication,
      path: [idsKey],
    });
  }
}

/** POST /user/metakeep/processRequestBadge: approve (true) or reject (false) many at once. */
export const processRequestsRequestSchema = z
  .object({
    onChainId: requestIdsField,
    approval: approvalsField,
    email: emailField,
    consentToken: consentTokenSchema.optional(),
  })
  .superRefine((value, ctx) => checkReview(value.onChainId, value.approval, ctx, 'onChainId'));
export type ProcessRequestsRequest = z.input<typeof processRequestsRequestSchema>;

/** POST /metakeep/sponsor/approve: the same review, with the spec's other names. */
export const sponsorApproveRequestSchema = z
  .object({
    requestId: requestIdsField,
    approval: approvalsField,
    consentToken: consentTokenSchema.optional(),
  })
  .superRefine((value, ctx) => checkReview(value.requestId, value.approval, ctx, 'requestId'));

/** POST /badge/process: after the review completed, one application's recorded outcome. */
export const recordReviewRequestSchema = z.object({
  badgeApplicationId: uuidOf('badgeApplicationId'),
  status: z.enum(['APPROVED', 'REJECTED'], { error: 'status must be APPROVED or REJECTED' }),
  assignedHash: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'assignedHash must be a transaction hash')
    .optional(),
});

/** POST /user/metakeep/claimBadge: onChainId is the application's (request's) id on chain. */
export const claimBadgeRequestSchema = z.object({
  onChainId: requestIdSchema,
  email: emailField,
  consentToken: consentTokenSchema.optional(),
});

/** POST /metakeep/claim/token: the same claim, reached by the badge (its _id). */
export const claimTokenRequestSchema = z.object({
  badgeId: uuidOf('badgeId'),
  email: emailField,
  consentToken: consentTokenSchema.optional(),
});

/** POST /badge/claim/earner: after the claim completed. */
export const recordClaimRequestSchema = z.object({
  badgeApplicationId: uuidOf('badgeApplicationId'),
  badgeId: uuidOf('badgeId'),
});

/** POST /metakeep/transfer/token: the reward transfer the claim made. */
export const transferTokenOfClaimRequestSchema = z.object({
  badgeId: uuidOf('badgeId'),
  account: walletAddressSchema,
});

export const applicationsQuerySchema = z.object({ badgeId: uuidOf('badgeId') });
export const accountQuerySchema = z.object({ account: walletAddressSchema.optional() });
export const accountParamsSchema = z.object({ account: walletAddressSchema });
export const applicationOfParamsSchema = z.object({
  badgeId: uuidOf('badgeId'),
  account: walletAddressSchema,
});

// ------------------------------------------------------------- answers

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

/** GET /badge/applicationlist/{badgeId}/{account}: eligible when there is no application yet. */
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

// ------------------------------------------------ whitelist from a CSV file

/** Rows (header excluded) one CSV file may hold. */
export const WHITELIST_CSV_MAX_ROWS = 5000;
/** Characters of a CSV file sent for whitelisting (5,000 long rows and some). */
export const WHITELIST_CSV_MAX_CHARS = 1_000_000;
/** Invitations one sponsor may send in a day (UTC) unless configured otherwise. */
export const INVITATIONS_PER_SPONSOR_PER_DAY = 200;
/** Days within which one sponsor mails one address at most once (whatever the badge). */
export const INVITATION_ADDRESS_DAYS = 7;

const plural = (count: number, one: string) =>
  `${count.toLocaleString('en-US')} ${one}${count === 1 ? '' : 's'}`;

export const WHITELIST_CSV_MESSAGES = {
  empty: 'The CSV file has no rows',
  tooManyRows: `A CSV file may hold at most ${WHITELIST_CSV_MAX_ROWS.toLocaleString('en-US')} rows`,
  tooLarge: 'The CSV file is too large',
  unreadable: 'The CSV file could not be read',
  nothingToDo: 'No earner in this file can be whitelisted or invited',
  preview: 'Whitelist preview',
  invitationsSent: 'Invitations sent',
  invitations: 'Invitations',
  invitationSentAgain: 'Invitation sent again',
  invitationWithdrawn: 'Invitation withdrawn',
  noSuchInvitation: 'This email is not invited to this badge',
  invitationNotRefused: 'Only an invitation that was not delivered can be sent again',
  inviteeRegistered: 'This invitee has registered: whitelist them instead',
  // Why a row is what it is, shown beside it in the preview.
  ready: 'Registered earner, will be whitelisted',
  unknown: 'No account with this email: an invitation to register will be sent',
  invited: 'Invited to this badge before: not mailed again',
  invitedRecently: `You invited this email in the last ${INVITATION_ADDRESS_DAYS} days: not mailed again before then`,
  addressUnsubscribed: 'This address asked for no more invitations',
  duplicateInFile: 'Listed earlier in this file',
  alreadyWhitelisted: 'Already whitelisted for this badge',
  notEmailOrAddress:
    'Not one bare email address or wallet address (no name, brackets, spaces or separators)',
  ownWallet: 'Your own account',
  noAccountForAddress: 'No account has this wallet address',
  notAnEarner: 'This account is not an earner',
  // How an invitation mail went, in words (the mail server's own answer is only logged).
  deliveryRetrying: 'The mail server has not taken it yet: trying again',
  deliveryRefused: "The recipient's mail server refused it: check the address",
  deliveryUnreachable: 'The mail server could not be reached for hours: send it again later',
  // The unsubscribe link of an invitation mail.
  unsubscribeDone: 'You will receive no more badge invitations',
  badUnsubscribeLink: 'This unsubscribe link is not valid',
} as const;

/** Refusal of a file that would send more invitations than the sponsor has left today. */
export function tooManyInvitationsMessage(wanted: number, left: number, perDay: number): string {
  const room = left === 0 ? 'no more' : `only ${left.toLocaleString('en-US')} more`;
  return `This file would send ${plural(wanted, 'invitation')}, but you can send ${room} today (at most ${perDay.toLocaleString('en-US')} a day, counted from 00:00 UTC). Remove ${(wanted - left).toLocaleString('en-US')} of its new emails, or invite them tomorrow.`;
}

/** What the preview says of the sponsor's invitations left today. */
export const invitationsLeftMessage = (left: number, perDay: number) =>
  `You can send ${left === 0 ? 'no more' : `${left.toLocaleString('en-US')} more`} invitation${left === 1 ? '' : 's'} today (at most ${perDay.toLocaleString('en-US')} a day).`;

/** The web page an invitation mail's unsubscribe link opens (?token=...). */
export const UNSUBSCRIBE_PATH = '/unsubscribe';
/** The success toast of a whitelist: the spec's words for one earner. */
export const earnersWhitelistedToast = (count: number) =>
  count === 1 ? 'Earner whitelisted!' : `${count} earners whitelisted!`;

/** What the preview makes of one row, and what confirming does with it. */
export const WHITELIST_ROW_KINDS = [
  'ready',
  'unknown',
  'duplicate',
  'invalid',
  'unsubscribed',
] as const;
export type WhitelistRowKind = (typeof WHITELIST_ROW_KINDS)[number];

/** POST /badge/whitelist/csv/preview: the file's text, read on the server. */
export const whitelistCsvPreviewRequestSchema = z.object({
  badgeOnChainId: onChainIdSchema,
  csv: z
    .string({ error: WHITELIST_CSV_MESSAGES.empty })
    .min(1, WHITELIST_CSV_MESSAGES.empty)
    .max(WHITELIST_CSV_MAX_CHARS, WHITELIST_CSV_MESSAGES.tooLarge),
});
export type WhitelistCsvPreviewRequest = z.input<typeof whitelistCsvPreviewRequestSchema>;

/**
 * POST /badge/whitelist/csv: the same file again (classified again, so only
 * what is true now is done): ready rows whitelisted in one consent, unknown
 * emails invited once.
 */
export const whitelistCsvConfirmRequestSchema = whitelistCsvPreviewRequestSchema.extend({
  consentToken: consentTokenSchema.optional(),
});

export const whitelistCsvRowSchema = z.object({
  /** The row's line in the file (1 is the first line, a header included). */
  line: z.number().int().positive(),
  value: z.string(),
  kind: z.enum(WHITELIST_ROW_KINDS),
  reason: z.string(),
  /**
   * The earner's wallet and name, only for an earner who applied to one of
   * the sponsor's badges (the sponsor has seen both on its Applications page);
   * null for anyone else, so a file of emails is no directory of the platform.
   */
  account: walletAddressSchema.nullable(),
  fullName: z.string().nullable(),
});
export type WhitelistCsvRow = z.infer<typeof whitelistCsvRowSchema>;

export const whitelistCsvPreviewSchema = z.object({
  hasHeader: z.boolean(),
  rows: z.array(whitelistCsvRowSchema),
  counts: z.object({
    ready: z.number().int(),
    unknown: z.number().int(),
    duplicate: z.number().int(),
    invalid: z.number().int(),
    unsubscribed: z.number().int(),
  }),
  /** The sponsor's invitations a day, and how many are left today; more unknown rows are refused. */
  invitations: z.object({ perDay: z.number().int(), leftToday: z.number().int() }),
});
export type WhitelistCsvPreview = z.infer<typeof whitelistCsvPreviewSchema>;
export const whitelistCsvPreviewResponseSchema = envelope(whitelistCsvPreviewSchema);

/** Confirming: consent asked, or queued (with the invitations sent), or only invitations sent. */
export const whitelistCsvConfirmSchema = z.union([
  consentRequiredSchema,
  queuedSchema.extend({ invited: z.number().int() }),
  z.object({ invited: z.number().int() }),
]);
export const whitelistCsvConfirmResponseSchema = envelope(whitelistCsvConfirmSchema);

/** GET /badge/whitelist/invitations?badgeId: who was invited to the badge, and who registered since. */
export const invitationDeliverySchema = z.enum(['SENDING', 'SENT', 'NOT_DELIVERED']);
export type InvitationDelivery = z.infer<typeof invitationDeliverySchema>;
export const whitelistInvitationSchema = z.object({
  email: z.string(),
  invitedAt: z.string(),
  /** Registered as an earner since the invitation, not whitelisted yet: one more consent whitelists them. */
  registered: z.boolean(),
  /**
   * The invitation mail: SENDING until the mail server takes it (tried again
   * for about 8 hours while it refuses for now), SENT, or NOT_DELIVERED when
   * the server refused it for good or never took it.
   */
  delivery: invitationDeliverySchema,
  /**
   * Why the mail has not gone, in words: tried again after a refusal for now,
   * refused for good, or the server unreachable; null otherwise. The server's
   * own answer is logged, never shown.
   */
  deliveryNote: z.string().nullable(),
});
export const whitelistInvitationsResponseSchema = envelope(z.array(whitelistInvitationSchema));
export type WhitelistInvitation = z.infer<typeof whitelistInvitationSchema>;

/**
 * POST /badge/whitelist/invitations/resend (an invitation not delivered, its
 * mail queued again) and DELETE /badge/whitelist/invitations (withdrawn, its
 * mail not sent if it has not gone yet; the email is not invited to this
 * badge again, and still counts towards the day's and the week's limits).
 */
export const whitelistInvitationRequestSchema = z.object({
  badgeId: uuidOf('badgeId'),
  email: emailSchema,
});
export type WhitelistInvitationRequest = z.input<typeof whitelistInvitationRequestSchema>;
export const invitationResentResponseSchema = envelope(whitelistInvitationSchema);
export const invitationWithdrawnResponseSchema = envelope(z.object({ email: z.string() }));

/** POST /badge/whitelist/invitations/unsubscribe: the token of an invitation mail's link. */
export const unsubscribeRequestSchema = z.object({
  token: z
    .string({ error: WHITELIST_CSV_MESSAGES.badUnsubscribeLink })
    .regex(/^[A-Za-z0-9_-]{43}$/, WHITELIST_CSV_MESSAGES.badUnsubscribeLink),
});
export const unsubscribeResponseSchema = envelope(z.null());
