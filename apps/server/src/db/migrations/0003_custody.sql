-- Custodial keys: one secp256k1 key per user and per admin, stored only
-- envelope-encrypted. The private key is sealed with its own data key
-- (AES-256-GCM, the address as associated data); the data key is sealed with
-- the key-encryption key named by kek_id.
CREATE TABLE custody_keys (
  address text PRIMARY KEY,
  owner_kind text NOT NULL CHECK (owner_kind IN ('user', 'admin')),
  owner_id uuid NOT NULL,
  kek_id text NOT NULL,
  wrapped_data_key bytea NOT NULL,
  sealed_private_key bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  rotated_at timestamptz
);
CREATE UNIQUE INDEX custody_keys_owner_key ON custody_keys (owner_kind, owner_id);

-- A consent: what the owner is asked to agree to, bound to the exact payload.
-- Only the SHA-256 of the token is kept; used_at makes it single-use.
CREATE TABLE consents (
  token_hash text PRIMARY KEY,
  owner_kind text NOT NULL CHECK (owner_kind IN ('user', 'admin')),
  owner_id uuid NOT NULL,
  action jsonb NOT NULL,
  payload_hash text NOT NULL,
  description text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Relayer accounts and the next nonce each will use; the row lock is how
-- processes sharing one database never hand out the same nonce.
CREATE TABLE relayers (
  address text PRIMARY KEY,
  chain_id integer NOT NULL,
  next_nonce bigint NOT NULL
);

-- One chain transaction sent by a relayer: a forwarder executeBatch carrying
-- one or more users' signed requests. Every signed attempt (the first and each
-- fee replacement, same nonce) is kept so any of them can be found or re-sent.
CREATE TABLE relay_batches (
  id uuid PRIMARY KEY,
  chain_id integer NOT NULL,
  relayer text NOT NULL REFERENCES relayers (address),
  nonce bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('PENDING', 'MINED')),
  attempts jsonb NOT NULL DEFAULT '[]',
  mined_hash text,
  block_number numeric(78, 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz,
  mined_at timestamptz,
  UNIQUE (relayer, nonce)
);
CREATE INDEX relay_batches_pending_idx ON relay_batches (status) WHERE status = 'PENDING';

-- A user's (or admin's) chain action, from consent to its end.
CREATE TABLE chain_transactions (
  id uuid PRIMARY KEY,
  owner_kind text NOT NULL CHECK (owner_kind IN ('user', 'admin')),
  owner_id uuid NOT NULL,
  wallet_address text NOT NULL,
  action jsonb NOT NULL,
  description text NOT NULL,
  -- The consent it came from: at most one transaction per consent.
  consent_token_hash text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('QUEUED', 'SENT', 'COMPLETED', 'FAILED')),
  batch_id uuid REFERENCES relay_batches (id),
  forwarder_nonce numeric(78, 0),
  attempts integer NOT NULL DEFAULT 0,
  transaction_hash text,
  events jsonb,
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX chain_transactions_queued_idx ON chain_transactions (created_at) WHERE status = 'QUEUED';
CREATE INDEX chain_transactions_batch_idx ON chain_transactions (batch_id);
CREATE INDEX chain_transactions_owner_idx ON chain_transactions (owner_kind, owner_id, created_at DESC);
