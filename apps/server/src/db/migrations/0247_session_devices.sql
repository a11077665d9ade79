-- Sessions a person can see and end, and word of a sign-in from a browser
-- not seen before (issue 45: a stolen password is not enough to empty a wallet).
--
-- A session gets an id that may be shown (the token's hash stays secret: it
-- is what the revocation notices carry), what browser and network it came
-- from, and when it was last used. The network is the IPv4 /24 or IPv6 /48,
-- never the address: enough for a person to tell their home from elsewhere,
-- not enough to locate them. Existing sessions get their id from the default;
-- new ones are given theirs by the application, as every other id.
ALTER TABLE sessions ADD COLUMN public_id uuid NOT NULL DEFAULT gen_random_uuid();
CREATE UNIQUE INDEX sessions_public_id_key ON sessions (public_id);
ALTER TABLE sessions ADD COLUMN user_agent text;
ALTER TABLE sessions ADD COLUMN ip_network text;
-- SHA-256 of the web app's random id of the browser, or of browser, system and network.
ALTER TABLE sessions ADD COLUMN device_key text;
ALTER TABLE sessions ADD COLUMN last_active_at timestamptz;
UPDATE sessions SET last_active_at = created_at;
ALTER TABLE sessions ALTER COLUMN last_active_at SET DEFAULT now();
ALTER TABLE sessions ALTER COLUMN last_active_at SET NOT NULL;

-- The browsers each person has signed in from: a sign-in from one not listed
-- here is mailed to them (except an account's very first).
CREATE TABLE sign_in_devices (
  subject_kind text NOT NULL CHECK (subject_kind IN ('user', 'admin')),
  subject_id uuid NOT NULL,
  device_key text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subject_kind, subject_id, device_key)
);

-- The "This wasn't me" link of a new-sign-in mail: ends every session of the
-- person and asks for a new password. Only the SHA-256 of the token is kept;
-- it works once, for 7 days.
CREATE TABLE not_me_tokens (
  token_hash text PRIMARY KEY,
  subject_kind text NOT NULL CHECK (subject_kind IN ('user', 'admin')),
  subject_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX not_me_tokens_subject_idx ON not_me_tokens (subject_kind, subject_id);

-- Set by "This wasn't me": the password is known to someone else, so login
-- refuses it until a reset by email (which clears it). Admins who have a
-- password of their own (not made from a user's wallet) carry their own flag.
ALTER TABLE users ADD COLUMN password_reset_required boolean NOT NULL DEFAULT false;
ALTER TABLE admins ADD COLUMN password_reset_required boolean NOT NULL DEFAULT false;

-- A code mailed to confirm a wallet export, for people without a second factor.
ALTER TABLE otp_codes DROP CONSTRAINT otp_codes_purpose_check;
ALTER TABLE otp_codes ADD CONSTRAINT otp_codes_purpose_check
  CHECK (purpose IN ('REGISTER', 'RESET', 'EXPORT'));
