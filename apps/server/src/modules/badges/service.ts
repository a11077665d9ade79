// The rules of badges: who may change which badge, drafts that never touch
// the chain, chain actions through consent (publish, delete, approve, ban)
// whose outcomes the actions record, and who sees which badge.
import { randomUUID } from 'node:crypto';
import { badgeEscrowAbi, getsTokenAbi, platformSettingsAbi } from '@gets/contracts';
import {
  BADGE_MESSAGES,
  PRODUCT_NAME,
  TOKEN,
  VALIDATION,
  formatGets,
  publishTotalUnits,
  toBaseUnits,
  type BadgeListFilter,
  type BadgeAccess,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { consentOrQueue } from '../../custody/consent.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { findUserByAccount, findUserById, type User } from '../accounts/user-repository.ts';
import {
  deleteDraft,
  findBadge,
  findBadgeByChainId,
  insertDraft,
  insertPublishing,
  isDraftPublishing,
  listAdminBadges,
  listPublicBadges,
  listSponsorBadges,
  lockBadge,
  markApproved,
  markClosed,
  countPublishedBadges,
  updateDraft,
  type BadgeContent,
  type PublicListCursor,
  type SponsorList,
  type StoredBadge,
} from './badge-repository.ts';
import { toBadgeView } from './badge-view.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'contracts' | 'config' | 'actions'>;

/** The content fields every badge call takes, as the shared schema parsed them. */
export interface ContentInput {
  name: string;
  amountOfToken: string;
  numberOfBadge: number;
  awardCriteria: string;
  educationsDetails?: string | null | undefined;
  description: string;
  image: string;
  batchExpiryDate: Date;
  badgeAccess: BadgeAccess;
  extraLink?: string | null | undefined;
  sponsorAddress?: string | undefined;
}

const view = (ctx: Ctx, badge: StoredBadge) =>
  toBadgeView(badge, { explorerUrl: ctx.config.explorerUrl });

const toContent = (
  input: Omit<ContentInput, 'badgeAccess'> & { badgeAccess?: BadgeAccess | undefined },
  isPublic = input.badgeAccess === 'public',
): BadgeContent => ({
  name: input.name,
  description: input.description,
  awardCriteria: input.awardCriteria,
  educationsDetails: input.educationsDetails ?? null,
  image: input.image,
  extraLink: input.extraLink ?? null,
  isPublic,
  amountOfToken: toBaseUnits(input.amountOfToken),
  numberOfBadge: input.numberOfBadge,
  batchExpiryDate: input.batchExpiryDate,
});

const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.toLowerCase() === b.toLowerCase());

