// The admin console's calls (spec section 7, "Admin", and what its screens
// need beyond it): request and answer shapes shared by the server and the web
// app's admin area.
import { z } from 'zod';
import { envelope } from './api.ts';
import { emailSchema, isValidEmail, userSchema } from './accounts.ts';
import { passwordSchema } from './passwords.ts';
import { ACTIVE_SPONSORS_MAX_PAGE, PERIOD_DAYS } from './constants.ts';
import { consentFields } from './custody.ts';
import { getsDecimalSchema } from './staking.ts';

const userIdSchema = z.uuid({ error: 'userId must be the id of a sponsor' });

/** PUT /admin/sponsors/status: an admin's decision on a sponsor's profile. */
export const sponsorStatusRequestSchema = z.object({
  userId: userIdSchema,
  status: z.enum(['APPROVED', 'REJECTED'], { error: 'status must be APPROVED or REJECTED' }),
});
export type SponsorStatusRequest = z.input<typeof sponsorStatusRequestSchema>;
export const sponsorStatusResponseSchema = envelope(userSchema);

/** PUT /admin/change/verified-status: the spec's body, isVerified=true. */
export const verifiedStatusRequestSchema = z.object({
  userId: userIdSchema,
  isVerified: z.literal(true, { error: 'isVerified must be true' }),
});
export type VerifiedStatusRequest = z.input<typeof verifiedStatusRequestSchema>;

/** PUT /admin/sponsors/ban-status: ban a sponsor, or lift the ban. */
export const banStatusRequestSchema = z.object({
  userId: userIdSchema,
  isBanned: z.boolean({ error: 'isBanned must be true or false' }),
});
export type BanStatusRequest = z.input<typeof banStatusRequestSchema>;

/** A sponsor as the admin console lists them. */
export const adminSponsorSchema = userSchema.extend({
  isBanned: z.boolean(),
  createdAt: z.string(),
});
export type AdminSponsor = z.infer<typeof adminSponsorSchema>;
export const adminSponsorResponseSchema = envelope(adminSponsorSchema);

/** An approved sponsor with the GETS in their wallet, read from the chain. */
export const activeSponsorSchema = adminSponsorSchema.extend({
  userBalance: getsDecimalSchema,
  /** Badges the sponsor has published (spec section 2, Active sponsors' cards). */
  totalBadge: z.number().int(),
});
export type ActiveSponsor = z.infer<typeof activeSponsorSchema>;

/**
 * GET /admin/sponsors/unapproved?status=: sponsors waiting for a decision
 * (PENDING, the default: oldest first), or those rejected (REJECTED: newest
 * first), whom an admin may still accept.
 */
export const unapprovedSponsorsQuerySchema = z.object({
  status: z.enum(['PENDING', 'REJECTED']).default('PENDING'),
});
export const pendingSponsorsResponseSchema = envelope(z.array(adminSponsorSchema));

/**
 * GET /admin/sponsors/verified?search=&limit=&after=: approved sponsors,
 * newest first, a page at a time. search filters the full name; limit is the
 * page's size (the screen's first 12; 0 for the count alone; at most, and by
 * default, ACTIVE_SPONSORS_MAX_PAGE); after is the last sponsor of the page
 * before (See more). The count of all that match is in the x-total-count
 * header. The spec answers the whole list: paged on purpose (decision 0068).
 */
const activeSponsorsLimitMessage = `limit must be a whole number from 0 to ${ACTIVE_SPONSORS_MAX_PAGE}`;
export const activeSponsorsQuerySchema = z.object({
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
  limit: z.coerce
    .number({ error: activeSponsorsLimitMessage })
    .int(activeSponsorsLimitMessage)
    .min(0, activeSponsorsLimitMessage)
    .max(ACTIVE_SPONSORS_MAX_PAGE, activeSponsorsLimitMessage)
    .default(ACTIVE_SPONSORS_MAX_PAGE),
  after: z.uuid({ error: 'after must be a sponsor id' }).optional(),
});
export const activeSponsorsResponseSchema = envelope(z.array(activeSponsorSchema));

