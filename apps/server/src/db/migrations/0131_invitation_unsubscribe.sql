-- Every invitation mail carries an unsubscribe link with a random token of its
-- own (only its SHA-256 is kept); following it records the address in
-- invitation_opt_outs, and no sponsor can invite that address again.
ALTER TABLE whitelist_invitations ADD COLUMN unsubscribe_token_hash text;
CREATE UNIQUE INDEX whitelist_invitations_unsubscribe_idx
  ON whitelist_invitations (unsubscribe_token_hash) WHERE unsubscribe_token_hash IS NOT NULL;

CREATE TABLE invitation_opt_outs (
  -- Lower case, as addresses are compared.
  email text PRIMARY KEY,
  opted_out_at timestamptz NOT NULL DEFAULT now()
);

-- An invitation mail goes as text and HTML (the sponsor's words escaped),
-- with its unsubscribe link as a List-Unsubscribe header too.
ALTER TABLE mail_queue ADD COLUMN html_body text;
ALTER TABLE mail_queue ADD COLUMN unsubscribe_url text;
ALTER TABLE outbox_emails ADD COLUMN html_body text;
