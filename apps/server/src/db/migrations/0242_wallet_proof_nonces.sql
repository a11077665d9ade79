-- OpenID4VCI 1.0 proof of possession and transaction codes (decision 0058).
--
-- The nonce endpoint's c_nonce values: each is good for one proof of
-- possession, for 5 minutes. Only the SHA-256 is kept; using one deletes its
-- row, so a replayed proof finds nothing. Unused ones are pruned once expired
-- (openid4vci/offer-pruning.ts).
CREATE TABLE credential_nonces (
  nonce_hash text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX credential_nonces_expires_idx ON credential_nonces (expires_at);

-- An offer the earner asked to protect with a transaction code (tx_code): the
-- SHA-256 of the pre-authorized code and the code together, so the 6 digits
-- cannot be found from a dump without the offer's own secret; and how many
-- of its few tries at the token endpoint were taken.
ALTER TABLE credential_offers ADD COLUMN tx_code_hash text;
ALTER TABLE credential_offers ADD COLUMN tx_code_tries integer NOT NULL DEFAULT 0;
