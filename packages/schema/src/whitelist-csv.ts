// Whitelisting from a CSV file on a private badge: its limits, the texts of
// the preview and the invitations, the request bodies of preview, confirm,
// resend, withdraw and unsubscribe, and what the API answers to each.
import { z } from 'zod';
import { emailSchema } from './accounts.ts';
import { envelope } from './api.ts';
import { uuidOf } from './application-fields.ts';
import { onChainIdSchema } from './badge-requests.ts';
import {
  consentRequiredSchema,
  consentTokenSchema,
  queuedSchema,
  walletAddressSchema,
} from './custody.ts';

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
