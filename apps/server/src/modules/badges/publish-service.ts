// Publishing a badge on chain through consent (the spec's separate
// allowances too), and the badge the publish's outcome saved. The outcome is
// recorded by the actions (actions.ts). No claimPeriod is sent: the claim period is the
// platform's, on chain, applied at each approval (decision 0068).
import { randomUUID } from 'node:crypto';
import { getsTokenAbi } from '@gets/contracts';
import {
  BADGE_MESSAGES,
  VALIDATION,
  publishTotalUnits,
  toBaseUnits,
  type BadgeAccess,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { consentOrQueue } from '../../custody/consent.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { ownBadge, sponsorOf, view } from './badge-checks.ts';
import {
  findBadge,
  findBadgeByChainId,
  insertPublishing,
  isDraftPublishing,
  lockBadge,
} from './badge-repository.ts';
import { toContent, type ContentInput } from './draft-service.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'contracts' | 'config' | 'actions'>;

async function walletBalance(ctx: Ctx, account: `0x${string}`) {
  return ctx.chain.publicClient.readContract({
    address: ctx.contracts.token,
    abi: getsTokenAbi,
    functionName: 'balanceOf',
    args: [account],
  });
}

/**
 * POST /metakeep/badge/approve-badge and /approve-escrow: the spec's separate
 * allowances (the fee; the rewards plus the fee), each through consent.
 */
export async function approveSpending(
  ctx: Ctx,
  actor: Actor,
  part: 'fee' | 'escrow',
  input: {
    email: string;
    amountOfToken: string;
    numberOfBadge: number;
    consentToken?: string | undefined;
  },
) {
  await sponsorOf(ctx, actor, { email: input.email });
  const action =
    part === 'fee'
      ? ({ type: 'approveBadgeFee' } as const)
      : ({
          type: 'approveBadgeEscrow',
          tokensPerBadge: toBaseUnits(input.amountOfToken).toString(),
          numberOfBadges: input.numberOfBadge,
        } as const);
  return consentOrQueue(ctx, actor, action, input.consentToken);
}

/**
 * POST /metakeep/badge/create: publishing in one consent. Without a token it
 * checks the balance and answers the consent; with the token it queues the
 * chain call and, in the same database transaction, writes the badge as
 * PUBLISHING. The call's outcome makes it UNDER_VERIFICATION (removing the
 * draft) or removes it (the draft stays as it was).
 */
export async function publishBadge(
  ctx: Ctx,
  actor: Actor,
  input: Omit<ContentInput, 'badgeAccess'> & {
    badgeAccess?: BadgeAccess | undefined;
    isPublic: boolean;
    email: string;
    draftId?: string | undefined;
    consentToken?: string | undefined;
  },
) {
  const sponsor = await sponsorOf(ctx, actor, input);
  if (!sponsor.account) throw new AppError(409, 'Your account has no wallet yet');
  // With a token, the draft is checked under its lock after the token is used,
  // so a second submit of one token hears that it was used, even when the
  // first one's publish has already removed the draft.
  if (input.draftId && !input.consentToken) {
    await publishableDraft(ctx, actor, ctx.db, input.draftId);
    if (await isDraftPublishing(ctx.db, input.draftId)) {
      throw new AppError(409, BADGE_MESSAGES.draftPublishing);
    }
  }
  const content = toContent(input, input.isPublic);
  const total = publishTotalUnits(content.amountOfToken, content.numberOfBadge);
  if (!input.consentToken && (await walletBalance(ctx, sponsor.account)) < total) {
    throw new AppError(400, VALIDATION.badge.notEnoughBalanceToPublish);
  }
  const action = {
    type: 'createBadge' as const,
    name: content.name,
    isPublic: content.isPublic,
    tokensPerBadge: content.amountOfToken.toString(),
    numberOfBadges: content.numberOfBadge,
    batchExpiry: Math.floor(content.batchExpiryDate.getTime() / 1000).toString(),
  };
  return consentOrQueue(ctx, actor, action, input.consentToken, async (tx, transactionId) => {
    if (input.draftId) await publishableDraft(ctx, actor, tx, input.draftId, { lock: true });
    const inserted = await insertPublishing(tx, {
      id: randomUUID(),
      sponsorId: actor.id,
      content,
      sourceDraftId: input.draftId ?? null,
      publishTransactionId: transactionId,
    });
    if (!inserted) throw new AppError(409, BADGE_MESSAGES.draftPublishing);
  });
}

/** The sponsor's own draft, still a draft; `lock` holds its row until the transaction ends. */
async function publishableDraft(
  ctx: Ctx,
  actor: Actor,
  db: Queryable,
  draftId: string,
  { lock = false } = {},
) {
  const found = lock ? await lockBadge(db, draftId) : await findBadge(db, draftId);
  const draft = await ownBadge(ctx, actor, found, BADGE_MESSAGES.draftNotFound);
  if (draft.status !== 'DRAFT') throw new AppError(409, BADGE_MESSAGES.notADraft);
  return draft;
}

/**
 * POST /badge/add: the spec saves the badge after the chain call; here the
 * call's completion saved it already, so this answers that badge (it never
 * writes a second one).
 */
export async function recordPublished(
  ctx: Ctx,
  actor: Actor,
  input: { onChainId: string; transactionHash: string; sponsorAddress?: string | undefined },
) {
  await sponsorOf(ctx, actor, input);
  const badge = await findBadgeByChainId(ctx.db, input.onChainId);
  if (!badge) throw new AppError(404, BADGE_MESSAGES.createNotCompleted);
  if (badge.sponsorId !== actor.id) throw new AppError(403, BADGE_MESSAGES.notYours);
  if (badge.transactionHash?.toLowerCase() !== input.transactionHash.toLowerCase()) {
    throw new AppError(409, BADGE_MESSAGES.createNotCompleted);
  }
  return view(ctx, badge);
}