/** GET /admin/sponsor/{id}: one sponsor, with their balance. */
export const sponsorParamsSchema = z.object({ id: z.uuid({ error: 'id must be a sponsor id' }) });
export const activeSponsorResponseSchema = envelope(activeSponsorSchema);

// -------------------------------------------------------------- periods

/** Days of a claim, approval or lock period: a whole number from 1 to 3650. */
export const periodDaysSchema = z
  .number({ error: `days must be a whole number from ${PERIOD_DAYS.min} to ${PERIOD_DAYS.max}` })
  .int(`days must be a whole number from ${PERIOD_DAYS.min} to ${PERIOD_DAYS.max}`)
  .min(PERIOD_DAYS.min, `days must be a whole number from ${PERIOD_DAYS.min} to ${PERIOD_DAYS.max}`)
  .max(
    PERIOD_DAYS.max,
    `days must be a whole number from ${PERIOD_DAYS.min} to ${PERIOD_DAYS.max}`,
  );

export const PERIODS = ['claim', 'approval', 'lock'] as const;
export type PeriodName = (typeof PERIODS)[number];

/** PUT /admin/metakeep/{claim,approval,lock}-period: without a token asks consent, with it queues. */
export const periodChangeRequestSchema = z.object({
  days: periodDaysSchema,
  ...consentFields,
});

/** The platform periods (days), as PlatformSettings holds them. */
export const platformSettingsSchema = z.object({
  claimPeriod: z.number().int(),
  approvalPeriod: z.number().int(),
  lockPeriod: z.number().int(),
});
export type PlatformSettingsData = z.infer<typeof platformSettingsSchema>;
export const platformSettingsResponseSchema = envelope(platformSettingsSchema);

/** PUT /admin/settings: any of the periods, after their chain calls completed. */
export const settingsRequestSchema = z
  .object({
    claimPeriod: periodDaysSchema.optional(),
    approvalPeriod: periodDaysSchema.optional(),
    lockPeriod: periodDaysSchema.optional(),
  })
  .refine(
    (value) =>
      value.claimPeriod !== undefined ||
      value.approvalPeriod !== undefined ||
      value.lockPeriod !== undefined,
    { error: 'Send at least one of claimPeriod, approvalPeriod, lockPeriod' },
  );
export type SettingsRequest = z.input<typeof settingsRequestSchema>;

/** Cool down periods form (web): the three inputs, in days. */
export const coolDownFormSchema = z.object({
  claimPeriod: periodDaysSchema,
  approvalPeriod: periodDaysSchema,
  lockPeriod: periodDaysSchema,
});
export type CoolDownFormInput = z.input<typeof coolDownFormSchema>;

// --------------------------------------------------------------- admins

export const ADMIN_ROLE_STATUSES = ['GRANTING', 'ACTIVE', 'REVOKING'] as const;
export type AdminRoleStatus = (typeof ADMIN_ROLE_STATUSES)[number];

