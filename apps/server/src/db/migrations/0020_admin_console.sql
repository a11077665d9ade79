-- The admin console: banned sponsors, more administrators (invited by email or
-- made from an existing user's wallet) with the state of their ADMIN_ROLE on
-- chain, invitations to set a password, and a record of saved periods.

-- A ban refuses the user's login and every call of a session they still hold;
-- an admin can lift it (banned_at back to null).
ALTER TABLE users ADD COLUMN banned_at timestamptz;
ALTER TABLE users ADD COLUMN banned_by uuid;
CREATE INDEX users_sponsor_status_idx ON users (user_type, status, created_at);

-- role_status follows ADMIN_ROLE on the contracts:
--   PROPOSED  prepared for a consent not given yet (hidden, cannot sign in)
--   GRANTING  grant queued in the pipeline
--   ACTIVE    holds ADMIN_ROLE
--   REVOKING  revoke queued in the pipeline
--   REMOVED   role revoked (cannot sign in; adding the same admin again reuses the row and wallet)
ALTER TABLE admins ADD COLUMN role_status text NOT NULL DEFAULT 'ACTIVE'
  CHECK (role_status IN ('PROPOSED', 'GRANTING', 'ACTIVE', 'REVOKING', 'REMOVED'));
-- An admin made from an existing user's wallet signs in with that user's
-- password and signs chain actions with that user's wallet (admins.account).
ALTER TABLE admins ADD COLUMN user_id uuid REFERENCES users (id);
CREATE UNIQUE INDEX admins_user_key ON admins (user_id) WHERE user_id IS NOT NULL;
-- Invited admins have no password until they accept the invitation.
ALTER TABLE admins ALTER COLUMN password_hash DROP NOT NULL;
ALTER TABLE admins ADD COLUMN added_by uuid REFERENCES admins (id);
ALTER TABLE admins ADD COLUMN role_granted_at timestamptz;

-- One live invitation per admin; only the SHA-256 of the token is kept.
CREATE TABLE admin_invitations (
  token_hash text PRIMARY KEY,
  admin_id uuid NOT NULL REFERENCES admins (id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_invitations_admin_idx ON admin_invitations (admin_id);

-- Each PUT /admin/settings: who confirmed which periods (days) and when. The
-- periods themselves live in the PlatformSettings contract.
CREATE TABLE settings_changes (
  id uuid PRIMARY KEY,
  admin_id uuid NOT NULL REFERENCES admins (id),
  claim_period integer,
  approval_period integer,
  lock_period integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
