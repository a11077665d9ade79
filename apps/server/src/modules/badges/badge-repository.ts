// SQL of one badge: its row as the other badge repositories read it, finding
// it, and its life: drafts, the publish in flight and its outcome, and the
// final statuses the chain gives it. The lists are badge-list-repository.ts,
// the removal of badges not approved in time badge-removal-repository.ts.
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

export interface BadgeRow {
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

export const SELECT = `SELECT b.id, b.sponsor_id, b.status, b.name, b.description, b.award_criteria,
    b.educations_details, b.image, b.extra_link, b.is_public, b.amount_of_token::text,
    b.number_of_badge, b.approved_count, b.application_count, b.batch_expiry_date,
    b.source_draft_id, b.publish_transaction_id, b.on_chain_id::text, b.transaction_hash,
    b.approval_deadline, b.expiry_date, b.created_at, b.published_at,
    u.full_name AS sponsor_full_name, u.user_name AS sponsor_user_name,
    u.profile_pic AS sponsor_profile_pic, u.is_verified AS sponsor_is_verified,
    u.account AS sponsor_account
  FROM badges b JOIN users u ON u.id = b.sponsor_id`;

export const date = (value: Date | string) => new Date(value);
const maybeDate = (value: Date | string | null) => (value === null ? null : new Date(value));

export const toBadge = (row: BadgeRow): StoredBadge => ({
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

/**
 * The badge's status, its row locked until the transaction ends. A claim's credential and a
 * ban's revocation of the badge's credentials then run one after the other: side by side, the
 * ban would not see the claim's new credential and the claim would read the badge as not yet
 * banned, leaving a banned badge's credential unrevoked. (The ban's markClosed takes the same
 * row lock by its UPDATE.)
 */
export async function lockBadgeStatus(
  db: Queryable,
  id: string,
): Promise<StoredBadgeStatus | null> {
  const rows = await db.query<{ status: StoredBadgeStatus }>(
    'SELECT status FROM badges WHERE id = $1 FOR UPDATE',
    [id],
  );
  return rows[0]?.status ?? null;
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
