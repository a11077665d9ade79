-- An invitation is the same for every email a sponsor lists (decision 0063):
-- nobody is whitelisted by a sponsor's file alone. An earner whose account
-- uses the invited email (registered before or since) answers it on the
-- platform; only an accepted invitation's wallet is ever put on chain, by one
-- more consent of the sponsor. Who accepted is kept by user, so a changed
-- email does not move the answer to someone else.
ALTER TABLE whitelist_invitations ADD COLUMN accepted_at timestamptz;
ALTER TABLE whitelist_invitations ADD COLUMN accepted_by uuid REFERENCES users (id);
ALTER TABLE whitelist_invitations ADD COLUMN declined_at timestamptz;
ALTER TABLE whitelist_invitations ADD CONSTRAINT whitelist_invitations_one_answer
  CHECK (accepted_at IS NULL OR declined_at IS NULL);
ALTER TABLE whitelist_invitations ADD CONSTRAINT whitelist_invitations_accepted_by
  CHECK ((accepted_at IS NULL) = (accepted_by IS NULL));

-- An earner's invitations, by the email of their account.
CREATE INDEX whitelist_invitations_email_idx ON whitelist_invitations (lower(email));
