// SQL of badges: drafts, publishing rows, published badges and their lists.
// Lists page by keyset (public lists) or by page and limit (admin), each on
// an index of its own order (migration 0030).
import type { BadgeListFilter } from '@gets/schema';
import type { Queryable } from '../../db/database.ts';

export type StoredBadgeStatus =
  'DRAFT' | 'PUBLISHING' | 'UNDER_VERIFICATION' | 'VERIFIED' | 'BANNED' | 'DELETED' | 'REMOVED';

/** What a sponsor writes; the same for a draft and a publish. */
export interface BadgeContent {
  name: string;
  description: string;
  awardCriteria: string;
  educationsDetails: string | null;
  image: string;
  extraLink: string | null;
  isPublic: boolean;
  /** Reward per badge, base units. */
  amountOfToken: bigint;
  numberOfBadge: number;
  batchExpiryDate: Date;
}

export interface StoredBadge extends BadgeContent {
  id: string;
  sponsorId: string;
  status: StoredBadgeStatus;
  approvedCount: number;
  applicationCount: number;
  sourceDraftId: string | null;
  publishTransactionId: string | null;
  onChainId: string | null;
  transactionHash: string | null;
  approvalDeadline: Date | null;
  expiryDate: Date | null;
  createdAt: Date;
  publishedAt: Date | null;
  sponsor: {
    fullName: string;
    userName: string;
    profilePic: string | null;
    isVerified: boolean;
    account: string | null;
  };
}

interface BadgeRow {
  id: string;
  sponsor_id: string;
  status: StoredBadgeStatus;
  name: string;
  description: string;
  award_criteria: string;
  educations_details: string | null;
  image: string;
  extra_link: string | null;
  is_public: boolean;
  amount_of_token: string;
  number_of_badge: string | number;
  approved_count: string | number;
  application_count: string | number;
  batch_expiry_date: Date | string;
  source_draft_id: string | null;
  publish_transaction_id: string | null;
  on_chain_id: string | null;
  transaction_hash: string | null;
  approval_deadline: Date | string | null;
  expiry_date: Date | string | null;
  created_at: Date | string;
  published_at: Date | string | null;
  sponsor_full_name: string;
  sponsor_user_name: string;
  sponsor_profile_pic: string | null;
  sponsor_is_verified: boolean;
  sponsor_account: string | null;
}

const SELECT = `SELECT b.id, b.sponsor_id, b.status, b.name, b.description, b.award_criteria,
    b.educations_details, b.image, b.extra_link, b.is_public, b.amount_of_token::text,
    b.number_of_badge, b.approved_count, b.application_count, b.batch_expiry_date,
    b.source_draft_id, b.publish_transaction_id, b.on_chain_id::text, b.transaction_hash,
    b.approval_deadline, b.expiry_date, b.created_at, b.published_at,
    u.full_name AS sponsor_full_name, u.user_name AS sponsor_user_name,
    u.profile_pic AS sponsor_profile_pic, u.is_verified AS sponsor_is_verified,
    u.account AS sponsor_account
  FROM badges b JOIN users u ON u.id = b.sponsor_id`;

const date = (value: Date | string) => new Date(value);
const maybeDate = (value: Date | string | null) => (value === null ? null : new Date(value));

const toBadge = (row: BadgeRow): StoredBadge => ({
  id: row.id,
  sponsorId: row.sponsor_id,
  status: row.status,
  name: row.name,
  description: row.description,
  awardCriteria: row.award_criteria,
  educationsDetails: row.educations_details,
  image: row.image,
  extraLink: row.extra_link,
  isPublic: row.is_public,
  amountOfToken: BigInt(row.amount_of_token),
  numberOfBadge: Number(row.number_of_badge),
  approvedCount: Number(row.approved_count),
  applicationCount: Number(row.application_count),
  batchExpiryDate: date(row.batch_expiry_date),
  sourceDraftId: row.source_draft_id,
  publishTransactionId: row.publish_transaction_id,
  onChainId: row.on_chain_id,
  transactionHash: row.transaction_hash,
  approvalDeadline: maybeDate(row.approval_deadline),
  expiryDate: maybeDate(row.expiry_date),
  createdAt: date(row.created_at),
  publishedAt: maybeDate(row.published_at),
  sponsor: {
    fullName: row.sponsor_full_name,
    userName: row.sponsor_user_name,
    profilePic: row.sponsor_profile_pic,
    isVerified: row.sponsor_is_verified,
    account: row.sponsor_account,
  },
});

