// The lists of applications and awards the pages show: the earner's
// applications and awards (with their badges), the earners holding a badge
// (its page), and the award winners and totals of a sponsor's badges.
import { APPLICATION_MESSAGES as M, formatGets, type ApplicationWithBadge } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { findBadge, findBadges, type StoredBadge } from '../badges/badge-repository.ts';
import { toBadgeView } from '../badges/badge-view.ts';
import { canSee } from '../badges/visibility-service.ts';
import { ownAccount, view } from './application-checks.ts';
import {
  listApplicationsOfEarner,
  type StoredApplication,
} from './application-lookup-repository.ts';
import { transactionLinkOf } from '../../chain/transaction-link.ts';
import { listAwardsOfBadge, listAwardsOfSponsor, sumAwardsOfSponsor } from './award-repository.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'contracts' | 'config'>;

const badgeView = (ctx: Ctx, badge: StoredBadge) =>
  toBadgeView(badge, { explorerUrl: ctx.config.explorerUrl });

/** Applications with their badges, in the order given. */
async function withBadges(
  ctx: Ctx,
  applications: StoredApplication[],
): Promise<ApplicationWithBadge[]> {
  const badges = new Map(
    (await findBadges(ctx.db, [...new Set(applications.map((a) => a.badgeId))])).map((b) => [
      b.id,
      b,
    ]),
  );
  return applications.flatMap((application) => {
    const badge = badges.get(application.badgeId);
    return badge ? [{ ...view(ctx, application), badge: badgeView(ctx, badge) }] : [];
  });
}

/** GET /badge/applied/earner?account: the earner's applications with their badges (My Applications). */
export async function earnerApplications(ctx: Ctx, actor: Actor, account: string | undefined) {
  ownAccount(actor, account);
  return withBadges(ctx, await listApplicationsOfEarner(ctx.db, actor.id));
}

/** GET /badge/appliedbadge/list: the badges the signed-in earner applied for, latest first. */
export async function appliedBadges(ctx: Ctx, actor: Actor) {
  const applications = await listApplicationsOfEarner(ctx.db, actor.id);
  return (await withBadges(ctx, applications)).map((a) => a.badge);
}

/** GET /badge/assigned/{account}: the earner's awards (claimed badges), latest first. */
export async function earnedBadges(ctx: Ctx, actor: Actor, account: string) {
  ownAccount(actor, account);
  const awards = await listApplicationsOfEarner(ctx.db, actor.id, ['TOKEN_CLAIMED']);
  return withBadges(
    ctx,
    awards.sort((a, b) => (b.assignedAt?.getTime() ?? 0) - (a.assignedAt?.getTime() ?? 0)),
  );
}

/** GET /badge/earners/{id}: the earners holding a badge anyone may see (the badge page). */
export async function badgeEarners(ctx: Ctx, actor: Actor | undefined, badgeId: string) {
  const badge = await findBadge(ctx.db, badgeId);
  if (!badge || !canSee(badge, actor)) throw new AppError(404, M.badgeNotFound);
  return (await listAwardsOfBadge(ctx.db, badge.id)).map((award) => ({
    name: award.fullName,
    assignedAt: award.assignedAt.toISOString(),
    transactionHash: award.assignedHash,
    explorerUrl: transactionLinkOf(ctx.config.explorerUrl, award.assignedHash),
  }));
}

/** GET /user/sponsor/all-earners/{account}: the award winners of the sponsor's badges. */
export async function awardWinners(ctx: Ctx, actor: Actor, account: string) {
  ownAccount(actor, account);
  return (await listAwardsOfSponsor(ctx.db, actor.id)).map((award) => ({
    applicationId: award.applicationId,
    fullName: award.fullName,
    studentAddress: award.earnerAddress,
    assignedHash: award.assignedHash,
    assignedAt: award.assignedAt.toISOString(),
    transactionChainScanUrl: transactionLinkOf(ctx.config.explorerUrl, award.assignedHash),
    badgeId: award.badgeId,
    badgeName: award.badgeName,
    amount: formatGets(award.rewardAmount),
  }));
}

/** GET /user/sponsor/total-awards/{account}: awards claimed of the sponsor's badges and the GETS paid. */
export async function totalAwards(ctx: Ctx, actor: Actor, account: string) {
  ownAccount(actor, account);
  const { count, units } = await sumAwardsOfSponsor(ctx.db, actor.id);
  return { totalAwards: count, totalTokens: formatGets(units) };
}
