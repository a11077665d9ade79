-- Accounts: one-time codes, the mail outbox, per-account attempt counters,
-- platform settings (the admin login secret) and uploaded images.

-- One live code per email and purpose; a new send replaces the row. Only the
-- SHA-256 of (purpose, email, code) is kept. sent_at drives the resend wait.
CREATE TABLE otp_codes (
  email text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('REGISTER', 'RESET')),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  sent_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  PRIMARY KEY (email, purpose)
);

-- Mail kept by the embedded default transport (no SMTP_URL): the outbox a
-- developer reads, also printed to the console.
CREATE TABLE outbox_emails (
  id uuid PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_emails_to_idx ON outbox_emails (lower(to_address), created_at);

-- Fixed-window attempt counters per account (login, OTP, reset), shared by
-- every API process through the database.
CREATE TABLE auth_attempts (
  scope text NOT NULL,
  subject text NOT NULL,
  window_start timestamptz NOT NULL,
  attempts integer NOT NULL,
  PRIMARY KEY (scope, subject)
);

CREATE TABLE platform_settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Images by content id; the bytes live in DATA_DIR/uploads/<cid>.
CREATE TABLE uploads (
  cid text PRIMARY KEY,
  mime_type text NOT NULL,
  size_bytes integer NOT NULL,
  uploaded_by_kind text CHECK (uploaded_by_kind IN ('user', 'admin')),
  uploaded_by_id uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE admins ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
