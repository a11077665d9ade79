// The earner's side of an invitation (decision 0063): the invitations to the
// email of their account, from any sponsor, and their answer. Accepting puts
// nothing on chain by itself: it lets the sponsor whitelist the earner's
// wallet with one more consent (whitelist-csv-service.ts), without showing
// the sponsor the wallet. Declining reads to the sponsor like no answer.
import { WHITELIST_CSV_MESSAGES as CSV, type EarnerInvitation } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { callerOf, isWhitelisted } from './application-checks.ts';
import {
  answerInvitation,
  listInvitationsOfEarner,
  type InvitationOfEarner,
} from './invitation-repository.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'contracts' | 'config'>;

const toView = (invitation: InvitationOfEarner): EarnerInvitation => ({
  badgeId: invitation.badgeId,
  badgeName: invitation.badgeName,
  sponsorName: invitation.sponsorName,
  invitedAt: invitation.invitedAt.toISOString(),
  status: invitation.accepted ? 'ACCEPTED' : 'PENDING',
});

/**
 * GET /badge/invitations: the earner's open invitations, newest first. One
 * to a badge they are whitelisted on already is done (they can apply), so
 * it is not listed.
 */
export async function myInvitations(ctx: Ctx, actor: Actor): Promise<EarnerInvitation[]> {
  const earner = await callerOf(ctx, actor);
  const invitations = await listInvitationsOfEarner(ctx.db, earner);
  const open = await Promise.all(
    invitations.map(async (invitation) => {
      const onChainId = invitation.badgeOnChainId;
      const done = onChainId !== null && (await isWhitelisted(ctx, onChainId, earner.account));
      return done ? null : toView(invitation);
    }),
  );
  return open.filter((invitation) => invitation !== null);
}

/**
 * POST /badge/invitations/accept and /decline: the earner's answer to the
 * badge's invitation of their email, once. Answers the invitation as it now
 * stands (null once declined: it leaves the list).
 */
export async function answerMyInvitation(
  ctx: Ctx,
  actor: Actor,
  badgeId: string,
  accept: boolean,
): Promise<EarnerInvitation | null> {
  const earner = await callerOf(ctx, actor);
  if (!(await answerInvitation(ctx.db, { badgeId, earner, accept }))) {
    throw new AppError(404, CSV.noInvitationForYou);
  }
  if (!accept) return null;
  const invitation = (await listInvitationsOfEarner(ctx.db, earner)).find(
    (candidate) => candidate.badgeId === badgeId,
  );
  return invitation ? toView(invitation) : null;
}
