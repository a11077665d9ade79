// Applying for a badge: whether the earner may (approved, open, badges left,
// whitelisted when private, no application yet), the apply in one consent
// (the chain request, its outcome recorded by the actions, actions.ts), and
// the application its completion saved.
import { randomUUID } from 'node:crypto';
import { APPLICATION_MESSAGES as M, TOASTS } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { consentOrQueue } from '../../custody/consent.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { findUserByAccount, type User } from '../accounts/user-repository.ts';
import { findBadge, findBadgeByChainId, type StoredBadge } from '../badges/badge-repository.ts';
import { canSee } from '../badges/visibility-service.ts';
import { badgesLeft, callerOf, chainNow, isWhitelisted, view } from './application-checks.ts';
import {
  findApplicationByChainId,
  findApplicationOf,
  type ApplicationForm,
} from './application-lookup-repository.ts';
import { insertRequesting } from './application-repository.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'contracts' | 'config' | 'actions'>;

/** A published badge by its number on chain (drafts and publishes in flight are not found). */
async function publishedBadge(ctx: Ctx, onChainId: string): Promise<StoredBadge> {
  const badge = await findBadgeByChainId(ctx.db, onChainId);
  if (!badge || badge.status === 'PUBLISHING' || badge.status === 'DELETED') {
    throw new AppError(404, M.badgeNotFound);
  }
  return badge;
}

/**
 * Whether the earner may apply for the badge now: approved, not banned or
 * expired, badges left, whitelisted when private, no application yet.
 * Throws the reason; the contract checks the same when the request runs.
 */
async function checkCanApply(ctx: Ctx, badge: StoredBadge, earner: User & { account: string }) {
  if (badge.status === 'BANNED') throw new AppError(409, M.badgeBanned);
  if (badge.status !== 'VERIFIED' || !badge.onChainId) throw new AppError(409, M.badgeNotOpen);
  const now = await chainNow(ctx);
  if (badge.batchExpiryDate <= now || (badge.expiryDate && badge.expiryDate <= now)) {
    throw new AppError(409, M.badgeExpired);
  }
  const existing = await findApplicationOf(ctx.db, badge.id, earner.id);
  if (existing) {
    throw new AppError(409, existing.status === 'REQUESTING' ? M.applying : M.alreadyApplied);
  }
  if (badgesLeft(badge) === 0) throw new AppError(409, TOASTS.info.allBadgesClaimed);
  if (
    !badge.isPublic &&
    !(await isWhitelisted(ctx, badge.onChainId, earner.account as `0x${string}`))
  ) {
    throw new AppError(403, M.notWhitelisted);
  }
}

/**
 * POST /user/metakeep/requestBadge: applying in one consent. Without a token
 * it checks the earner may apply and answers the consent; with the token it
 * queues the chain request and, in the same database transaction, writes the
 * application (REQUESTING). The request's outcome makes it APPLIED or removes it.
 */
export async function applyForBadge(
  ctx: Ctx,
  actor: Actor,
  input: ApplicationForm & { onChainId: string; email: string; consentToken?: string | undefined },
) {
  const earner = await callerOf(ctx, actor, { email: input.email });
  const badge = await publishedBadge(ctx, input.onChainId);
  if (!input.consentToken) await checkCanApply(ctx, badge, earner);
  const form: ApplicationForm = {
    fullName: input.fullName,
    program: input.program,
    awardCriteria: input.awardCriteria,
    awardingCriteriaEvidence: input.awardingCriteriaEvidence,
    // The evidence goes only with a yes to sending it.
    requestedEvidenceDoc: input.awardingCriteriaEvidence ? input.requestedEvidenceDoc : null,
  };
  return consentOrQueue(
    ctx,
    actor,
    { type: 'requestBadge', badgeId: input.onChainId, name: badge.name },
    input.consentToken,
    async (tx, transactionId) => {
      const inserted = await insertRequesting(tx, {
        ...form,
        id: randomUUID(),
        badgeId: badge.id,
        earnerId: earner.id,
        earnerAddress: earner.account,
        requestTransactionId: transactionId,
      });
      if (!inserted) throw new AppError(409, M.alreadyApplied);
    },
  );
}

/**
 * POST /badge/create/badge-application and POST /badge/claim: after the
 * request completed, answer the application its completion saved (the form
 * came with the request, so neither writes a second one).
 */
export async function recordedApplication(
  ctx: Ctx,
  actor: Actor,
  input: { badgeId: string; address: string; onChainId: string },
) {
  await callerOf(ctx, actor, { account: input.address });
  const application = await findApplicationByChainId(ctx.db, input.onChainId);
  if (!application) throw new AppError(404, M.requestNotCompleted);
  if (application.earnerId !== actor.id) throw new AppError(403, M.notYours);
  if (application.badgeId !== input.badgeId) throw new AppError(404, M.notFound);
  return view(ctx, application);
}

/**
 * GET /badge/applicationlist/{badgeId}/{account}: the account's application
 * for the badge, and whether it may apply (no application yet). Asked by that
 * earner, or by the badge's sponsor: the sponsor is answered only of a wallet
 * that applied to the badge, and of any other wallet (an earner's or not,
 * whitelisted or not, or nobody's) the same "not eligible, no application",
 * so the call is no way to test wallets.
 */
export async function applicationOf(ctx: Ctx, actor: Actor, badgeId: string, account: string) {
  const badge = await findBadge(ctx.db, badgeId);
  if (!badge || !canSee(badge, actor)) throw new AppError(404, M.badgeNotFound);
  const earner = await findUserByAccount(ctx.db, account);
  const isSelf = earner?.id === actor.id;
  if (!isSelf && badge.sponsorId !== actor.id) throw new AppError(403, M.accountMismatch);
  const found = earner ? await findApplicationOf(ctx.db, badge.id, earner.id) : null;
  const application = found && found.status !== 'REQUESTING' ? view(ctx, found) : null;
  if (!isSelf) return { eligible: false, application };
  return { eligible: found === null && earner?.userType === 'EARNER', application };
}