const contentParams = (c: BadgeContent) => [
  c.name,
  c.description,
  c.awardCriteria,
  c.educationsDetails,
  c.image,
  c.extraLink,
  c.isPublic,
  c.amountOfToken.toString(),
  c.numberOfBadge,
  c.batchExpiryDate,
];

// ---------------------------------------------------------------- one badge

export async function findBadge(db: Queryable, id: string): Promise<StoredBadge | null> {
  const rows = await db.query<BadgeRow>(`${SELECT} WHERE b.id = $1`, [id]);
  return rows[0] ? toBadge(rows[0]) : null;
}

/** Several badges by id (in no particular order). */
export async function findBadges(db: Queryable, ids: string[]): Promise<StoredBadge[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<BadgeRow>(`${SELECT} WHERE b.id = ANY($1::uuid[])`, [ids]);
  return rows.map(toBadge);
}

/** Locks the row for the rest of the transaction (a publish or edit of one draft at a time). */
export async function lockBadge(db: Queryable, id: string): Promise<StoredBadge | null> {
  const locked = await db.query('SELECT id FROM badges WHERE id = $1 FOR UPDATE', [id]);
  return locked.length === 1 ? findBadge(db, id) : null;
}

export async function findBadgeByChainId(
  db: Queryable,
  onChainId: string,
): Promise<StoredBadge | null> {
  const rows = await db.query<BadgeRow>(`${SELECT} WHERE b.on_chain_id = $1::numeric`, [onChainId]);
  return rows[0] ? toBadge(rows[0]) : null;
}

export async function findBadgeByPublishTransaction(
  db: Queryable,
  transactionId: string,
): Promise<StoredBadge | null> {
  const rows = await db.query<BadgeRow>(`${SELECT} WHERE b.publish_transaction_id = $1`, [
    transactionId,
  ]);
  return rows[0] ? toBadge(rows[0]) : null;
}

// ------------------------------------------------------------------- drafts

export async function insertDraft(
  db: Queryable,
  draft: { id: string; sponsorId: string; content: BadgeContent },
): Promise<void> {
  await db.query(
    `INSERT INTO badges (id, sponsor_id, status, name, description, award_criteria,
       educations_details, image, extra_link, is_public, amount_of_token, number_of_badge,
       batch_expiry_date)
     VALUES ($1, $2, 'DRAFT', $3, $4, $5, $6, $7, $8, $9, $10::numeric, $11, $12)`,
    [draft.id, draft.sponsorId, ...contentParams(draft.content)],
  );
}

/** Changes a draft's content; false when it is no longer a draft. */
export async function updateDraft(
  db: Queryable,
  id: string,
  content: BadgeContent,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE badges SET name = $2, description = $3, award_criteria = $4, educations_details = $5,
            image = $6, extra_link = $7, is_public = $8, amount_of_token = $9::numeric,
            number_of_badge = $10, batch_expiry_date = $11, updated_at = now()
      WHERE id = $1 AND status = 'DRAFT' RETURNING id`,
    [id, ...contentParams(content)],
  );
  return rows.length === 1;
}

export async function deleteDraft(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query(
    `DELETE FROM badges WHERE id = $1 AND status = 'DRAFT' RETURNING id`,
    [id],
  );
  return rows.length === 1;
}

/** Whether a publish of this draft is running (its PUBLISHING row exists). */
export async function isDraftPublishing(db: Queryable, draftId: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM badges WHERE source_draft_id = $1 AND status = 'PUBLISHING'`,
    [draftId],
  );
  return rows.length > 0;
}

// ----------------------------------------------------------------- publish

/**
 * The row of a publish in flight; the unique index on (source_draft_id) of
 * PUBLISHING rows refuses a second publish of the same draft (answers false).
 */
