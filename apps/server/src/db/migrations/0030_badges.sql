-- Badges (spec section 3): drafts and published badges in one table, so a
-- badge keeps its row from draft to approval. A publish inserts its own row
-- (PUBLISHING, never listed) in the same database transaction that queues the
-- chain call; the call's outcome turns it into UNDER_VERIFICATION (and removes
-- the draft it came from) or deletes it, so a failed publish leaves the draft
-- as it was and no half-saved badge.
CREATE TABLE badges (
  id uuid PRIMARY KEY,
  sponsor_id uuid NOT NULL REFERENCES users (id),
  status text NOT NULL CHECK (status IN
    ('DRAFT', 'PUBLISHING', 'UNDER_VERIFICATION', 'VERIFIED', 'BANNED', 'DELETED', 'REMOVED')),
  name text NOT NULL,
  description text NOT NULL,
  award_criteria text NOT NULL,
  educations_details text,
  image text NOT NULL,
  extra_link text,
  is_public boolean NOT NULL,
  -- Reward per badge in GETS base units (18 decimals).
  amount_of_token numeric(78, 0) NOT NULL CHECK (amount_of_token > 0),
  number_of_badge bigint NOT NULL CHECK (number_of_badge BETWEEN 1 AND 4294967295),
  -- Badges awarded (approved requests) and applications received: kept by the
  -- application work in the same transaction as the application it counts.
  approved_count bigint NOT NULL DEFAULT 0,
  application_count bigint NOT NULL DEFAULT 0,
  batch_expiry_date timestamptz NOT NULL,
  -- The draft a PUBLISHING row came from; dropped when the publish completes.
  source_draft_id uuid,
  -- The chain transaction that creates it (PUBLISHING until it ends).
  publish_transaction_id uuid UNIQUE,
  on_chain_id numeric(78, 0) UNIQUE,
  transaction_hash text,
  approval_deadline timestamptz,
  expiry_date timestamptz,
  -- The platform's removeUnapprovedBadge, queued once when the deadline passed.
  removal_transaction_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  approved_at timestamptz,
  closed_at timestamptz
);

-- One publish at a time per draft: a second one while the first runs conflicts.
CREATE UNIQUE INDEX badges_publishing_draft_key ON badges (source_draft_id)
  WHERE status = 'PUBLISHING';

-- A sponsor's drafts and badges, newest first.
CREATE INDEX badges_sponsor_idx ON badges (sponsor_id, status, created_at DESC);

-- Public lists (Home, Explore, Search): listed badges only, one index per order,
-- so a page is an index range whatever the table's size.
CREATE INDEX badges_listed_recent_idx ON badges (published_at DESC, id DESC)
  WHERE status = 'VERIFIED' AND is_public;
CREATE INDEX badges_listed_popular_idx ON badges (application_count DESC, published_at DESC, id DESC)
  WHERE status = 'VERIFIED' AND is_public;
CREATE INDEX badges_listed_highly_idx ON badges (amount_of_token DESC, published_at DESC, id DESC)
  WHERE status = 'VERIFIED' AND is_public;

-- Admin lists, newest first: of one status, and of every published one.
CREATE INDEX badges_admin_status_idx ON badges (status, published_at DESC, id DESC);
CREATE INDEX badges_admin_all_idx ON badges (published_at DESC, id DESC)
  WHERE status IN ('UNDER_VERIFICATION', 'VERIFIED', 'BANNED', 'REMOVED');

-- The approval-period worker: pending badges by deadline, not yet queued for removal.
CREATE INDEX badges_approval_deadline_idx ON badges (approval_deadline)
  WHERE status = 'UNDER_VERIFICATION' AND removal_transaction_id IS NULL;

-- Search by name ("contains", case-insensitive) uses trigrams where pg_trgm can
-- be had (PGlite ships it; PostgreSQL needs the contrib package and a role that
-- may create it). Without it the same query scans: correct, only slower.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available: badge name search will scan';
END $$;

DO $$
DECLARE
  trgm_schema text;
BEGIN
  SELECT n.nspname INTO trgm_schema
    FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
   WHERE e.extname = 'pg_trgm';
  IF trgm_schema IS NOT NULL THEN
    EXECUTE format('CREATE INDEX badges_name_trgm_idx ON badges USING gin (name %I.gin_trgm_ops)',
                   trgm_schema);
  END IF;
END $$;

-- Badges per status and access, kept by triggers in the transaction of every
-- change, so a list's total (no name filter) is one row read, not a count of
-- the table.
CREATE TABLE badge_counts (
  status text NOT NULL,
  is_public boolean NOT NULL,
  total bigint NOT NULL,
  PRIMARY KEY (status, is_public)
);

CREATE FUNCTION badge_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE badge_counts SET total = total - 1
     WHERE status = OLD.status AND is_public = OLD.is_public;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO badge_counts (status, is_public, total) VALUES (NEW.status, NEW.is_public, 1)
    ON CONFLICT (status, is_public) DO UPDATE SET total = badge_counts.total + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER badges_counted_insert_delete AFTER INSERT OR DELETE ON badges
  FOR EACH ROW EXECUTE FUNCTION badge_counts_track();
CREATE TRIGGER badges_counted_update AFTER UPDATE OF status, is_public ON badges
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.is_public IS DISTINCT FROM NEW.is_public)
  EXECUTE FUNCTION badge_counts_track();
