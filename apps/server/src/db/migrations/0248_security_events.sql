-- What a person did to their own security (decision 0064): a wallet export,
-- a factor added or removed, new recovery codes, an operator's reset of every
-- factor. Kept as the audit trail of these changes (the admin audit log
-- records changes to the platform, by admins); never deleted by a job.
CREATE TABLE security_events (
  id uuid PRIMARY KEY,
  subject_kind text NOT NULL CHECK (subject_kind IN ('user', 'admin')),
  subject_id uuid NOT NULL,
  event text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  -- The IP's network (never the address), when the change came over HTTP.
  network text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX security_events_subject_idx ON security_events (subject_kind, subject_id, created_at);
