// SQL of badge applications: the apply in flight and its outcome, reviews,
// claims and releases recorded with the chain call that decides them, and the
// lists of earners, sponsors and badge pages (migration 0040).
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

// ------------------------------------------------------------------ reads

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

/**
 * Of these earners, the ones who applied to one of the sponsor's badges, with
 * the full name and wallet of their latest application: what the badge's
 * Applications page showed the sponsor.
 */
export async function findApplicantsOfSponsor(
  db: Queryable,
  sponsorId: string,
  earnerIds: string[],
): Promise<{ earnerId: string; fullName: string; account: `0x${string}` }[]> {
  if (earnerIds.length === 0) return [];
  const rows = await db.query<{ earner_id: string; full_name: string; earner_address: string }>(
    `SELECT DISTINCT ON (a.earner_id) a.earner_id, a.full_name, a.earner_address
       FROM badge_applications a JOIN badges b ON b.id = a.badge_id
      WHERE b.sponsor_id = $1 AND a.earner_id = ANY($2::uuid[]) AND a.status <> 'REQUESTING'
      ORDER BY a.earner_id, a.created_at DESC`,
    [sponsorId, earnerIds],
  );
  return rows.map((row) => ({
    earnerId: row.earner_id,
    fullName: row.full_name,
    account: row.earner_address as `0x${string}`,
  }));
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

// ------------------------------------------------------------------ apply

/**
 * The row of an apply in flight; the unique (badge, earner) refuses a second
 * application of the same earner (answers false).
 */
export async function insertRequesting(
  db: Queryable,
  application: ApplicationForm & {
    id: string;
    badgeId: string;
    earnerId: string;
    earnerAddress: string;
    requestTransactionId: string;
  },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO badge_applications (id, badge_id, earner_id, earner_address, status, full_name,
       program, award_criteria, awarding_criteria_evidence, requested_evidence_doc,
       request_transaction_id)
     VALUES ($1, $2, $3, $4, 'REQUESTING', $5, $6, $7, $8, $9, $10)
     ON CONFLICT (badge_id, earner_id) DO NOTHING
     RETURNING id`,
    [
      application.id,
      application.badgeId,
      application.earnerId,
      application.earnerAddress,
      application.fullName,
      application.program,
      application.awardCriteria,
      application.awardingCriteriaEvidence,
      application.requestedEvidenceDoc,
      application.requestTransactionId,
    ],
  );
  return rows.length === 1;
}

/** The request is on chain: the application is APPLIED and its badge counts it. */
export async function completeRequest(
  db: Queryable,
  requestTransactionId: string,
  onChainId: string,
): Promise<void> {
  const rows = await db.query<{ badge_id: string }>(
    `UPDATE badge_applications SET status = 'APPLIED', on_chain_id = $2::numeric,
            applied_at = now(), updated_at = now()
      WHERE request_transaction_id = $1 AND status = 'REQUESTING'
      RETURNING badge_id`,
    [requestTransactionId, onChainId],
  );
  if (rows[0]) {
    await db.query(
      `UPDATE badges SET application_count = application_count + 1, updated_at = now()
        WHERE id = $1`,
      [rows[0].badge_id],
    );
  }
}

/** The request failed: its row goes, so the earner may apply again. */
export async function discardRequest(db: Queryable, requestTransactionId: string): Promise<void> {
  await db.query(
    `DELETE FROM badge_applications WHERE request_transaction_id = $1 AND status = 'REQUESTING'`,
    [requestTransactionId],
  );
}

// ----------------------------------------------------------------- review

/** Locks the rows of a review (in id order, so two reviews never deadlock). */
export async function lockApplications(db: Queryable, ids: string[]): Promise<void> {
  await db.query(
    'SELECT id FROM badge_applications WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE',
    [ids],
  );
}

/**
 * Marks the applications as under review by this transaction; false when one
 * of them is no longer APPLIED or already under review (nothing is marked).
 */
export async function startReview(
  db: Queryable,
  transactionId: string,
  decisions: { id: string; approve: boolean }[],
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE badge_applications a SET review_transaction_id = $1, review_approves = d.approve,
            updated_at = now()
       FROM unnest($2::uuid[], $3::boolean[]) AS d(id, approve)
      WHERE a.id = d.id AND a.status = 'APPLIED' AND a.review_transaction_id IS NULL
      RETURNING a.id`,
    [transactionId, decisions.map((d) => d.id), decisions.map((d) => d.approve)],
  );
  return rows.length === decisions.length;
}

/**
 * The review is on chain: each approved request is APPROVED until its claim
 * deadline and takes a badge (approved_count), each rejected one REJECTED.
 */
