// Whitelisting from a CSV file on a private badge: the preview of every row
// (whitelist-csv.ts decides its kind from what the platform and the chain
// know), and the confirmation: every ready earner whitelisted under one
// consent (the whitelistEarners action, split per block if it must be), and
// every email without an account invited once by mail to register and apply
// (the mails queued with the invitations, delivered by the worker).
import {
  PRODUCT_NAME,
  WHITELIST_CSV_MESSAGES as CSV,
  type WhitelistCsvPreview,
  type WhitelistInvitation,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { consentOrQueue } from '../../custody/consent.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import {
  cancelUnsentMail,
  queueMails,
  retryGivenUpMail,
} from '../../mail/mail-queue-repository.ts';
import { findUsersByEmailsOrAccounts } from '../accounts/user-repository.ts';
import { findBadge } from '../badges/badge-repository.ts';
import type { StoredBadge } from '../badges/badge-repository.ts';
import {
  deleteInvitation,
  findInvitationForUpdate,
  findInvitedEmails,
  insertInvitations,
  linkInvitationMails,
  listInvitations,
  type StoredInvitation,
} from './invitation-repository.ts';
import {
  callerOf,
  isWhitelisted,
  openPrivateBadge,
  ownBadge,
  whitelistableBadge,
} from './service.ts';
import {
  classifyWhitelistRows,
  isAddress,
  isEmail,
  readWhitelistCsv,
  type KnownUser,
} from './whitelist-csv.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'contracts' | 'config' | 'publicUrl'>;

interface CsvInput {
  badgeOnChainId: string;
  csv: string;
}

/** Every row of the file with its kind, as of now, for the caller's private badge. */
async function classify(ctx: Ctx, actor: Actor, input: CsvInput) {
  const sponsor = await callerOf(ctx, actor);
  const badge = await whitelistableBadge(ctx, actor, input.badgeOnChainId);
  const { hasHeader, entries } = readWhitelistCsv(input.csv);
  const values = entries.map((entry) => entry.value);
  const found = await findUsersByEmailsOrAccounts(
    ctx.db,
    values.filter(isEmail),
    values.filter(isAddress),
  );
  const users = new Map<string, KnownUser>();
  for (const user of found) {
    const known = {
      email: user.email,
      account: user.account,
      fullName: user.fullName,
      isEarner: user.userType === 'EARNER',
    };
    users.set(user.email.toLowerCase(), known);
    if (user.account) users.set(user.account.toLowerCase(), known);
  }
  // The chain is the record of the whitelist; these reads go out as JSON-RPC batches.
  const earners = found.filter((u) => u.userType === 'EARNER' && u.account);
  const whitelisted = new Set<string>();
  await Promise.all(
    earners.map(async (earner) => {
      const account = earner.account as `0x${string}`;
      if (await isWhitelisted(ctx, input.badgeOnChainId, account)) {
        whitelisted.add(account.toLowerCase());
      }
    }),
  );
  const invited = await findInvitedEmails(ctx.db, badge.id, values.filter(isEmail));
  const preview: WhitelistCsvPreview = {
    hasHeader,
    ...classifyWhitelistRows(entries, { sponsor, users, whitelisted, invited }),
  };
  return { sponsor, badge, preview };
}

/** POST /badge/whitelist/csv/preview: what confirming the file would do, row by row. */
export async function previewWhitelistCsv(ctx: Ctx, actor: Actor, input: CsvInput) {
  return (await classify(ctx, actor, input)).preview;
}

function invitationMail(ctx: Ctx, badge: StoredBadge, sponsorName: string, email: string) {
  const base = ctx.publicUrl() ?? '';
  const link = `${base}/register?next=${encodeURIComponent(`/badge/${badge.id}`)}`;
  return {
    to: email,
    subject: `${sponsorName} invites you to earn "${badge.name}" on ${PRODUCT_NAME}`,
    text: [
      `${sponsorName} invites you to apply for the private badge "${badge.name}" on ${PRODUCT_NAME}.`,
      '',
      `Register as an earner with this email address (${email}), then open the badge to apply:`,
      link,
      '',
      'Once you have registered, the sponsor whitelists your new wallet and you can apply.',
      'If you do not know this sponsor, you can ignore this email.',
    ].join('\n'),
    consoleLine: `Invitation to ${email}: ${link}`,
  };
}

/**
 * Records invitations of these emails and queues their mails, in one
 * transaction; answers the emails not invited before. The worker delivers the
 * mails (mail/mail-delivery.ts), so a file of thousands answers at once and a
 * mail server that is down delays them rather than losing them.
 */
async function invite(
  ctx: Ctx,
  tx: Queryable,
  invitation: { badge: StoredBadge; sponsorId: string; sponsorName: string; emails: string[] },
): Promise<string[]> {
  const { badge, sponsorId, sponsorName, emails } = invitation;
  const fresh = await insertInvitations(tx, badge.id, sponsorId, emails);
  const mailIds = await queueMails(
    tx,
    fresh.map((email) => invitationMail(ctx, badge, sponsorName, email)),
  );
  await linkInvitationMails(
    tx,
    badge.id,
    fresh.map((email, i) => ({ email, mailId: mailIds[i]! })),
  );
  return fresh;
}

