// The checks the badge services share: the calling sponsor (a body's wallet
// or email must be theirs), a badge that must be theirs, and the badge as the
// calls answer it.
import type { AppContext } from '../../context.ts';
import { BADGE_MESSAGES } from '@gets/schema';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { findUserById, type User } from '../accounts/user-repository.ts';
import type { StoredBadge } from './badge-repository.ts';
import { toBadgeView } from './badge-view.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'contracts' | 'config'>;

export const view = (ctx: Ctx, badge: StoredBadge) =>
  toBadgeView(badge, { explorerUrl: ctx.config.explorerUrl });

export const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.toLowerCase() === b.toLowerCase());

/** The calling sponsor; a body's sponsorAddress or email must be theirs. */
export async function sponsorOf(
  ctx: Ctx,
  actor: Actor,
  claims: { sponsorAddress?: string | undefined; email?: string | undefined } = {},
): Promise<User> {
  const user = await findUserById(ctx.db, actor.id);
  if (!user) throw new AppError(403, BADGE_MESSAGES.notApprovedSponsor);
  if (claims.email !== undefined && claims.email.toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError(403, BADGE_MESSAGES.emailMismatch);
  }
  if (claims.sponsorAddress && !sameAddress(claims.sponsorAddress, user.account)) {
    throw new AppError(403, BADGE_MESSAGES.accountMismatch);
  }
  return user;
}

/** A badge of the caller's, else 404 (none) or 403 (someone else's). */
export async function ownBadge(ctx: Ctx, actor: Actor, badge: StoredBadge | null, missing: string) {
  if (!badge || badge.status === 'PUBLISHING') throw new AppError(404, missing);
  if (badge.sponsorId !== actor.id) throw new AppError(403, BADGE_MESSAGES.notYours);
  return badge;
}
