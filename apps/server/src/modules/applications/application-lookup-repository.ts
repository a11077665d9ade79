// SQL that reads badge applications (migration 0040): the stored application
// and its row, one found by id, by its id on chain or by badge and earner,
// the lists of a badge and of an earner, and what the review and the
// whitelist CSV check. The writes of an application's life are
// application-repository.ts, the awards award-repository.ts.
import type { Queryable } from '../../db/database.ts';

export type StoredApplicationStatus =
  'REQUESTING' | 'APPLIED' | 'APPROVED' | 'REJECTED' | 'TOKEN_CLAIMED' | 'EXPIRED';

export interface ApplicationForm {
  fullName: string;
  program: string | null;
  awardCriteria: boolean;
  awardingCriteriaEvidence: boolean;
  requestedEvidenceDoc: string | null;
}

export interface StoredApplication extends ApplicationForm {
  id: string;
  badgeId: string;
  earnerId: string;
  earnerAddress: string;
  status: StoredApplicationStatus;
  onChainId: string | null;
  requestTransactionId: string;
  reviewTransactionId: string | null;
  reviewApproves: boolean | null;
  reviewedAt: Date | null;
  claimDeadline: Date | null;
  claimTransactionId: string | null;
  tokenId: string | null;
  rewardAmount: bigint | null;
  assignedHash: string | null;
  assignedAt: Date | null;
  releaseTransactionId: string | null;
  createdAt: Date;
  /** The claim in flight: its transaction is still QUEUED or SENT. */
  claimPending: boolean;
}

interface ApplicationRow {
  id: string;
  badge_id: string;
  earner_id: string;
  earner_address: string;
  status: StoredApplicationStatus;
  full_name: string;
  program: string | null;
  award_criteria: boolean;
  awarding_criteria_evidence: boolean;
  requested_evidence_doc: string | null;
  on_chain_id: string | null;
  request_transaction_id: string;
  review_transaction_id: string | null;
  review_approves: boolean | null;
  reviewed_at: Date | string | null;
  claim_deadline: Date | string | null;
  claim_transaction_id: string | null;
  token_id: string | null;
  reward_amount: string | null;
  assigned_hash: string | null;
  assigned_at: Date | string | null;
  release_transaction_id: string | null;
  created_at: Date | string;
  claim_pending: boolean;
}

const SELECT = `SELECT a.id, a.badge_id, a.earner_id, a.earner_address, a.status, a.full_name,
    a.program, a.award_criteria, a.awarding_criteria_evidence, a.requested_evidence_doc,
    a.on_chain_id::text, a.request_transaction_id, a.review_transaction_id, a.review_approves,
    a.reviewed_at, a.claim_deadline, a.claim_transaction_id, a.token_id::text,
    a.reward_amount::text, a.assigned_hash, a.assigned_at, a.release_transaction_id, a.created_at,
    COALESCE(ct.status IN ('QUEUED', 'SENT'), false) AS claim_pending
  FROM badge_applications a
  LEFT JOIN chain_transactions ct ON ct.id = a.claim_transaction_id`;

const maybeDate = (value: Date | string | null) => (value === null ? null : new Date(value));

const toApplication = (row: ApplicationRow): StoredApplication => ({
  id: row.id,
  badgeId: row.badge_id,
  earnerId: row.earner_id,
  earnerAddress: row.earner_address,
  status: row.status,
  fullName: row.full_name,
  program: row.program,
  awardCriteria: row.award_criteria,
  awardingCriteriaEvidence: row.awarding_criteria_evidence,
  requestedEvidenceDoc: row.requested_evidence_doc,
  onChainId: row.on_chain_id,
  requestTransactionId: row.request_transaction_id,
  reviewTransactionId: row.review_transaction_id,
  reviewApproves: row.review_approves,
  reviewedAt: maybeDate(row.reviewed_at),
  claimDeadline: maybeDate(row.claim_deadline),
  claimTransactionId: row.claim_transaction_id,
  tokenId: row.token_id,
  rewardAmount: row.reward_amount === null ? null : BigInt(row.reward_amount),
  assignedHash: row.assigned_hash,
  assignedAt: maybeDate(row.assigned_at),
  releaseTransactionId: row.release_transaction_id,
  createdAt: new Date(row.created_at),
  claimPending: row.claim_pending,
});

export async function findApplication(
  db: Queryable,
  id: string,
): Promise<StoredApplication | null> {
  const rows = await db.query<ApplicationRow>(`${SELECT} WHERE a.id = $1`, [id]);
  return rows[0] ? toApplication(rows[0]) : null;
}

export async function findApplicationByChainId(
  db: Queryable,
  onChainId: string,
): Promise<StoredApplication | null> {
  const rows = await db.query<ApplicationRow>(`${SELECT} WHERE a.on_chain_id = $1::numeric`, [
    onChainId,
  ]);
  return rows[0] ? toApplication(rows[0]) : null;
}

export async function findApplicationsByChainIds(
  db: Queryable,
  onChainIds: string[],
): Promise<StoredApplication[]> {
  const rows = await db.query<ApplicationRow>(
    `${SELECT} WHERE a.on_chain_id = ANY($1::numeric[])`,
    [onChainIds],
  );
  return rows.map(toApplication);
}

/** The earner's application for a badge, in flight or not. */
export async function findApplicationOf(
  db: Queryable,
  badgeId: string,
  earnerId: string,
): Promise<StoredApplication | null> {
  const rows = await db.query<ApplicationRow>(
    `${SELECT} WHERE a.badge_id = $1 AND a.earner_id = $2`,
    [badgeId, earnerId],
  );
  return rows[0] ? toApplication(rows[0]) : null;
}

/** A badge's applications on chain, sorted by full name (the Applications page). */
export async function listApplicationsOfBadge(
  db: Queryable,
  badgeId: string,
): Promise<StoredApplication[]> {
  const rows = await db.query<ApplicationRow>(
    `${SELECT} WHERE a.badge_id = $1 AND a.status <> 'REQUESTING'
      ORDER BY a.full_name, a.id`,
    [badgeId],
  );
  return rows.map(toApplication);
}

/** An earner's applications on chain (optionally of some statuses), newest first. */
export async function listApplicationsOfEarner(
  db: Queryable,
  earnerId: string,
  statuses?: StoredApplicationStatus[],
): Promise<StoredApplication[]> {
  const rows = await db.query<ApplicationRow>(
    `${SELECT} WHERE a.earner_id = $1 AND a.status <> 'REQUESTING'
        AND ($2::text[] IS NULL OR a.status = ANY($2::text[]))
      ORDER BY a.created_at DESC, a.id DESC`,
    [earnerId, statuses ?? null],
  );
  return rows.map(toApplication);
}

/** Approvals of a badge that a review in flight would add. */
export async function countApprovalsInFlight(db: Queryable, badgeId: string): Promise<number> {
  const rows = await db.query<{ total: string | number }>(
    `SELECT count(*) AS total FROM badge_applications
      WHERE badge_id = $1 AND review_transaction_id IS NOT NULL AND review_approves`,
    [badgeId],
  );
  return Number(rows[0]?.total ?? 0);
}
