-- Users (sponsors and earners), platform admins, and their bearer sessions.
-- Field names follow spec section 3; registration, OTP and profile build on these.
CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  full_name text NOT NULL,
  user_name text NOT NULL,
  user_type text NOT NULL CHECK (user_type IN ('SPONSOR', 'EARNER')),
  -- Sponsors start PENDING until an admin approves or rejects them; earners are APPROVED.
  status text NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
  is_verified boolean NOT NULL DEFAULT false,
  email_verified boolean NOT NULL DEFAULT false,
  profile_pic text,
  account text,
  on_chain_id numeric(78, 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE UNIQUE INDEX users_user_name_key ON users (lower(user_name));
CREATE UNIQUE INDEX users_account_key ON users (lower(account));

CREATE TABLE admins (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  account text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX admins_email_key ON admins (lower(email));

-- Bearer sessions; only the SHA-256 of a token is stored, so a database dump
-- cannot be replayed as a login.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  subject_kind text NOT NULL CHECK (subject_kind IN ('user', 'admin')),
  subject_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_subject_idx ON sessions (subject_kind, subject_id);
