// Whitelisting from a CSV file on a private badge: its limits, the texts of
// the preview and the invitations, the request bodies of preview, confirm,
// resend, withdraw, unsubscribe and the whitelisting of invitees who
// accepted, and what the API answers to each. Every email row is the same to
// the sponsor (decision 0063): an invitation, whether or not the address has
// an account; a wallet address row is the sponsor's own word, and is shown
// as what it is.
import { z } from 'zod';
import { emailSchema } from './accounts.ts';
import { envelope } from './api.ts';
import { uuidOf } from './application-fields.ts';
import { onChainIdSchema } from './badge-requests.ts';
import { consentRequiredSchema, consentFields, queuedSchema } from './custody.ts';

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
  // Why a row is what it is, shown beside it in the preview. An email row
  // never says whether the address has an account.
  ready: "An earner's wallet: whitelisted once you consent",
  invite:
    'Will be invited: asked to accept on the platform (after registering, if they have no account yet); whitelisted only once they accept',
  invited: 'Invited to this badge before: not invited again',
  invitedRecently: `You invited this email in the last ${INVITATION_ADDRESS_DAYS} days: not invited again before then`,
  addressUnsubscribed: 'This address asked for no more invitations',
  duplicateInFile: 'Listed earlier in this file',
  alreadyWhitelisted: 'Already whitelisted for this badge',
  notEmailOrAddress:
    'Not one bare email address or wallet address (no name, brackets, spaces or separators)',
  ownWallet: 'Your own account',
  noAccountForAddress: 'No account has this wallet address',
  notAnEarner: 'This wallet does not belong to an earner',
  // How an invitation mail went, in words (the mail server's own answer is only logged).
  deliveryRetrying: 'The mail server has not taken it yet: trying again',
  deliveryRefused: "The recipient's mail server refused it: check the address",
  deliveryUnreachable: 'The mail server could not be reached for hours: send it again later',
  // The unsubscribe link of an invitation mail.
  unsubscribeDone: 'You will receive no more badge invitations',
  badUnsubscribeLink: 'This unsubscribe link is not valid',
  // The sponsor whitelisting the invitees who accepted.
  noneAccepted: 'None of these invitees has accepted and is waiting to be whitelisted',
  // The earner's side of an invitation.
  yourInvitations: 'Your invitations',
  invitationAccepted: 'Invitation accepted',
  invitationDeclined: 'Invitation declined',
  noInvitationForYou: 'You have no open invitation to this badge',
} as const;

/**
 * Whitelist CSV calls (preview and confirm) one sponsor may make in an hour,
 * unless configured otherwise: a file of thousands of rows costs database
 * and chain reads, and nobody at a screen needs more.
 */
export const WHITELIST_CSV_CALLS_PER_SPONSOR_PER_HOUR = 60;

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

/**
 * What the preview makes of one row, and what confirming does with it:
 * ready (an earner's wallet address, whitelisted in the consent), invite (a
 * valid email, whoever it belongs to), duplicate, invalid, unsubscribed.
 */
export const WHITELIST_ROW_KINDS = [
  'ready',
  'invite',
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
 * POST /badge/whitelist/csv: the same file again (read again, so only what
 * is true now is done): ready wallets whitelisted in one consent, each email
 * invited once.
 */
export const whitelistCsvConfirmRequestSchema = whitelistCsvPreviewRequestSchema.extend({
  ...consentFields,
});

/**
 * One row as the sponsor typed it, with its kind and why. Nothing in it
 * comes from an account behind an email: only what the file, the sponsor's
 * own invitations and the address's own wish (unsubscribed) say.
 */
export const whitelistCsvRowSchema = z.object({
  /** The row's line in the file (1 is the first line, a header included). */
  line: z.number().int().positive(),
  value: z.string(),
  kind: z.enum(WHITELIST_ROW_KINDS),
  reason: z.string(),
});
export type WhitelistCsvRow = z.infer<typeof whitelistCsvRowSchema>;

export const whitelistCsvPreviewSchema = z.object({
  hasHeader: z.boolean(),
  rows: z.array(whitelistCsvRowSchema),
  counts: z.object({
    ready: z.number().int(),
    invite: z.number().int(),
    duplicate: z.number().int(),
    invalid: z.number().int(),
    unsubscribed: z.number().int(),
  }),
  /** The sponsor's invitations a day, and how many are left today; more invite rows are refused. */
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

/** GET /badge/whitelist/invitations?badgeId: who was invited to the badge, and who accepted. */
export const invitationDeliverySchema = z.enum(['SENDING', 'SENT', 'NOT_DELIVERED']);
export type InvitationDelivery = z.infer<typeof invitationDeliverySchema>;
export const whitelistInvitationSchema = z.object({
  email: z.string(),
  invitedAt: z.string(),
  /**
   * The invitee accepted on the platform and is not whitelisted yet: one more
   * consent whitelists them. Not accepted reads the same whether the email
   * has an account or not, and whether its owner has not answered or declined.
   */
  accepted: z.boolean(),
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
 * POST /badge/whitelist/invitations/accepted: the sponsor whitelists the
 * invitees who accepted (their emails, as the list shows them) through
 * consent. The server finds their wallets; the sponsor is shown none.
 */
export const whitelistAcceptedRequestSchema = z.object({
  badgeId: uuidOf('badgeId'),
  emails: z
    .array(emailSchema, { error: WHITELIST_CSV_MESSAGES.noneAccepted })
    .min(1, WHITELIST_CSV_MESSAGES.noneAccepted)
    .max(WHITELIST_CSV_MAX_ROWS, WHITELIST_CSV_MESSAGES.tooManyRows),
  ...consentFields,
});
export type WhitelistAcceptedRequest = z.input<typeof whitelistAcceptedRequestSchema>;

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
