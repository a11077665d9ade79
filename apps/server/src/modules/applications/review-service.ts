// The sponsor's review: the applications of their badge, approving and
// rejecting many in one chain call (one consent), never more than a badge has
// left, and the outcome its completion recorded (the actions, actions.ts).
import { APPLICATION_MESSAGES as M, tooManyApprovalsMessage } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { consentOrQueue } from '../../custody/consent.ts';
import type { Queryable } from '../../db/database.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { findBadge, findBadges, lockBadge, type StoredBadge } from '../badges/badge-repository.ts';
import { badgesLeft, callerOf, closedReason, ownBadge, view } from './application-checks.ts';
import {
  countApprovalsInFlight,
  findApplication,
  findApplicationsByChainIds,
  listApplicationsOfBadge,
} from './application-lookup-repository.ts';
import { lockApplications, startReview } from './application-repository.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'contracts' | 'config' | 'actions'>;

/** GET /badge/applications/list?badgeId: the applications of the caller's badge, by full name. */
export async function badgeApplications(ctx: Ctx, actor: Actor, badgeId: string) {
  const badge = ownBadge(actor, await findBadge(ctx.db, badgeId));
  return (await listApplicationsOfBadge(ctx.db, badge.id)).map((a) => view(ctx, a));
}

/** Approvals per badge in a review, refused when more than the badge has left. */
async function checkBadgesLeft(
  db: Queryable,
  badges: StoredBadge[],
  approvalsPerBadge: Map<string, number>,
) {
  for (const badge of badges) {
    const approving = approvalsPerBadge.get(badge.id) ?? 0;
    if (approving === 0) continue;
    const left = badgesLeft(badge) - (await countApprovalsInFlight(db, badge.id));
    if (approving > left) throw new AppError(409, tooManyApprovalsMessage(badge.name, left));
  }
}

/**
 * POST /user/metakeep/processRequestBadge and /metakeep/sponsor/approve: the
 * sponsor approves and rejects applications of their badges in one chain call
 * (one consent). Refused before anything is signed when an application is not
 * theirs, not pending, already under review, or when it approves more than a
 * badge has left; with the token the rows are marked under review in the
 * transaction that queues the call, so a second review of them cannot start.
 */
export async function reviewApplications(
  ctx: Ctx,
  actor: Actor,
  input: {
    requestIds: string[];
    approvals: boolean[];
    email?: string | undefined;
    consentToken?: string | undefined;
  },
) {
  await callerOf(ctx, actor, { email: input.email });
  const found = new Map(
    (await findApplicationsByChainIds(ctx.db, input.requestIds)).map((a) => [a.onChainId!, a]),
  );
  const applications = input.requestIds.map((requestId) => {
    const application = found.get(requestId);
    if (!application) throw new AppError(404, M.notFound);
    return application;
  });
  const badges = new Map(
    (await findBadges(ctx.db, [...new Set(applications.map((a) => a.badgeId))])).map((b) => [
      b.id,
      b,
    ]),
  );
  const approvalsPerBadge = new Map<string, number>();
  for (const [index, application] of applications.entries()) {
    const badge = ownBadge(actor, badges.get(application.badgeId) ?? null);
    const closed = closedReason(badge);
    if (closed) throw new AppError(409, closed);
    if (application.status !== 'APPLIED') throw new AppError(409, M.notPending);
    if (application.reviewTransactionId) throw new AppError(409, M.reviewing);
    if (input.approvals[index]) {
      approvalsPerBadge.set(badge.id, (approvalsPerBadge.get(badge.id) ?? 0) + 1);
    }
  }
  const reviewed = [...badges.values()];
  if (!input.consentToken) await checkBadgesLeft(ctx.db, reviewed, approvalsPerBadge);

  const action = {
    type: 'processRequests' as const,
    requestIds: input.requestIds,
    approvals: input.approvals,
    badgeNames: [...new Set(reviewed.map((b) => b.name))],
  };
  return consentOrQueue(ctx, actor, action, input.consentToken, async (tx, transactionId) => {
    // The badges' rows serialise reviews of one badge: the counts read below
    // include every review queued before this one.
    const locked: StoredBadge[] = [];
    for (const id of [...badges.keys()].sort()) {
      const badge = await lockBadge(tx, id);
      if (badge) locked.push(badge);
    }
    await checkBadgesLeft(tx, locked, approvalsPerBadge);
    await lockApplications(
      tx,
      applications.map((a) => a.id),
    );
    const started = await startReview(
      tx,
      transactionId,
      applications.map((a, index) => ({ id: a.id, approve: input.approvals[index]! })),
    );
    if (!started) throw new AppError(409, M.reviewing);
  });
}

/**
 * POST /badge/process: after the review completed, answers the application's
 * recorded outcome (its completion recorded it; this writes nothing).
 */
export async function recordedReview(
  ctx: Ctx,
  actor: Actor,
  input: { badgeApplicationId: string; status: 'APPROVED' | 'REJECTED' },
) {
  const application = await findApplication(ctx.db, input.badgeApplicationId);
  if (!application || application.status === 'REQUESTING') throw new AppError(404, M.notFound);
  ownBadge(actor, await findBadge(ctx.db, application.badgeId));
  if (application.status === 'APPLIED') throw new AppError(409, M.reviewNotCompleted);
  // Approved, claimed or released afterwards: the review approved it.
  const recorded = application.status === 'REJECTED' ? 'REJECTED' : 'APPROVED';
  if (recorded !== input.status) throw new AppError(409, M.statusMismatch);
  return view(ctx, application);
}
