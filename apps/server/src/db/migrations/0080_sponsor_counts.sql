-- Sponsors per status, kept by triggers in the transaction of every change, so
-- the Active sponsors count (no search) is one row read, not a count of users.
CREATE TABLE sponsor_counts (
  status text PRIMARY KEY,
  total bigint NOT NULL
);

INSERT INTO sponsor_counts (status, total)
  SELECT status, count(*) FROM users WHERE user_type = 'SPONSOR' GROUP BY status;

CREATE FUNCTION sponsor_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.user_type = 'SPONSOR' THEN
    UPDATE sponsor_counts SET total = total - 1 WHERE status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.user_type = 'SPONSOR' THEN
    INSERT INTO sponsor_counts (status, total) VALUES (NEW.status, 1)
    ON CONFLICT (status) DO UPDATE SET total = sponsor_counts.total + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER users_sponsors_counted_insert_delete AFTER INSERT OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION sponsor_counts_track();
CREATE TRIGGER users_sponsors_counted_update AFTER UPDATE OF status, user_type ON users
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.user_type IS DISTINCT FROM NEW.user_type)
  EXECUTE FUNCTION sponsor_counts_track();

-- The sponsor lists' whole order (created_at, then id), so a page of them is
-- read from the index and stops at its LIMIT, even where many share a time.
DROP INDEX users_sponsor_status_idx;
CREATE INDEX users_sponsor_status_idx ON users (user_type, status, created_at, id);
