-- Invitations to a private badge: emails in a sponsor's whitelist CSV that had
-- no account. One row per badge and email (any case), written when the mail
-- is sent, so uploading the file again does not mail the same person twice.
-- Once the person registers, the sponsor's applications page lists them and
-- one more consent whitelists them (the platform never signs for a sponsor).
CREATE TABLE whitelist_invitations (
  badge_id uuid NOT NULL REFERENCES badges (id),
  email text NOT NULL,
  sponsor_id uuid NOT NULL REFERENCES users (id),
  invited_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX whitelist_invitations_key ON whitelist_invitations (badge_id, lower(email));
