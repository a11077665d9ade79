-- "Add to wallet" (OpenID for Verifiable Credential Issuance, pre-authorized
-- code flow): one row per credential offer an earner asked for. The offer's
-- pre-authorized code is a bearer secret, so only its SHA-256 is kept. The
-- offer is good once: token_issued_at is set when the code is exchanged for an
-- access token, credential_issued_at when that token fetched the credential;
-- neither happens after expires_at (10 minutes after the offer).
CREATE TABLE credential_offers (
  id uuid PRIMARY KEY,
  credential_id uuid NOT NULL REFERENCES credentials (id),
  pre_authorized_code_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  token_issued_at timestamptz,
  credential_issued_at timestamptz
);
CREATE INDEX credential_offers_credential_idx ON credential_offers (credential_id);