/** The calling sponsor; a body's sponsorAddress or email must be theirs. */
async function sponsorOf(
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
async function ownBadge(ctx: Ctx, actor: Actor, badge: StoredBadge | null, missing: string) {
  if (!badge || badge.status === 'PUBLISHING') throw new AppError(404, missing);
  if (badge.sponsorId !== actor.id) throw new AppError(403, BADGE_MESSAGES.notYours);
  return badge;
}

// ------------------------------------------------------------------- drafts

/** POST /badge/add/draft: saved, never on chain. */
export async function createDraft(ctx: Ctx, actor: Actor, input: ContentInput) {
  await sponsorOf(ctx, actor, input);
  const id = randomUUID();
  await insertDraft(ctx.db, { id, sponsorId: actor.id, content: toContent(input) });
  return view(ctx, (await findBadge(ctx.db, id))!);
}

/** PUT /badge/edit/draft */
export async function editDraft(ctx: Ctx, actor: Actor, input: ContentInput & { _id: string }) {
  await sponsorOf(ctx, actor, input);
  const draft = await ownBadge(
    ctx,
    actor,
    await findBadge(ctx.db, input._id),
    BADGE_MESSAGES.draftNotFound,
  );
  if (draft.status !== 'DRAFT') throw new AppError(409, BADGE_MESSAGES.notADraft);
  if (await isDraftPublishing(ctx.db, draft.id))
    throw new AppError(409, BADGE_MESSAGES.draftPublishing);
  if (!(await updateDraft(ctx.db, draft.id, toContent(input)))) {
    throw new AppError(409, BADGE_MESSAGES.notADraft);
  }
  return view(ctx, (await findBadge(ctx.db, draft.id))!);
}

/** DELETE /badge/delete/draft/{id} */
export async function removeDraft(ctx: Ctx, actor: Actor, id: string) {
  const draft = await ownBadge(
    ctx,
    actor,
    await findBadge(ctx.db, id),
    BADGE_MESSAGES.draftNotFound,
  );
  if (draft.status !== 'DRAFT') throw new AppError(409, BADGE_MESSAGES.notADraft);
  if (await isDraftPublishing(ctx.db, draft.id))
    throw new AppError(409, BADGE_MESSAGES.draftPublishing);
  await deleteDraft(ctx.db, draft.id);
  return { _id: draft.id };
}

// ----------------------------------------------------------------- publish

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

// ------------------------------------------------------------------ delete

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

async function approvalPeriodDays(ctx: Ctx): Promise<number> {
  const days = await ctx.chain.publicClient.readContract({
    address: ctx.contracts.settings,
    abi: platformSettingsAbi,
    functionName: 'approvalPeriod',
  });
  return Number(days);
}

/** GET /admin/badge: published badges by status, access and name, page by page. */
export async function adminBadges(
  ctx: Ctx,
  query: {
    page: number;
    limit: number;
    badgeAccess?: BadgeAccess | undefined;
    status?: 'UNDER_VERIFICATION' | 'VERIFIED' | 'BANNED' | 'REMOVED' | undefined;
    name?: string | undefined;
  },
) {
  const [{ badges, total, hasMore }, approvalPeriod] = await Promise.all([
    listAdminBadges(ctx.db, {
      page: query.page,
      limit: query.limit,
      ...(query.badgeAccess ? { isPublic: query.badgeAccess === 'public' } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(query.name ? { name: query.name } : {}),
    }),
    approvalPeriodDays(ctx),
  ]);
  return {
    badges: badges.map((b) => view(ctx, b)),
    total,
    hasMore,
    page: query.page,
    limit: query.limit,
    approvalPeriod,
  };
}

// ------------------------------------------------------------------- lists

/** GET /badge/{allBadge,published,drafted}/list?account: a sponsor's own badges. */
export async function sponsorBadges(
  ctx: Ctx,
  actor: Actor,
  which: SponsorList,
  account: string | undefined,
) {
  // The session read holds the caller's wallet: no second read of the user.
  if (account && !sameAddress(account, actor.account)) {
    throw new AppError(403, BADGE_MESSAGES.accountMismatch);
  }
  return (await listSponsorBadges(ctx.db, actor.id, which)).map((b) => view(ctx, b));
}

/** GET /badge/published/admin?account (admin): a sponsor's published badges and their count. */
export async function sponsorBadgesForAdmin(ctx: Ctx, account: string | undefined) {
  const sponsor = account ? await findUserByAccount(ctx.db, account) : null;
  if (!sponsor) return { badges: [], totalBadge: 0 };
  const badges = await listSponsorBadges(ctx.db, sponsor.id, 'published');
  return { badges: badges.map((b) => view(ctx, b)), totalBadge: badges.length };
}

/** Published badges of each sponsor, for the admin console's sponsor cards (totalBadge). */
export const publishedBadgeCounts = (ctx: Pick<AppContext, 'db'>, sponsorIds: string[]) =>
  countPublishedBadges(ctx.db, sponsorIds);

const encodeCursor = (cursor: PublicListCursor) =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string): PublicListCursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as PublicListCursor;
    const ok =
      typeof value.publishedAt === 'string' &&
      !Number.isNaN(Date.parse(value.publishedAt)) &&
      /^[0-9a-f-]{36}$/.test(value.id) &&
      (value.key === undefined || /^\d{1,78}$/.test(value.key));
    if (ok) return value;
  } catch {
    // fall through
  }
  throw new AppError(400, 'cursor is not valid');
}

/** GET /badge/list/{filter}: listed badges (approved, public), found by name, page by page. */
export async function publicBadges(
  ctx: Ctx,
  filter: BadgeListFilter,
  query: { name?: string | undefined; limit: number; cursor?: string | undefined },
) {
  const page = await listPublicBadges(ctx.db, {
    filter,
    limit: query.limit,
    ...(query.name ? { name: query.name } : {}),
    ...(query.cursor ? { after: decodeCursor(query.cursor) } : {}),
  });
  return {
    badges: page.badges.map((b) => view(ctx, b)),
    total: page.total,
    nextCursor: page.last ? encodeCursor(page.last) : null,
  };
}

/**
 * Who may see a badge by its id: approved and banned ones anyone (a private
 * badge too: its link is the invitation); pending and removed ones their
 * sponsor and admins; drafts their sponsor; deleted ones nobody.
 */
export function canSee(badge: StoredBadge, actor: Actor | undefined): boolean {
  const isOwner = actor?.kind === 'user' && actor.id === badge.sponsorId;
  const isAdmin = actor?.kind === 'admin';
  switch (badge.status) {
    case 'VERIFIED':
    case 'BANNED':
      return true;
    case 'UNDER_VERIFICATION':
    case 'REMOVED':
      return isOwner || isAdmin;
    case 'DRAFT':
      return isOwner;
    default:
      return false;
  }
}

/** GET /badge/details/{id} */
export async function badgeDetails(ctx: Ctx, actor: Actor | undefined, id: string) {
  const badge = await findBadge(ctx.db, id);
  if (!badge || !canSee(badge, actor)) throw new AppError(404, BADGE_MESSAGES.notFound);
  return view(ctx, badge);
}

const BADGE_PAGE = /^\/badge\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Title and Open Graph tags of /badge/{id} for a badge anyone may see, so a shared link previews well. */
export async function badgePageMeta(ctx: Ctx, pathname: string) {
  const id = BADGE_PAGE.exec(pathname)?.[1];
  if (!id) return null;
  const badge = await findBadge(ctx.db, id.toLowerCase());
  if (!badge || !canSee(badge, undefined)) return null;
  return {
    title: `${badge.name} - ${PRODUCT_NAME}`,
    description:
      `${badge.name} by ${badge.sponsor.fullName}: ${formatGets(badge.amountOfToken)} ${TOKEN.symbol} reward per badge. ${badge.description}`.slice(
        0,
        300,
      ),
    image: badge.image,
  };
}
