// The badge lists: a sponsor's own, the public lists page by page (keyset
// cursors), the admin console's by status, access and name, and the
// published badges per sponsor the console's sponsor cards show.
import { platformSettingsAbi } from '@gets/contracts';
import { BADGE_MESSAGES, type BadgeAccess, type BadgeListFilter } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { findUserByAccount } from '../accounts/user-repository.ts';
import { sameAddress, view } from './badge-checks.ts';
import {
  countPublishedBadges,
  listAdminBadges,
  listPublicBadges,
  listSponsorBadges,
  type PublicListCursor,
  type SponsorList,
} from './badge-list-repository.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'contracts' | 'config'>;

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
