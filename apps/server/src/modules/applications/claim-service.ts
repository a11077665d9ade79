// The earner's claim: badge token and reward in one chain call, once,
// reached by the application or by the badge, and the award and reward
// transfer its completion recorded (the actions, actions.ts).
import { APPLICATION_MESSAGES as M, formatGets } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { consentOrQueue } from '../../custody/consent.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { findBadge } from '../badges/badge-repository.ts';
import { callerOf, chainNow, view } from './application-checks.ts';
import {
  findApplication,
  findApplicationByChainId,
  findApplicationOf,
  type StoredApplication,
} from './application-lookup-repository.ts';
import { startClaim } from './application-repository.ts';
import { transactionLinkOf } from '../../chain/transaction-link.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'contracts' | 'config' | 'actions'>;

/**
 * The one claim of an application: badge token and reward in one chain call.
 * Refused before anything is signed unless the caller is the application's
 * approved earner, within the claim period. What an approved earner is owed
 * stays theirs: a badge deleted by its sponsor or banned since the approval
 * is still claimed (the contract kept the reward in escrow). With the token
 * the claim's transaction is recorded on the application in the transaction
 * that queues it, so any other claim of it (a double click, another tab, a
 * retried request) is refused and it pays once.
 */
async function claim(
  ctx: Ctx,
  actor: Actor,
  application: StoredApplication | null,
  consentToken: string | undefined,
) {
  if (!application || application.status === 'REQUESTING') throw new AppError(404, M.notFound);
  if (application.earnerId !== actor.id) throw new AppError(403, M.notYours);
  switch (application.status) {
    case 'TOKEN_CLAIMED':
      throw new AppError(409, M.alreadyClaimed);
    case 'APPLIED':
      throw new AppError(409, M.notApproved);
    case 'REJECTED':
      throw new AppError(409, M.rejected);
    case 'EXPIRED':
      throw new AppError(409, M.claimPeriodOver);
  }
  if (application.claimPending) throw new AppError(409, M.claiming);
  const badge = await findBadge(ctx.db, application.badgeId);
  if (!badge?.onChainId) throw new AppError(404, M.badgeNotFound);
  if (!application.claimDeadline || application.claimDeadline < (await chainNow(ctx))) {
    throw new AppError(409, M.claimPeriodOver);
  }
  return consentOrQueue(
    ctx,
    actor,
    {
      type: 'claimBadge',
      requestId: application.onChainId!,
      badgeId: badge.onChainId,
      name: badge.name,
      reward: badge.amountOfToken.toString(),
    },
    consentToken,
    async (tx, transactionId) => {
      if (!(await startClaim(tx, application.id, transactionId))) {
        const now = await findApplication(tx, application.id);
        throw new AppError(409, now?.status === 'TOKEN_CLAIMED' ? M.alreadyClaimed : M.claiming);
      }
    },
  );
}

/** POST /user/metakeep/claimBadge: claims by the application's id on chain. */
export async function claimByRequest(
  ctx: Ctx,
  actor: Actor,
  input: { onChainId: string; email: string; consentToken?: string | undefined },
) {
  await callerOf(ctx, actor, { email: input.email });
  const application = await findApplicationByChainId(ctx.db, input.onChainId);
  return claim(ctx, actor, application, input.consentToken);
}

/**
 * POST /metakeep/claim/token: the same claim reached by the badge. The
 * contract pays the tokens with the badge, so this is that one claim, never a
 * second payment.
 */
export async function claimByBadge(
  ctx: Ctx,
  actor: Actor,
  input: { badgeId: string; email: string; consentToken?: string | undefined },
) {
  await callerOf(ctx, actor, { email: input.email });
  return claim(
    ctx,
    actor,
    await findApplicationOf(ctx.db, input.badgeId, actor.id),
    input.consentToken,
  );
}

/** The caller's claimed application, else 404 / 403 / 409 (not claimed yet). */
function claimedOf(actor: Actor, application: StoredApplication | null): StoredApplication {
  if (!application || application.status === 'REQUESTING') throw new AppError(404, M.notFound);
  if (application.earnerId !== actor.id) throw new AppError(403, M.notYours);
  if (application.status !== 'TOKEN_CLAIMED') throw new AppError(409, M.claimNotCompleted);
  return application;
}

/** POST /badge/claim/earner: after the claim completed, answers the award it recorded. */
export async function recordedClaim(
  ctx: Ctx,
  actor: Actor,
  input: { badgeApplicationId: string; badgeId: string },
) {
  const application = await findApplication(ctx.db, input.badgeApplicationId);
  if (application && application.badgeId !== input.badgeId) throw new AppError(404, M.notFound);
  return view(ctx, claimedOf(actor, application));
}

/**
 * POST /metakeep/transfer/token: the reward transfer of the claim (the claim
 * paid it from the badge escrow to the earner's wallet); nothing is sent again.
 */
export async function rewardTransfer(
  ctx: Ctx,
  actor: Actor,
  input: { badgeId: string; account: string },
) {
  const earner = await callerOf(ctx, actor, { account: input.account });
  const award = claimedOf(actor, await findApplicationOf(ctx.db, input.badgeId, actor.id));
  return {
    badgeId: award.badgeId,
    account: earner.account,
    amount: formatGets(award.rewardAmount ?? 0n),
    transactionHash: award.assignedHash!,
    transactionChainScanUrl: transactionLinkOf(ctx.config.explorerUrl, award.assignedHash),
  };
}
