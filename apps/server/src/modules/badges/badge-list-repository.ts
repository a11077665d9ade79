// SQL of the badge lists: a sponsor's own, the public lists page by keyset,
// the admin's by page and limit, each on an index of its own order
// (migration 0030), with totals from the counts the triggers keep.
import type { BadgeListFilter } from '@gets/schema';
import type { Queryable } from '../../db/database.ts';
import {
  date,
  SELECT,
  toBadge,
  type BadgeRow,
  type StoredBadge,
  type StoredBadgeStatus,
} from './badge-repository.ts';

export type SponsorList = 'all' | 'published' | 'drafted';

/** What a sponsor sees of their own: drafts, and published badges they did not delete. */
const SPONSOR_STATUSES: Record<SponsorList, StoredBadgeStatus[]> = {
  all: ['DRAFT', 'UNDER_VERIFICATION', 'VERIFIED', 'BANNED', 'REMOVED'],
  published: ['UNDER_VERIFICATION', 'VERIFIED', 'BANNED', 'REMOVED'],
  drafted: ['DRAFT'],
};

export async function listSponsorBadges(
  db: Queryable,
  sponsorId: string,
  which: SponsorList,
): Promise<StoredBadge[]> {
  const rows = await db.query<BadgeRow>(
    `${SELECT} WHERE b.sponsor_id = $1 AND b.status = ANY($2::text[])
      ORDER BY b.created_at DESC, b.id DESC`,
    [sponsorId, SPONSOR_STATUSES[which]],
  );
  return rows.map(toBadge);
}

/** Published badges per sponsor (what the admin console shows as totalBadge). */
export async function countPublishedBadges(
  db: Queryable,
  sponsorIds: string[],
): Promise<Map<string, number>> {
  const rows = await db.query<{ sponsor_id: string; total: string | number }>(
    `SELECT sponsor_id, count(*) AS total FROM badges
      WHERE sponsor_id = ANY($1::uuid[]) AND status = ANY($2::text[])
      GROUP BY sponsor_id`,
    [sponsorIds, SPONSOR_STATUSES.published],
  );
  return new Map(rows.map((r) => [r.sponsor_id, Number(r.total)]));
}

/** `%`, `_` and `\` typed by a person match themselves. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The sort key of each public order, most wanted first. */
const ORDER_KEYS: Record<BadgeListFilter, { column: string; cast: string } | null> = {
  recent: null,
  popular: { column: 'b.application_count', cast: 'bigint' },
  highly: { column: 'b.amount_of_token', cast: 'numeric' },
};

export interface PublicListCursor {
  /** The sort value of the last row (popular, highly). */
  key?: string;
  publishedAt: string;
  id: string;
}

export interface PublicListPage {
  badges: StoredBadge[];
  total: number | null;
  last: PublicListCursor | null;
}

/**
 * One page of listed badges (VERIFIED and public) in the filter's order,
 * after `after` (keyset). The total comes with the first page only: the kept
 * counts answer it without a name; a name search's matches are not counted
 * (that count grows with the matches, every request: the search would cost
 * more the more badges there are), so it is known only when they fit in one page.
 */
export async function listPublicBadges(
  db: Queryable,
  options: { filter: BadgeListFilter; name?: string; limit: number; after?: PublicListCursor },
): Promise<PublicListPage> {
  const order = ORDER_KEYS[options.filter];
  const where = [`b.status = 'VERIFIED'`, 'b.is_public'];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (options.name) where.push(`b.name ILIKE ${param(containsPattern(options.name))}`);
  if (options.after) {
    const at = param(options.after.publishedAt);
    const id = param(options.after.id);
    where.push(
      order
        ? `(${order.column}, b.published_at, b.id) < (${param(options.after.key ?? '0')}::${order.cast}, ${at}::timestamptz, ${id}::uuid)`
        : `(b.published_at, b.id) < (${at}::timestamptz, ${id}::uuid)`,
    );
  }
  const orderBy = `${order ? `${order.column} DESC, ` : ''}b.published_at DESC, b.id DESC`;
  const rows = await db.query<BadgeRow & { sort_key: string | null }>(
    `${SELECT.replace('SELECT ', `SELECT ${order ? `${order.column}::text` : 'NULL'} AS sort_key, `)}
      WHERE ${where.join(' AND ')} ORDER BY ${orderBy} LIMIT ${param(options.limit + 1)}`,
    params,
  );
  const more = rows.length > options.limit;
  const page = rows.slice(0, options.limit);
  const tail = page[page.length - 1];
  let total: number | null = null;
  if (!options.after) {
    if (!more) total = page.length;
    else if (!options.name) total = await countedBadges(db, ['VERIFIED'], true);
  }
  return {
    badges: page.map(toBadge),
    total,
    last:
      more && tail
        ? {
            ...(order ? { key: tail.sort_key ?? '0' } : {}),
            publishedAt: date(tail.published_at!).toISOString(),
            id: tail.id,
          }
        : null,
  };
}

/** Badges of these statuses (and access), from the counts the triggers keep. */
async function countedBadges(
  db: Queryable,
  statuses: StoredBadgeStatus[],
  isPublic: boolean | undefined,
): Promise<number> {
  const rows = await db.query<{ total: string | number | null }>(
    `SELECT sum(total) AS total FROM badge_counts
      WHERE status = ANY($1::text[]) AND ($2::boolean IS NULL OR is_public = $2)`,
    [statuses, isPublic ?? null],
  );
  return Number(rows[0]?.total ?? 0);
}

/** Every status an admin lists: published ones (not drafts, publishes in flight or deleted). */
const ADMIN_STATUSES: StoredBadgeStatus[] = ['UNDER_VERIFICATION', 'VERIFIED', 'BANNED', 'REMOVED'];

/**
 * A page of published badges by status and access, found by name. `total` is
 * the badges of that status and access, from the kept counts, whatever the
 * name: a name search's matches are not counted (see listPublicBadges);
 * `hasMore` says whether a next page holds any.
 */
export async function listAdminBadges(
  db: Queryable,
  options: {
    page: number;
    limit: number;
    isPublic?: boolean;
    status?: StoredBadgeStatus;
    name?: string;
  },
): Promise<{ badges: StoredBadge[]; total: number; hasMore: boolean }> {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  // Spelled as the partial index's predicate, so the planner can use it.
  const where = [
    options.status
      ? `b.status = ${param(options.status)}`
      : `b.status IN ('UNDER_VERIFICATION', 'VERIFIED', 'BANNED', 'REMOVED')`,
  ];
  if (options.isPublic !== undefined) where.push(`b.is_public = ${param(options.isPublic)}`);
  if (options.name) where.push(`b.name ILIKE ${param(containsPattern(options.name))}`);
  const offset = (options.page - 1) * options.limit;
  const rows = await db.query<BadgeRow>(
    `${SELECT} WHERE ${where.join(' AND ')}
      ORDER BY b.published_at DESC, b.id DESC LIMIT ${param(options.limit + 1)} OFFSET ${param(offset)}`,
    params,
  );
  const hasMore = rows.length > options.limit;
  const page = rows.slice(0, options.limit);
  // Without a name, a first page that holds them all is the count.
  const total =
    options.page === 1 && !hasMore && !options.name
      ? page.length
      : await countedBadges(
          db,
          options.status ? [options.status] : ADMIN_STATUSES,
          options.isPublic,
        );
  return { badges: page.map(toBadge), total, hasMore };
}