/**
 * POST /badge/whitelist/csv: the file classified again (only what is true now
 * is done). Ready earners: without a token a consent for all of them, with it
 * the whitelisting queued and the unknown emails invited. No ready earner: the
 * invitations alone, no consent needed.
 */
export async function whitelistFromCsv(
  ctx: Ctx,
  actor: Actor,
  input: CsvInput & { consentToken?: string | undefined },
) {
  const { sponsor, badge, preview } = await classify(ctx, actor, input);
  const earners = preview.rows.flatMap((row) =>
    row.kind === 'ready' && row.account ? [row.account as `0x${string}`] : [],
  );
  const unknown = preview.rows.filter((row) => row.kind === 'unknown').map((row) => row.value);
  const invitation = { badge, sponsorId: actor.id, sponsorName: sponsor.fullName, emails: unknown };
  if (earners.length === 0) {
    const fresh = await ctx.db.transaction((tx) => invite(ctx, tx, invitation));
    if (fresh.length === 0) throw new AppError(409, CSV.nothingToDo);
    return { invited: fresh.length };
  }
  let fresh: string[] = [];
  const answer = await consentOrQueue(
    ctx,
    actor,
    {
      type: 'whitelistEarners',
      badgeId: input.badgeOnChainId,
      name: badge.name,
      earners,
    },
    input.consentToken,
    async (tx) => {
      fresh = await invite(ctx, tx, invitation);
    },
  );
  if (!('status' in answer)) return answer;
  return { ...answer, invited: fresh.length };
}

/**
 * GET /badge/whitelist/invitations?badgeId: the badge's invitees not
 * whitelisted yet, and whether each has registered since (then one more
 * consent, the same CSV path with their emails, whitelists them).
 */
export async function badgeInvitations(
  ctx: Ctx,
  actor: Actor,
  badgeId: string,
): Promise<WhitelistInvitation[]> {
  const badge = ownBadge(actor, await findBadge(ctx.db, badgeId));
  const invitations = await listInvitations(ctx.db, badge.id);
  const onChainId = badge.onChainId;
  const pending = await Promise.all(
    invitations.map(async (invitation) => {
      const account = invitation.earnerAccount;
      const done = Boolean(account && onChainId && (await isWhitelisted(ctx, onChainId, account)));
      return done ? null : invitationView(invitation);
    }),
  );
  return pending.filter((invitation) => invitation !== null);
}

const invitationView = (invitation: StoredInvitation): WhitelistInvitation => ({
  email: invitation.email,
  invitedAt: invitation.invitedAt.toISOString(),
  registered: invitation.earnerAccount !== null,
  delivery: invitation.delivery,
  deliveryError: invitation.deliveryError,
});

interface InvitationInput {
  badgeId: string;
  email: string;
}

/**
 * POST /badge/whitelist/invitations/resend: an invitation the mail server
 * refused for good (or never took) is tried again, its given-up mail due once
 * more, when the sponsor knows the address is right (a full mailbox, a server
 * down for hours). Only then: a mail still being sent or sent already is not
 * repeated.
 */
export async function resendInvitation(
  ctx: Ctx,
  actor: Actor,
  input: InvitationInput,
): Promise<WhitelistInvitation> {
  // Withdrawing is always allowed; inviting again only while the badge can take earners.
  const badge = openPrivateBadge(ownBadge(actor, await findBadge(ctx.db, input.badgeId)));
  return ctx.db.transaction(async (tx) => {
    const invitation = await findInvitationForUpdate(tx, badge.id, input.email);
    if (!invitation) throw new AppError(404, CSV.noSuchInvitation);
    if (invitation.earnerAccount) throw new AppError(409, CSV.inviteeRegistered);
    const mailId = invitation.mailId;
    if (invitation.delivery !== 'NOT_DELIVERED' || !mailId) {
      throw new AppError(409, CSV.invitationNotRefused);
    }
    await retryGivenUpMail(tx, mailId, new Date());
    return invitationView({ ...invitation, delivery: 'SENDING', deliveryError: null });
  });
}

/**
 * DELETE /badge/whitelist/invitations: the invitee leaves the list (a
 * mistyped address, a change of mind) and the email may be invited again;
 * its mail is not sent if it has not gone yet.
 */
export async function withdrawInvitation(
  ctx: Ctx,
  actor: Actor,
  input: InvitationInput,
): Promise<{ email: string }> {
  const badge = ownBadge(actor, await findBadge(ctx.db, input.badgeId));
  return ctx.db.transaction(async (tx) => {
    const withdrawn = await deleteInvitation(tx, badge.id, input.email);
    if (!withdrawn) throw new AppError(404, CSV.noSuchInvitation);
    if (withdrawn.mailId) await cancelUnsentMail(tx, withdrawn.mailId);
    return { email: withdrawn.email };
  });
}
