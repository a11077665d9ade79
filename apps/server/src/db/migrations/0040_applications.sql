-- Badge applications (spec section 3 "Badge application"), from the earner's
-- request to the claimed award. An apply inserts its row (REQUESTING, never
-- shown) in the same database transaction that queues the chain request; the
-- request's outcome makes it APPLIED (with its request id on chain) or
-- deletes it. The sponsor's review, the earner's claim and the platform's
-- release of a lapsed approval each record the chain call in flight here, so
-- a second one cannot start while it runs, and their outcomes move the status.
CREATE TABLE badge_applications (
  id uuid PRIMARY KEY,
  badge_id uuid NOT NULL REFERENCES badges (id),
  earner_id uuid NOT NULL REFERENCES users (id),
  -- The earner's wallet when they applied: the request's earner on chain.
  earner_address text NOT NULL,
  status text NOT NULL CHECK (status IN
    ('REQUESTING', 'APPLIED', 'APPROVED', 'REJECTED', 'TOKEN_CLAIMED', 'EXPIRED')),
  full_name text NOT NULL,
  program text,
  award_criteria boolean NOT NULL,
  -- Whether the earner sent evidence; the evidence itself only then.
  awarding_criteria_evidence boolean NOT NULL,
  requested_evidence_doc text,
  -- The request id on chain (the spec's onChainId), from BadgeRequested.
  on_chain_id numeric(78, 0) UNIQUE,
  request_transaction_id uuid NOT NULL UNIQUE,
  -- A review in flight (processRequests) and what it decides for this row.
  review_transaction_id uuid,
  review_approves boolean,
  reviewed_at timestamptz,
  -- Until when the approved earner may claim (RequestApproved's claimDeadline).
  claim_deadline timestamptz,
  -- The claim in flight or done: one per application, so a claim is queued once.
  claim_transaction_id uuid UNIQUE,
  token_id numeric(78, 0),
  -- The reward the claim paid, GETS base units.
  reward_amount numeric(78, 0),
  -- The award's transaction (the claim) and when it was recorded.
  assigned_hash text,
  assigned_at timestamptz,
  -- The platform's releaseExpiredApprovals that covers this approval.
  release_transaction_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- One application per earner and badge, as on chain (even after a rejection).
  UNIQUE (badge_id, earner_id)
);

-- The sponsor's list of a badge's applications, sorted by full name.
CREATE INDEX badge_applications_badge_name_idx ON badge_applications (badge_id, full_name, id)
  WHERE status <> 'REQUESTING';

-- An earner's applications, newest first.
CREATE INDEX badge_applications_earner_idx ON badge_applications (earner_id, created_at DESC);

-- Awards (claimed applications) of a badge: the badge page's earners, a sponsor's winners.
CREATE INDEX badge_applications_awarded_idx ON badge_applications (badge_id, assigned_at DESC)
  WHERE status = 'TOKEN_CLAIMED';

-- The release worker: approvals by claim deadline, not yet released.
CREATE INDEX badge_applications_claim_deadline_idx ON badge_applications (claim_deadline)
  WHERE status = 'APPROVED' AND release_transaction_id IS NULL;

-- Outcomes find their rows by the chain call that decides them.
CREATE INDEX badge_applications_review_tx_idx ON badge_applications (review_transaction_id)
  WHERE review_transaction_id IS NOT NULL;
CREATE INDEX badge_applications_release_tx_idx ON badge_applications (release_transaction_id)
  WHERE release_transaction_id IS NOT NULL;
