// Whitelisting from a CSV file on a private badge: the preview of every row
// (whitelist-csv.ts decides its kind from what the file, the platform's
// wallets and the sponsor's own invitations say, never from the account
// behind an email), and the confirmation: every earner's wallet the sponsor
// typed whitelisted under one consent (the whitelistEarners action, split per
// block if it must be), and every email invited once by mail, whoever it
// belongs to (decision 0063; the mails queued with the invitations, delivered
// by the worker), within the sponsor's limits: INVITATIONS_PER_SPONSOR_PER_DAY
// a UTC day, one per address and badge, one per address from the same
// sponsor in INVITATION_ADDRESS_DAYS, none to an address that unsubscribed.
// An earner whose account uses an invited email answers the invitation on the
// platform (invitation-answer-service.ts); the sponsor then whitelists the
// ones who accepted with one more consent, never seeing their wallets.
import { createHash, randomBytes } from 'node:crypto';
import {
  INVITATION_ADDRESS_DAYS,
  tooManyInvitationsMessage,
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
import { invitationMail } from './invitation-mail.ts';
import {
  countInvitationsToday,
  findAcceptedWallets,
  findEmailsInvitedSince,
  findInvitationForUpdate,
  findInvitedEmails,
  findUnsubscribedEmails,
  insertInvitations,
  linkInvitationMails,
  listInvitations,
  lockSponsorInvitations,
  markInvitationWithdrawn,
  optOutByToken,
  type StoredInvitation,
} from './invitation-repository.ts';
import { callerOf, ownBadge, whitelistedAmong } from './application-checks.ts';
import { badgePageUrl, openPrivateBadge, whitelistableBadge } from './whitelist-service.ts';
import {
  classifyWhitelistRows,
  isAddress,
  isEmail,
  readWhitelistCsv,
  type KnownWallet,
} from './whitelist-csv.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'contracts' | 'config' | 'publicUrl' | 'actions'>;

interface CsvInput {
  badgeOnChainId: string;
  csv: string;
}

/** Invitations the sponsor may still send today. */
async function invitationsLeftToday(ctx: Ctx, db: Queryable, sponsorId: string) {
  const perDay = ctx.config.invitations.perSponsorPerDay;
  return { perDay, leftToday: Math.max(0, perDay - (await countInvitationsToday(db, sponsorId))) };
}

/**
 * Every row of the file with its kind, as of now, for the caller's private
 * badge. Only the wallet addresses are looked up (the sponsor gave them);
 * the emails are checked against the sponsor's own invitations and the
 * opt-outs, never against the accounts.
 */
async function classify(ctx: Ctx, actor: Actor, input: CsvInput) {
  const sponsor = await callerOf(ctx, actor);
  const badge = await whitelistableBadge(ctx, actor, input.badgeOnChainId);
  const { hasHeader, entries } = readWhitelistCsv(input.csv);
  const values = entries.map((entry) => entry.value);
  const emails = values.filter(isEmail);
  const addresses = [...new Set(values.filter(isAddress).map((value) => value.toLowerCase()))];
  const wallets = new Map<string, KnownWallet>();
  for (const user of await findUsersByEmailsOrAccounts(ctx.db, [], addresses)) {
    if (user.account) {
      wallets.set(user.account.toLowerCase(), { isEarner: user.userType === 'EARNER' });
    }
  }
  // The chain is the record of the whitelist, for the earners' wallets of the file.
  const earnerWallets = [...wallets]
    .filter(([, wallet]) => wallet.isEarner)
    .map(([account]) => account as `0x${string}`);
  const whitelisted = await whitelistedAmong(ctx, input.badgeOnChainId, earnerWallets);
  const [invited, invitedRecently, unsubscribed, invitations] = await Promise.all([
    findInvitedEmails(ctx.db, badge.id, emails),
    findEmailsInvitedSince(ctx.db, actor.id, emails, INVITATION_ADDRESS_DAYS),
    findUnsubscribedEmails(ctx.db, emails),
    invitationsLeftToday(ctx, ctx.db, actor.id),
  ]);
  const classified = classifyWhitelistRows(entries, {
    sponsor,
    wallets,
    whitelisted,
    invited,
    invitedRecently,
    unsubscribed,
  });
  const preview: WhitelistCsvPreview = {
    hasHeader,
    rows: classified.rows,
    counts: classified.counts,
    invitations,
  };
  return { sponsor, badge, preview, earners: classified.earners, invitees: classified.invitees };
}

/** POST /badge/whitelist/csv/preview: what confirming the file would do, row by row. */
export async function previewWhitelistCsv(ctx: Ctx, actor: Actor, input: CsvInput) {
  return (await classify(ctx, actor, input)).preview;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Records invitations of these emails and queues their mails, in one
 * transaction under the sponsor's invitation lock; answers the emails
 * mailed. The limits are checked again here, where they count: the day's
 * invitations (over them, nothing is recorded and the whole request is
 * refused), and, in the insert itself, the address rules. The worker
 * delivers the mails (mail/mail-delivery.ts), so a file of hundreds answers
 * at once and a mail server that is down delays them rather than losing them.
 */
async function invite(
  ctx: Ctx,
  tx: Queryable,
  invitation: { badge: StoredBadge; sponsorId: string; sponsorName: string; emails: string[] },
): Promise<string[]> {
  const { badge, sponsorId, sponsorName, emails } = invitation;
  if (emails.length === 0) return [];
  await lockSponsorInvitations(tx, sponsorId);
  const { perDay, leftToday } = await invitationsLeftToday(ctx, tx, sponsorId);
  const fresh = await insertInvitations(tx, {
    badgeId: badge.id,
    sponsorId,
    emails,
    addressDays: INVITATION_ADDRESS_DAYS,
  });
  if (fresh.length > leftToday) {
    throw new AppError(429, tooManyInvitationsMessage(fresh.length, leftToday, perDay));
  }
  const tokens = fresh.map(() => randomBytes(32).toString('base64url'));
  // Decided here, never shown: an earner's address is asked to log in and
  // answer, any other to register first. Same subject, queue and limits.
  const earnerEmails = new Set(
    (await findUsersByEmailsOrAccounts(tx, fresh, []))
      .filter((user) => user.userType === 'EARNER')
      .map((user) => user.email.toLowerCase()),
  );
  const mailIds = await queueMails(
    tx,
    fresh.map((email, i) =>
      invitationMail({
        to: email,
        sponsorName,
        badgeName: badge.name,
        badgeId: badge.id,
        unsubscribeToken: tokens[i]!,
        baseUrl: ctx.publicUrl(),
        toEarner: earnerEmails.has(email.toLowerCase()),
      }),
    ),
  );
  await linkInvitationMails(
    tx,
    badge.id,
    fresh.map((email, i) => ({
      email,
      mailId: mailIds[i]!,
      unsubscribeTokenHash: sha256(tokens[i]!),
    })),
  );
  return fresh;
}

/**
 * POST /badge/whitelist/csv: the file classified again (only what is true now
 * is done). A file with more emails to invite than the sponsor has left today
 * is refused before any consent or mail. Ready wallets: without a token a
 * consent for all of them, with it the whitelisting queued and the emails
 * invited. No ready wallet: the invitations alone, no consent needed. The
 * answer counts the invitations, the same whoever the emails belong to.
 */
export async function whitelistFromCsv(
  ctx: Ctx,
  actor: Actor,
  input: CsvInput & { consentToken?: string | undefined },
) {
  const { sponsor, badge, preview, earners, invitees } = await classify(ctx, actor, input);
  const { perDay, leftToday } = preview.invitations;
  if (invitees.length > leftToday) {
    throw new AppError(429, tooManyInvitationsMessage(invitees.length, leftToday, perDay));
  }
  const invitation = {
    badge,
    sponsorId: actor.id,
    sponsorName: sponsor.fullName,
    emails: invitees,
  };
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
      badgeUrl: badgePageUrl(ctx, badge),
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
 * whitelisted yet, and whether each accepted (then one more consent
 * whitelists them: whitelistAcceptedInvitees). Not accepted reads the same
 * for an email with or without an account, answered or not.
 */
export async function badgeInvitations(
  ctx: Ctx,
  actor: Actor,
  badgeId: string,
): Promise<WhitelistInvitation[]> {
  const badge = ownBadge(actor, await findBadge(ctx.db, badgeId));
  const invitations = await listInvitations(ctx.db, badge.id);
  const onChainId = badge.onChainId;
  const accepted = invitations.flatMap((invitation) =>
    invitation.acceptedAccount ? [invitation.acceptedAccount] : [],
  );
  const whitelisted = onChainId ? await whitelistedAmong(ctx, onChainId, accepted) : new Set();
  return invitations
    .filter((invitation) => !whitelisted.has(invitation.acceptedAccount?.toLowerCase() ?? ''))
    .map(invitationView);
}

/**
 * POST /badge/whitelist/invitations/accepted: the sponsor whitelists the
 * invitees of these emails who accepted, through consent. Their wallets are
 * found here, at both steps (the same emails find the same wallets), and
 * never answered; one whitelisted already is skipped, so no chain
 * transaction is spent on it.
 */
export async function whitelistAcceptedInvitees(
  ctx: Ctx,
  actor: Actor,
  input: { badgeId: string; emails: string[]; consentToken?: string | undefined },
) {
  await callerOf(ctx, actor);
  const badge = openPrivateBadge(ownBadge(actor, await findBadge(ctx.db, input.badgeId)));
  const onChainId = badge.onChainId;
  if (!onChainId) throw new AppError(409, CSV.noneAccepted);
  const wallets = [...new Set(await findAcceptedWallets(ctx.db, badge.id, input.emails))];
  const whitelisted = await whitelistedAmong(ctx, onChainId, wallets);
  const invitees = wallets.filter((wallet) => !whitelisted.has(wallet.toLowerCase()));
  if (invitees.length === 0) throw new AppError(409, CSV.noneAccepted);
  return consentOrQueue(
    ctx,
    actor,
    {
      type: 'whitelistInvitees',
      badgeId: onChainId,
      name: badge.name,
      invitees,
      badgeUrl: badgePageUrl(ctx, badge),
    },
    input.consentToken,
  );
}

/** Why an invitation's mail has not gone, in words; the mail server's own answer is only logged. */
function deliveryNote(invitation: StoredInvitation): string | null {
  if (invitation.delivery === 'NOT_DELIVERED') {
    return invitation.lastFailure === 'REFUSED' ? CSV.deliveryRefused : CSV.deliveryUnreachable;
  }
  if (invitation.delivery === 'SENDING' && invitation.lastFailure) return CSV.deliveryRetrying;
  return null;
}

const invitationView = (invitation: StoredInvitation): WhitelistInvitation => ({
  email: invitation.email,
  invitedAt: invitation.invitedAt.toISOString(),
  accepted: invitation.acceptedAccount !== null,
  delivery: invitation.delivery,
  deliveryNote: deliveryNote(invitation),
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
    if ((await findUnsubscribedEmails(tx, [invitation.email])).size > 0) {
      throw new AppError(409, CSV.addressUnsubscribed);
    }
    const mailId = invitation.mailId;
    if (invitation.delivery !== 'NOT_DELIVERED' || !mailId) {
      throw new AppError(409, CSV.invitationNotRefused);
    }
    await retryGivenUpMail(tx, mailId, new Date());
    return invitationView({ ...invitation, delivery: 'SENDING', lastFailure: null });
  });
}

/**
 * DELETE /badge/whitelist/invitations: the invitee leaves the list (a
 * mistyped address, a change of mind); its mail is not sent if it has not
 * gone yet. The invitation stays on record, withdrawn: the address is not
 * invited to this badge again, and it still counts towards the limits (else
 * inviting and withdrawing would lift them).
 */
export async function withdrawInvitation(
  ctx: Ctx,
  actor: Actor,
  input: InvitationInput,
): Promise<{ email: string }> {
  const badge = ownBadge(actor, await findBadge(ctx.db, input.badgeId));
  return ctx.db.transaction(async (tx) => {
    const withdrawn = await markInvitationWithdrawn(tx, badge.id, input.email);
    if (!withdrawn) throw new AppError(404, CSV.noSuchInvitation);
    if (withdrawn.mailId) await cancelUnsentMail(tx, withdrawn.mailId);
    return { email: withdrawn.email };
  });
}

/**
 * POST /badge/whitelist/invitations/unsubscribe: the address of the
 * invitation mail whose link holds this token asks for no more invitations,
 * from any sponsor. No sign-in: the token is the proof. Again is fine.
 */
export async function unsubscribeFromInvitations(ctx: Pick<Ctx, 'db'>, token: string) {
  const email = await optOutByToken(ctx.db, sha256(token));
  if (!email) throw new AppError(404, CSV.badUnsubscribeLink);
}