export async function completeReview(
  db: Queryable,
  transactionId: string,
  outcome: { approved: { requestId: string; claimDeadline: Date }[]; rejected: string[] },
): Promise<void> {
  if (outcome.approved.length > 0) {
    const approved = await db.query<{ badge_id: string }>(
      `UPDATE badge_applications a SET status = 'APPROVED', claim_deadline = d.deadline,
              reviewed_at = now(), updated_at = now()
         FROM unnest($1::numeric[], $2::timestamptz[]) AS d(request_id, deadline)
        WHERE a.on_chain_id = d.request_id AND a.status = 'APPLIED'
        RETURNING a.badge_id`,
      [outcome.approved.map((a) => a.requestId), outcome.approved.map((a) => a.claimDeadline)],
    );
    await addApprovedCounts(
      db,
      approved.map((r) => r.badge_id),
      1,
    );
  }
  if (outcome.rejected.length > 0) {
    await db.query(
      `UPDATE badge_applications SET status = 'REJECTED', reviewed_at = now(), updated_at = now()
        WHERE on_chain_id = ANY($1::numeric[]) AND status = 'APPLIED'`,
      [outcome.rejected],
    );
  }
  await endReview(db, transactionId);
}

/** The review ended (done or failed): its rows are free for another. */
export async function endReview(db: Queryable, transactionId: string): Promise<void> {
  await db.query(
    `UPDATE badge_applications SET review_transaction_id = NULL, review_approves = NULL,
            updated_at = now()
      WHERE review_transaction_id = $1`,
    [transactionId],
  );
}

/** Adds `step` to approved_count once per listed badge occurrence. */
async function addApprovedCounts(db: Queryable, badgeIds: string[], step: 1 | -1) {
  if (badgeIds.length === 0) return;
  await db.query(
    `UPDATE badges b SET approved_count = b.approved_count + $2::bigint * c.n, updated_at = now()
       FROM (SELECT id, count(*) AS n FROM unnest($1::uuid[]) AS t(id) GROUP BY id) c
      WHERE b.id = c.id`,
    [badgeIds, step],
  );
}

// ------------------------------------------------------------------ claim

/**
 * Records the claim's transaction on an approved application that has none:
 * false when it was claimed, or a claim is on its way, meanwhile.
 */
