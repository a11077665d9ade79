-- Every admin write: who (the admin, and their email at the time), what (an
-- action key of the audit module and its target), when. Written in the same
-- database transaction as the write itself. An action that goes on chain is
-- recorded when it is queued, with its chain transaction: the log reads the
-- outcome from chain_transactions (no second status). details never holds a
-- secret, a token or a password.
CREATE TABLE admin_audit_log (
  id uuid PRIMARY KEY,
  admin_id uuid NOT NULL REFERENCES admins (id),
  admin_email text NOT NULL,
  action text NOT NULL,
  target_kind text,
  target_id text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  transaction_id uuid REFERENCES chain_transactions (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
-- Keyset paging, newest first, over everything and over one action.
CREATE INDEX admin_audit_log_page_idx ON admin_audit_log (created_at DESC, id DESC);
CREATE INDEX admin_audit_log_action_idx ON admin_audit_log (action, created_at DESC, id DESC);
