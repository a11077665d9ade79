// A published badge's status on chain, through consent: its sponsor deletes
// it, an admin approves or bans it; what closing it would do to its escrow,
// read from the chain for the consent's words; and the answers after each,
// which read the chain when its outcome is not recorded yet (the actions,
// actions.ts, record it).
import { badgeEscrowAbi } from '@gets/contracts';
import { BADGE_MESSAGES } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { consentOrQueue } from '../../custody/consent.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { ownBadge, sponsorOf, view } from './badge-checks.ts';
import {
  findBadge,
  findBadgeByChainId,
  markApproved,
  markClosed,
  type StoredBadge,
} from './badge-repository.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'contracts' | 'config' | 'actions'>;

const LIVE = new Set<StoredBadge['status']>(['UNDER_VERIFICATION', 'VERIFIED']);

/** DELETE /badge/metakeep/delete: the sponsor deletes a published badge on chain. */
export async function deleteOnChain(
  ctx: Ctx,
  actor: Actor,
  input: { onChainId: string; email: string; consentToken?: string | undefined },
) {
  await sponsorOf(ctx, actor, { email: input.email });
  const badge = await ownBadge(
    ctx,
    actor,
    await findBadgeByChainId(ctx.db, input.onChainId),
    BADGE_MESSAGES.notFound,
  );
  if (!LIVE.has(badge.status)) throw new AppError(409, BADGE_MESSAGES.notLive);
  return consentOrQueue(
    ctx,
    actor,
    {
      type: 'deleteBadge',
      badgeId: input.onChainId,
      name: badge.name,
      terms: await closingTerms(ctx, input.onChainId),
    },
    input.consentToken,
  );
}

/** The badge's status on chain (BadgeEscrow.BadgeStatus). */
const CHAIN_STATUS = { pending: 1, approved: 2, banned: 3, deleted: 4, removed: 5 } as const;

async function chainBadge(ctx: Ctx, onChainId: string) {
  return ctx.chain.publicClient.readContract({
    address: ctx.contracts.badges,
    abi: badgeEscrowAbi,
    functionName: 'getBadge',
    args: [BigInt(onChainId)],
  });
}

/**
 * What closing the badge (delete, ban) would do to its escrow now, from the
 * chain, for the consent's words: the slots nobody was approved for are
 * refunded, the approved, unclaimed ones stay for their earners.
 */
async function closingTerms(ctx: Ctx, onChainId: string) {
  const onChain = await chainBadge(ctx, onChainId);
  return {
    tokensPerBadge: onChain.tokensPerBadge.toString(),
    unawarded: onChain.numberOfBadges - onChain.approvedCount,
    approvedUnclaimed: onChain.approvedCount - onChain.claimedCount,
    feeHeld: onChain.feeHeld > 0n,
  };
}

/**
 * DELETE /badge/delete/{id}: after the chain deletion, answers the deleted
 * badge. The deletion's completion already marked it; should this call come
 * first, the chain says whether it happened.
 */
export async function recordDeleted(ctx: Ctx, actor: Actor, id: string) {
  const badge = await ownBadge(ctx, actor, await findBadge(ctx.db, id), BADGE_MESSAGES.notFound);
  if (badge.status === 'DELETED') return view(ctx, badge);
  if (!badge.onChainId) throw new AppError(409, BADGE_MESSAGES.notPublished);
  const onChain = await chainBadge(ctx, badge.onChainId);
  if (onChain.status !== CHAIN_STATUS.deleted) {
    throw new AppError(409, BADGE_MESSAGES.deletionNotCompleted);
  }
  await markClosed(ctx.db, badge.onChainId, 'DELETED');
  return view(ctx, (await findBadge(ctx.db, id))!);
}

// ------------------------------------------------------------------- admin

/** POST /metakeep/badge/approve (admin): approve on chain with the expiry date. */
export async function approveOnChain(
  ctx: Ctx,
  actor: Actor,
  input: { badgeId: string; expiryDate: number; consentToken?: string | undefined },
) {
  const badge = await findBadgeByChainId(ctx.db, input.badgeId);
  if (!badge || badge.status === 'PUBLISHING') throw new AppError(404, BADGE_MESSAGES.notFound);
  if (badge.status !== 'UNDER_VERIFICATION') throw new AppError(409, BADGE_MESSAGES.notPending);
  return consentOrQueue(
    ctx,
    actor,
    {
      type: 'approveBadge',
      badgeId: input.badgeId,
      name: badge.name,
      expiryDate: Math.floor(input.expiryDate / 1000).toString(),
    },
    input.consentToken,
  );
}

/**
 * PUT /admin/badge/approve/{id} (admin): after the chain approval, answers the
 * approved badge (recorded by the approval's completion, or read from the
 * chain when this call comes first).
 */
export async function recordApproval(ctx: Ctx, id: string, input: { expiryDate: number }) {
  const badge = await findBadge(ctx.db, id);
  if (!badge?.onChainId) throw new AppError(404, BADGE_MESSAGES.notFound);
  const seconds = BigInt(Math.floor(input.expiryDate / 1000));
  if (badge.status !== 'VERIFIED') {
    const onChain = await chainBadge(ctx, badge.onChainId);
    if (onChain.status !== CHAIN_STATUS.approved) {
      throw new AppError(409, BADGE_MESSAGES.approvalNotCompleted);
    }
    await markApproved(ctx.db, badge.onChainId, new Date(Number(onChain.expiryDate) * 1000));
  }
  const approved = (await findBadge(ctx.db, id))!;
  if (BigInt(Math.floor((approved.expiryDate?.getTime() ?? 0) / 1000)) !== seconds) {
    throw new AppError(409, BADGE_MESSAGES.expiryDateMismatch);
  }
  return view(ctx, approved);
}

/** PUT /admin/badge/ban/{badgeId} (admin): ban on chain, through consent. */
export async function banOnChain(
  ctx: Ctx,
  actor: Actor,
  id: string,
  input: { consentToken?: string | undefined },
) {
  const badge = await findBadge(ctx.db, id);
  if (!badge?.onChainId || badge.status === 'DELETED') {
    throw new AppError(404, BADGE_MESSAGES.notFound);
  }
  if (badge.status === 'BANNED') throw new AppError(409, BADGE_MESSAGES.alreadyBanned);
  if (!LIVE.has(badge.status)) throw new AppError(409, BADGE_MESSAGES.notLive);
  return consentOrQueue(
    ctx,
    actor,
    {
      type: 'banBadge',
      badgeId: badge.onChainId,
      name: badge.name,
      terms: await closingTerms(ctx, badge.onChainId),
    },
    input.consentToken,
  );
}
