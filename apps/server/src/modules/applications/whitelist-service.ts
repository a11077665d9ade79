// The whitelist of a private badge: which badges can still take one, and the
// sponsor whitelisting one earner through consent (a CSV file of them is
// whitelist-csv-service.ts).
import { APPLICATION_MESSAGES as M } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { consentOrQueue } from '../../custody/consent.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { findUserByAccount } from '../accounts/user-repository.ts';
import { findBadgeByChainId, type StoredBadge } from '../badges/badge-repository.ts';
import {
  callerOf,
  closedReason,
  isWhitelisted,
  ownBadge,
  sameAddress,
} from './application-checks.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'contracts' | 'config' | 'actions' | 'publicUrl'>;

/** The badge's page, where a whitelisted earner applies (the link of their mail). */
export const badgePageUrl = (ctx: Pick<AppContext, 'publicUrl'>, badge: { id: string }) =>
  `${ctx.publicUrl() ?? ''}/badge/${badge.id}`;

/** The caller's own private badge, live (approved or waiting for approval), to whitelist on. */
export async function whitelistableBadge(ctx: Ctx, actor: Actor, badgeOnChainId: string) {
  return openPrivateBadge(ownBadge(actor, await findBadgeByChainId(ctx.db, badgeOnChainId)));
}

/** The badge, if earners can still be whitelisted for it (and invited to it): private and open. */
export function openPrivateBadge(badge: StoredBadge): StoredBadge {
  if (badge.status !== 'VERIFIED' && badge.status !== 'UNDER_VERIFICATION') {
    throw new AppError(409, closedReason(badge) ?? M.badgeClosed);
  }
  if (badge.isPublic) throw new AppError(409, M.publicBadge);
  return badge;
}

/** POST /badge/whitelist: the sponsor lets an earner apply for a private badge, through consent. */
export async function whitelistEarner(
  ctx: Ctx,
  actor: Actor,
  input: {
    earnerAccount: string;
    badgeOnChainId: string;
    email: string;
    consentToken?: string | undefined;
  },
) {
  const sponsor = await callerOf(ctx, actor, { email: input.email });
  const badge = await whitelistableBadge(ctx, actor, input.badgeOnChainId);
  if (sameAddress(input.earnerAccount, sponsor.account)) {
    throw new AppError(400, M.sponsorNotEarner);
  }
  const earner = await findUserByAccount(ctx.db, input.earnerAccount);
  if (earner?.userType !== 'EARNER' || !earner.account) throw new AppError(404, M.notAnEarner);
  if (!input.consentToken && (await isWhitelisted(ctx, input.badgeOnChainId, earner.account))) {
    throw new AppError(409, M.alreadyWhitelisted);
  }
  return consentOrQueue(
    ctx,
    actor,
    {
      type: 'whitelistEarner',
      badgeId: input.badgeOnChainId,
      name: badge.name,
      earner: earner.account,
      badgeUrl: badgePageUrl(ctx, badge),
    },
    input.consentToken,
  );
}
