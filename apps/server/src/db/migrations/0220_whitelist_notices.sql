-- The mail a whitelisted earner gets (whitelist-mail.ts) goes once per badge
-- and wallet: a whitelisting put on chain twice (two consents of it, both
-- submitted, or a CSV naming the wallet again) mails nobody a second time.
CREATE TABLE whitelist_notices (
  badge_chain_id numeric(78, 0) NOT NULL,
  -- Lower case, as wallets are compared.
  account text NOT NULL,
  mailed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (badge_chain_id, account)
);
