// Whitelisting from a CSV file on a private badge: the preview of every row
// (whitelist-csv.ts decides its kind from what the platform and the chain
// know), and the confirmation: every ready earner whitelisted under one
// consent (the whitelistEarners action, split per block if it must be), and
// every email without an account invited once by mail to register and apply
// (the mails queued with the invitations, delivered by the worker), within the
// sponsor's limits: INVITATIONS_PER_SPONSOR_PER_DAY a UTC day, one mail per
// address and badge, one per address from the same sponsor in
// INVITATION_ADDRESS_DAYS, none to an address that unsubscribed.
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
import { findApplicantsOfSponsor } from './application-lookup-repository.ts';
import { invitationMail } from './invitation-mail.ts';
import {
  countInvitationsToday,
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
import { callerOf, isWhitelisted, ownBadge } from './application-checks.ts';
import { badgePageUrl, openPrivateBadge, whitelistableBadge } from './whitelist-service.ts';
import {
  classifyWhitelistRows,
  isAddress,
  isEmail,
  readWhitelistCsv,
  type Applicant,
  type KnownUser,
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

/** Every row of the file with its kind, as of now, for the caller's private badge. */
async function classify(ctx: Ctx, actor: Actor, input: CsvInput) {
  const sponsor = await callerOf(ctx, actor);
  const badge = await whitelistableBadge(ctx, actor, input.badgeOnChainId);
  const { hasHeader, entries } = readWhitelistCsv(input.csv);
  const values = entries.map((entry) => entry.value);
  const emails = values.filter(isEmail);
  const addresses = new Set(values.filter(isAddress).map((value) => value.toLowerCase()));
  const found = await findUsersByEmailsOrAccounts(ctx.db, emails, [...addresses]);
  const users = new Map<string, KnownUser>();
  for (const user of found) {
    const known = {
      id: user.id,
      email: user.email,
      account: user.account,
      isEarner: user.userType === 'EARNER',
    };
    users.set(user.email.toLowerCase(), known);
    if (user.account) users.set(user.account.toLowerCase(), known);
  }
  const earners = found.filter((u) => u.userType === 'EARNER' && u.account);
  const applicants = new Map<string, Applicant>();
  for (const applicant of await findApplicantsOfSponsor(
    ctx.db,
    actor.id,
    earners.map((earner) => earner.id),
  )) {
    applicants.set(applicant.account.toLowerCase(), applicant);
  }
  // The chain is the record of the whitelist; these reads go out as JSON-RPC
  // batches, for the wallets the classification may show as whitelisted.
  const whitelisted = new Set<string>();
  await Promise.all(
    earners.map(async (earner) => {
      const account = (earner.account as `0x${string}`).toLowerCase();
      if (!addresses.has(account) && !applicants.has(account)) return;
      if (await isWhitelisted(ctx, input.badgeOnChainId, earner.account as `0x${string}`)) {
        whitelisted.add(account);
      }
    }),
  );
  const [invited, invitedRecently, unsubscribed, invitations] = await Promise.all([
    findInvitedEmails(ctx.db, badge.id, emails),
    findEmailsInvitedSince(ctx.db, actor.id, emails, INVITATION_ADDRESS_DAYS),
    findUnsubscribedEmails(ctx.db, emails),
    invitationsLeftToday(ctx, ctx.db, actor.id),
  ]);
  const classified = classifyWhitelistRows(entries, {
    sponsor,
    users,
    applicants,
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
 * is refused before any consent or mail. Ready earners: without a token a
 * consent for all of them, with it the whitelisting queued and the unknown
 * emails invited. No ready earner: the invitations alone, no consent needed.
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
  registered: invitation.earnerAccount !== null,
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
    if (invitation.earnerAccount) throw new AppError(409, CSV.inviteeRegistered);
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