/** An administrator in the Managers column. */
export const adminAccountSchema = z.object({
  _id: z.string(),
  email: z.string(),
  account: z.string().nullable(),
  /** GRANTING and REVOKING while the role change runs through the pipeline. */
  status: z.enum(ADMIN_ROLE_STATUSES),
  /** Made from an existing user's wallet (signs in with that user's password). */
  fromUserWallet: z.boolean(),
  /** Whether the admin has a password to sign in with yet (an invitation is accepted). */
  canSignIn: z.boolean(),
  addedAt: z.string(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;
export const adminAccountsResponseSchema = envelope(z.array(adminAccountSchema));

const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
export const ADD_ADMIN_MESSAGES = {
  required: 'Please enter an email or a wallet address',
  invalid: 'Please enter a valid email or wallet address',
} as const;

/** "Add more admins" input: an email (an invitation) or an existing user's wallet address. */
export const adminCandidateSchema = z
  .string({ error: ADD_ADMIN_MESSAGES.required })
  .trim()
  .min(1, ADD_ADMIN_MESSAGES.required)
  .refine((value) => ADDRESS_PATTERN.test(value) || isValidEmail(value), {
    error: ADD_ADMIN_MESSAGES.invalid,
  });

/** POST /admin/admins: without a token asks consent to grant ADMIN_ROLE, with it queues. */
export const addAdminRequestSchema = z.object({
  emailOrAddress: adminCandidateSchema,
  ...consentFields,
});
export const addAdminFormSchema = addAdminRequestSchema.pick({ emailOrAddress: true });
export type AddAdminFormInput = z.input<typeof addAdminFormSchema>;

/** DELETE /admin/admins/{id}: without a token asks consent to revoke ADMIN_ROLE, with it queues. */
export const adminParamsSchema = z.object({ id: z.uuid({ error: 'id must be an admin id' }) });
export const removeAdminRequestSchema = z.object({
  ...consentFields,
});

/** POST /admin/invitation: what an invitation link is for (checked, not used). */
export const invitationRequestSchema = z.object({
  token: z.string({ error: 'The invitation link is not valid' }).min(16).max(128),
});
export const invitationResponseSchema = envelope(
  z.object({ email: z.string(), expiresAt: z.string() }),
);

/** POST /admin/invitation/accept: the invited admin sets a password and is signed in. */
export const acceptInvitationRequestSchema = invitationRequestSchema.extend({
  password: passwordSchema,
});

/** POST /metakeep/sponsor: a sponsor's on-chain registration (the spec's body, email). */
export const sponsorOnChainRequestSchema = z.object({
  email: emailSchema,
  ...consentFields,
});

/** Query parameter of the invitation link: /admin/login?invite=<token>#<admin login secret>. */
export const ADMIN_INVITE_QUERY_PARAM = 'invite';

// ------------------------------------------------------------ audit log

/** Every action the audit log records, in the words the admin console shows. */
export const AUDIT_ACTIONS = {
  'sponsor.approve': 'Approved a sponsor',
  'sponsor.reject': 'Rejected a sponsor',
  'sponsor.verify': 'Verified a sponsor',
  'sponsor.ban': 'Banned a sponsor',
  'sponsor.unban': 'Lifted a sponsor ban',
  'sponsor.revokeApiKey': "Revoked a sponsor's API key",
  'settings.period': 'Changed a period on chain',
  'settings.save': 'Saved the settings',
  'admin.add': 'Added an admin',
  'admin.remove': 'Removed an admin',
  'badge.approve': 'Approved a badge',
  'badge.ban': 'Banned a badge',
  'credential.revoke': 'Revoked a credential',
  'treasury.withdraw': 'Withdrew GETS from the treasury',
  'treasury.deposit': 'Deposited GETS into the treasury',
  'tokens.send': 'Sent GETS',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_KEYS = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];
export const AUDIT_PAGE_DEFAULT = 20;
export const AUDIT_PAGE_MAX = 100;

/** GET /admin/audit-log: newest first, the page before `before`, optionally one action. */
export const auditLogQuerySchema = z.object({
  before: z.string().max(200, 'before is not valid').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(AUDIT_PAGE_MAX, `limit must be at most ${AUDIT_PAGE_MAX}`)
    .default(AUDIT_PAGE_DEFAULT),
  action: z
    .enum([...AUDIT_ACTION_KEYS, ''], { error: 'action is not an audited action' })
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  adminId: z.string(),
  /** The admin's email when they acted. */
  adminEmail: z.string(),
  action: z.enum(AUDIT_ACTION_KEYS),
  targetKind: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  /** The chain transaction of an action that went on chain, and how it ended (QUEUED until it does). */
  transactionId: z.string().nullable(),
  outcome: z.enum(['QUEUED', 'COMPLETED', 'FAILED']).nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogDataSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogDataSchema>;
export const auditLogResponseSchema = envelope(auditLogDataSchema);