export async function insertPublishing(
  db: Queryable,
  badge: {
    id: string;
    sponsorId: string;
    content: BadgeContent;
    sourceDraftId: string | null;
    publishTransactionId: string;
  },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO badges (id, sponsor_id, status, name, description, award_criteria,
       educations_details, image, extra_link, is_public, amount_of_token, number_of_badge,
       batch_expiry_date, source_draft_id, publish_transaction_id)
     VALUES ($1, $2, 'PUBLISHING', $3, $4, $5, $6, $7, $8, $9, $10::numeric, $11, $12, $13, $14)
     ON CONFLICT (source_draft_id) WHERE status = 'PUBLISHING' DO NOTHING
     RETURNING id`,
    [
      badge.id,
      badge.sponsorId,
      ...contentParams(badge.content),
      badge.sourceDraftId,
      badge.publishTransactionId,
    ],
  );
  return rows.length === 1;
}

/**
 * The create completed on chain: the badge waits for an admin, and the draft
 * it came from is gone (it became this badge). Answers the badge id.
 */
export async function completePublish(
  db: Queryable,
  publishTransactionId: string,
  chain: { onChainId: string; transactionHash: string | null; approvalDeadline: Date },
): Promise<string | null> {
  const rows = await db.query<{ id: string; source_draft_id: string | null }>(
    `UPDATE badges SET status = 'UNDER_VERIFICATION', on_chain_id = $2::numeric,
            transaction_hash = $3, approval_deadline = $4,
            published_at = date_trunc('milliseconds', now()), updated_at = now()
      WHERE publish_transaction_id = $1 AND status = 'PUBLISHING'
      RETURNING id, source_draft_id`,
    [publishTransactionId, chain.onChainId, chain.transactionHash, chain.approvalDeadline],
  );
  const published = rows[0];
  if (!published) return null;
  if (published.source_draft_id) await deleteDraft(db, published.source_draft_id);
  return published.id;
}

/** The create failed: its row goes, the draft stays as it was. */
export async function discardPublish(db: Queryable, publishTransactionId: string): Promise<void> {
  await db.query(`DELETE FROM badges WHERE publish_transaction_id = $1 AND status = 'PUBLISHING'`, [
    publishTransactionId,
  ]);
}

// ------------------------------------------------------- chain outcomes

export async function markApproved(
  db: Queryable,
  onChainId: string,
  expiryDate: Date,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE badges SET status = 'VERIFIED', expiry_date = $2, approved_at = now(), updated_at = now()
      WHERE on_chain_id = $1::numeric AND status = 'UNDER_VERIFICATION' RETURNING id`,
    [onChainId, expiryDate],
  );
  return rows.length === 1;
}

/** A final status from the chain (banned, deleted, removed) of a live badge. */
export async function markClosed(
  db: Queryable,
  onChainId: string,
  status: 'BANNED' | 'DELETED' | 'REMOVED',
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE badges SET status = $2, closed_at = now(), updated_at = now()
      WHERE on_chain_id = $1::numeric AND status IN ('UNDER_VERIFICATION', 'VERIFIED')
      RETURNING id`,
    [onChainId, status],
  );
  return rows.length === 1;
}

// --------------------------------------------------------- approval period

/** Pending badges whose approval deadline passed (chain time) and not yet queued for removal. */
export async function findDueForRemoval(
  db: Queryable,
  chainNow: Date,
  limit: number,
): Promise<{ id: string; onChainId: string }[]> {
  const rows = await db.query<{ id: string; on_chain_id: string }>(
    `SELECT id, on_chain_id::text FROM badges
      WHERE status = 'UNDER_VERIFICATION' AND removal_transaction_id IS NULL
        AND approval_deadline < $1
      ORDER BY approval_deadline LIMIT $2`,
    [chainNow, limit],
  );
  return rows.map((r) => ({ id: r.id, onChainId: r.on_chain_id }));
}

export async function setRemovalQueued(
  db: Queryable,
  id: string,
  transactionId: string,
): Promise<void> {
  await db.query(
    `UPDATE badges SET removal_transaction_id = $2, updated_at = now()
      WHERE id = $1 AND removal_transaction_id IS NULL`,
    [id, transactionId],
  );
}

// -------------------------------------------------------------------- lists

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