export async function startClaim(
  db: Queryable,
  id: string,
  transactionId: string,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE badge_applications SET claim_transaction_id = $2, updated_at = now()
      WHERE id = $1 AND status = 'APPROVED' AND claim_transaction_id IS NULL
      RETURNING id`,
    [id, transactionId],
  );
  return rows.length === 1;
}

/** The claim is on chain: badge token minted, reward paid. Answers the award. */
export async function completeClaim(
  db: Queryable,
  claimTransactionId: string,
  claim: { requestId: string; tokenId: string; amount: string; transactionHash: string | null },
): Promise<StoredApplication | null> {
  const rows = await db.query<{ id: string }>(
    `UPDATE badge_applications SET status = 'TOKEN_CLAIMED', token_id = $3::numeric,
            reward_amount = $4::numeric, assigned_hash = $5,
            assigned_at = date_trunc('milliseconds', now()), updated_at = now()
      WHERE claim_transaction_id = $1 AND on_chain_id = $2::numeric AND status = 'APPROVED'
      RETURNING id`,
    [claimTransactionId, claim.requestId, claim.tokenId, claim.amount, claim.transactionHash],
  );
  return rows[0] ? findApplication(db, rows[0].id) : null;
}

/** The claim failed: the application may be claimed again (while its period lasts). */
export async function endClaim(db: Queryable, claimTransactionId: string): Promise<void> {
  await db.query(
    `UPDATE badge_applications SET claim_transaction_id = NULL, updated_at = now()
      WHERE claim_transaction_id = $1 AND status = 'APPROVED'`,
    [claimTransactionId],
  );
}

// ---------------------------------------------------------------- release

/**
 * Approvals whose claim deadline passed (chain time), with no claim and no
 * release on their way: of live badges (the slot can go to another earner)
 * and of deleted or banned ones (the reward goes back to the sponsor); locked,
 * skipping rows another worker holds.
 */
export async function lockDueForRelease(
  db: Queryable,
  chainNow: Date,
  limit: number,
): Promise<{ id: string; onChainId: string }[]> {
  const rows = await db.query<{ id: string; on_chain_id: string }>(
    `SELECT a.id, a.on_chain_id::text FROM badge_applications a
       JOIN badges b ON b.id = a.badge_id
      WHERE a.status = 'APPROVED' AND a.release_transaction_id IS NULL
        AND a.claim_transaction_id IS NULL AND a.claim_deadline < $1
        AND b.status IN ('VERIFIED', 'DELETED', 'BANNED')
      ORDER BY a.claim_deadline, a.id LIMIT $2
      FOR UPDATE OF a SKIP LOCKED`,
    [chainNow, limit],
  );
  return rows.map((r) => ({ id: r.id, onChainId: r.on_chain_id }));
}

export async function startRelease(
  db: Queryable,
  ids: string[],
  transactionId: string,
): Promise<void> {
  await db.query(
    `UPDATE badge_applications SET release_transaction_id = $2, updated_at = now()
      WHERE id = ANY($1::uuid[]) AND release_transaction_id IS NULL`,
    [ids, transactionId],
  );
}

/** The release is on chain: each approval EXPIRED, its badge slot free again. */
export async function completeRelease(
  db: Queryable,
  transactionId: string,
  requestIds: string[],
): Promise<void> {
  const released = await db.query<{ badge_id: string }>(
    `UPDATE badge_applications SET status = 'EXPIRED', updated_at = now()
      WHERE on_chain_id = ANY($1::numeric[]) AND status = 'APPROVED'
      RETURNING badge_id`,
    [requestIds],
  );
  await addApprovedCounts(
    db,
    released.map((r) => r.badge_id),
    -1,
  );
  await endRelease(db, transactionId);
}

/** A failed release frees its rows for the next run. */
export async function endRelease(db: Queryable, transactionId: string): Promise<void> {
  await db.query(
    `UPDATE badge_applications SET release_transaction_id = NULL, updated_at = now()
      WHERE release_transaction_id = $1 AND status = 'APPROVED'`,
    [transactionId],
  );
}

// ----------------------------------------------------------------- awards

export interface Award {
  applicationId: string;
  badgeId: string;
  badgeName: string;
  fullName: string;
  earnerAddress: string;
  assignedHash: string;
  assignedAt: Date;
  rewardAmount: bigint;
}

interface AwardRow {
  id: string;
  badge_id: string;
  badge_name: string;
  full_name: string;
  earner_address: string;
  assigned_hash: string;
  assigned_at: Date | string;
  reward_amount: string;
}

const AWARDS = `SELECT a.id, a.badge_id, b.name AS badge_name, a.full_name, a.earner_address,
    a.assigned_hash, a.assigned_at, a.reward_amount::text
  FROM badge_applications a JOIN badges b ON b.id = a.badge_id`;

const toAward = (row: AwardRow): Award => ({
  applicationId: row.id,
  badgeId: row.badge_id,
  badgeName: row.badge_name,
  fullName: row.full_name,
  earnerAddress: row.earner_address,
  assignedHash: row.assigned_hash,
  assignedAt: new Date(row.assigned_at),
  rewardAmount: BigInt(row.reward_amount),
});

/** The earners holding a badge, most recent first. */
export async function listAwardsOfBadge(db: Queryable, badgeId: string): Promise<Award[]> {
  const rows = await db.query<AwardRow>(
    `${AWARDS} WHERE a.badge_id = $1 AND a.status = 'TOKEN_CLAIMED'
      ORDER BY a.assigned_at DESC, a.id DESC`,
    [badgeId],
  );
  return rows.map(toAward);
}

/** The award winners of a sponsor's badges, most recent first. */
export async function listAwardsOfSponsor(db: Queryable, sponsorId: string): Promise<Award[]> {
  const rows = await db.query<AwardRow>(
    `${AWARDS} WHERE b.sponsor_id = $1 AND a.status = 'TOKEN_CLAIMED'
      ORDER BY a.assigned_at DESC, a.id DESC`,
    [sponsorId],
  );
  return rows.map(toAward);
}

/** Awards of a sponsor's badges and the GETS (base units) they paid. */
export async function sumAwardsOfSponsor(
  db: Queryable,
  sponsorId: string,
): Promise<{ count: number; units: bigint }> {
  const rows = await db.query<{ total: string | number; units: string | null }>(
    `SELECT count(*) AS total, sum(a.reward_amount)::text AS units
       FROM badge_applications a JOIN badges b ON b.id = a.badge_id
      WHERE b.sponsor_id = $1 AND a.status = 'TOKEN_CLAIMED'`,
    [sponsorId],
  );
  return { count: Number(rows[0]?.total ?? 0), units: BigInt(rows[0]?.units ?? '0') };
}

/** The mined hash of a chain transaction (recorded by the pipeline). */
export async function transactionHashOf(
  db: Queryable,
  transactionId: string,
): Promise<string | null> {
  const rows = await db.query<{ transaction_hash: string | null }>(
    'SELECT transaction_hash FROM chain_transactions WHERE id = $1',
    [transactionId],
  );
  return rows[0]?.transaction_hash ?? null;
}
