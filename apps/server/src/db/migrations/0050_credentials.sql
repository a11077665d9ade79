-- Open Badges 3.0 credentials: the platform's issuer key, the credentials it
-- signed for claimed awards, and the Bitstring Status Lists that publish their
-- revocation.

-- The credential issuer key (Ed25519), sealed like the custody keys: its own
-- AES-256-GCM data key wrapped by the key-encryption key kek_id, bound to its
-- kid. The kid is the RFC 7638 thumbprint of the public key. A retired key
-- signs nothing new but stays published, so what it signed still verifies.
CREATE TABLE issuer_keys (
  kid text PRIMARY KEY,
  algorithm text NOT NULL CHECK (algorithm IN ('EdDSA')),
  public_jwk jsonb NOT NULL,
  kek_id text NOT NULL,
  wrapped_data_key bytea NOT NULL,
  sealed_private_key bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  rotated_at timestamptz,
  retired_at timestamptz
);
CREATE UNIQUE INDEX issuer_keys_one_active ON issuer_keys ((true)) WHERE retired_at IS NULL;

-- A W3C Bitstring Status List (purpose revocation). Indexes are handed out at
-- random, up to half of size, so a list says nothing about issue order.
CREATE TABLE credential_status_lists (
  id uuid PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('revocation')),
  size integer NOT NULL CHECK (size > 0 AND size % 8 = 0),
  allocated integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- When a bit last changed: the published list credential's validFrom.
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One credential per claimed award. The award and badge tables belong to
-- other modules, so award_id and badge_id are their ids without a foreign key.
-- facts holds what the credential is built from (the earner's email only as
-- a salted hash); jwt is the signed VC-JWT, written once.
CREATE TABLE credentials (
  id uuid PRIMARY KEY,
  award_id text NOT NULL UNIQUE,
  badge_id text NOT NULL,
  earner_user_id uuid NOT NULL REFERENCES users (id),
  earner_wallet text NOT NULL,
  facts jsonb NOT NULL,
  issued_at timestamptz NOT NULL,
  valid_until timestamptz,
  status_list_id uuid NOT NULL REFERENCES credential_status_lists (id),
  status_list_index integer NOT NULL,
  jwt text,
  signing_kid text REFERENCES issuer_keys (kid),
  signed_at timestamptz,
  revoked_at timestamptz,
  revocation_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (status_list_id, status_list_index)
);
CREATE INDEX credentials_badge_idx ON credentials (badge_id);
CREATE INDEX credentials_earner_idx ON credentials (earner_user_id, issued_at DESC);
CREATE INDEX credentials_unsigned_idx ON credentials (created_at) WHERE jwt IS NULL;
