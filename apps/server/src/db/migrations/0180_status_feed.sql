-- The status stream's event ids: status_seq grows, across every transaction,
-- each time what a transaction's status shows changes. A client that
-- reconnects with the last id it saw is sent what changed after it, so a
-- change made while it was away is not lost.

CREATE SEQUENCE chain_transaction_status_seq;

-- Rows already there are numbered in the order they last changed.
ALTER TABLE chain_transactions ADD COLUMN status_seq bigint;
UPDATE chain_transactions t SET status_seq = numbered.seq
  FROM (SELECT id, nextval('chain_transaction_status_seq') AS seq
          FROM (SELECT id FROM chain_transactions ORDER BY updated_at, id) ordered) numbered
 WHERE t.id = numbered.id;
ALTER TABLE chain_transactions
  ALTER COLUMN status_seq SET DEFAULT nextval('chain_transaction_status_seq'),
  ALTER COLUMN status_seq SET NOT NULL;
ALTER SEQUENCE chain_transaction_status_seq OWNED BY chain_transactions.status_seq;

-- A trigger rather than each UPDATE statement, so that no statement that
-- changes a status (in any repository, now or later) can forget it.
CREATE FUNCTION chain_transaction_status_seq_next() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.status_seq := nextval('chain_transaction_status_seq');
  RETURN NEW;
END $$;

CREATE TRIGGER chain_transactions_status_seq BEFORE UPDATE ON chain_transactions
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
        OR OLD.transaction_hash IS DISTINCT FROM NEW.transaction_hash
        OR OLD.failure_reason IS DISTINCT FROM NEW.failure_reason
        OR OLD.events IS DISTINCT FROM NEW.events
        OR OLD.description IS DISTINCT FROM NEW.description)
  EXECUTE FUNCTION chain_transaction_status_seq_next();

-- A stream's snapshot and replay: one owner's latest changes, newest first.
CREATE INDEX chain_transactions_status_seq_idx
  ON chain_transactions (owner_kind, owner_id, status_seq);
