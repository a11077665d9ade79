-- Reminder emails (modules/applications/reminders.ts): an approved earner is
-- reminded once before the claim period ends, and a sponsor gets a daily
-- digest of the new applications to their badges. Each user may switch
-- either off on the profile page; both are on until they do.
ALTER TABLE users
  ADD COLUMN email_claim_reminder boolean NOT NULL DEFAULT true,
  ADD COLUMN email_application_digest boolean NOT NULL DEFAULT true;

-- When the application reached the chain (APPLIED): what a digest counts as
-- new. created_at is the apply's start, which can fall before a digest that
-- then misses the row while it is still REQUESTING.
ALTER TABLE badge_applications
  ADD COLUMN applied_at timestamptz,
  -- Set in the statement that decides to send the claim reminder: once.
  ADD COLUMN claim_reminder_sent_at timestamptz;
UPDATE badge_applications SET applied_at = created_at WHERE status <> 'REQUESTING';

-- The reminder job: approvals not yet reminded, by claim deadline.
CREATE INDEX badge_applications_claim_reminder_idx ON badge_applications (claim_deadline)
  WHERE status = 'APPROVED' AND claim_reminder_sent_at IS NULL;

-- The digest job: a sponsor's applications by when they arrived.
CREATE INDEX badge_applications_applied_at_idx ON badge_applications (badge_id, applied_at)
  WHERE applied_at IS NOT NULL;

-- One digest per sponsor and day (UTC): the key is taken in the statement
-- that decides to send, so two workers or a restart never send it twice. It
-- covers the applications that arrived in (covered_from, covered_until].
CREATE TABLE application_digests (
  sponsor_id uuid NOT NULL REFERENCES users (id),
  digest_day date NOT NULL,
  covered_from timestamptz NOT NULL,
  covered_until timestamptz NOT NULL,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (sponsor_id, digest_day)
);
