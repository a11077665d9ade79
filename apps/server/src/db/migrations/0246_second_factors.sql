-- Second factors (issue 45, decision 0064): a person's passkeys, authenticator
-- app and recovery codes, the WebAuthn challenges handed out, and whether a
-- consent must be confirmed with a factor before its action is queued.
--
-- A subject is a user or an admin (the same two kinds as sessions and
-- consents); an admin enrols on the admin side, apart from any user.

-- A passkey: the credential's id as the browser gives it (base64url), its
-- COSE public key, and the signature counter it last showed (a counter that
-- goes back is a cloned authenticator).
CREATE TABLE passkeys (
  id uuid PRIMARY KEY,
  subject_kind text NOT NULL CHECK (subject_kind IN ('user', 'admin')),
  subject_id uuid NOT NULL,
  credential_id text NOT NULL UNIQUE,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports jsonb NOT NULL DEFAULT '[]',
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX passkeys_subject_idx ON passkeys (subject_kind, subject_id);

-- An authenticator app (RFC 6238). `pending_secret` is the one being set up:
-- it counts only once a first code from it is confirmed, and then becomes
-- `secret`. `last_step` is the time step of the last code accepted: a code is
-- accepted once (a replayed code, or an older one, is refused).
CREATE TABLE totp_factors (
  subject_kind text NOT NULL CHECK (subject_kind IN ('user', 'admin')),
  subject_id uuid NOT NULL,
  secret text,
  pending_secret text,
  enabled_at timestamptz,
  last_step bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (subject_kind, subject_id)
);

-- Recovery codes: only their SHA-256 (each is 60 random bits, shown once);
-- using one stamps it, new ones replace every earlier one.
CREATE TABLE recovery_codes (
  subject_kind text NOT NULL CHECK (subject_kind IN ('user', 'admin')),
  subject_id uuid NOT NULL,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz,
  PRIMARY KEY (subject_kind, subject_id, code_hash)
);

-- WebAuthn challenges handed out (registration, a sign-in, a step-up), each
-- good once for a few minutes; a sign-in with a discoverable passkey has no
-- subject until the passkey names it.
CREATE TABLE webauthn_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'login', 'passkey-login', 'step-up')),
  subject_kind text,
  subject_id uuid,
  expires_at timestamptz NOT NULL
);
CREATE INDEX webauthn_challenges_expires_idx ON webauthn_challenges (expires_at);

-- A consent of a person with a factor must be confirmed with it before its
-- action is queued: the passkey challenge bound to this consent alone, and
-- when a factor confirmed it.
ALTER TABLE consents ADD COLUMN factor_required boolean NOT NULL DEFAULT false;
ALTER TABLE consents ADD COLUMN factor_challenge text;
ALTER TABLE consents ADD COLUMN factor_confirmed_at timestamptz;
