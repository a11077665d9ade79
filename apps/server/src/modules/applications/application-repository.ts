// SQL of a badge application's life, each step recorded with the chain call
// that decides it: the apply in flight and its outcome, reviews, claims and
// releases (migration 0040). Reading applications is
// application-lookup-repository.ts.
import type { Queryable } from '../../db/database.ts';
import {
  findApplication,
  type ApplicationForm,
  type StoredApplication,
} from './application-lookup-repository.ts';

// The chain actions (actions.ts) take the type with the writes they record.
export type { StoredApplication };

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
