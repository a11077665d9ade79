-- Fair use of the relayers, and relayers that run out of gas money.

-- What each account has in flight is counted on every consent and submit.
CREATE INDEX chain_transactions_in_flight_idx ON chain_transactions (owner_kind, owner_id)
  WHERE status IN ('QUEUED', 'SENT');
-- The relay takes the oldest waiting transaction of each wallet, in turn.
CREATE INDEX chain_transactions_queued_wallet_idx ON chain_transactions (wallet_address, created_at)
  WHERE status = 'QUEUED';

-- Relayer gas each account's requests were budgeted when sent, per UTC day:
-- an account that used its day's allowance gets no new consent until the next.
CREATE TABLE account_gas_usage (
  owner_kind text NOT NULL,
  owner_id uuid NOT NULL,
  day date NOT NULL,
  gas numeric(78, 0) NOT NULL,
  PRIMARY KEY (owner_kind, owner_id, day)
);
CREATE INDEX account_gas_usage_day_idx ON account_gas_usage (day);

-- A relayer leaves the rotation when it cannot pay for gas (unpaid_since, and
-- why) and comes back once its balance grows past what it had then. Its last
-- balance read is kept for health and metrics, which every process reads alike.
ALTER TABLE relayers ADD COLUMN balance_wei numeric(78, 0);
ALTER TABLE relayers ADD COLUMN balance_read_at timestamptz;
ALTER TABLE relayers ADD COLUMN unpaid_since timestamptz;
ALTER TABLE relayers ADD COLUMN unpaid_reason text;
ALTER TABLE relayers ADD COLUMN unpaid_balance_wei numeric(78, 0);

-- accepted: the node took at least one send of the batch (it may be mined).
-- A batch the node never took, from a relayer that could not pay, is
-- ABANDONED: its requests go back to the queue for another relayer, and its
-- nonce back to the relayer. Batches recorded before this migration count as
-- taken, so none of them is ever abandoned.
ALTER TABLE relay_batches ADD COLUMN accepted boolean NOT NULL DEFAULT true;
ALTER TABLE relay_batches ALTER COLUMN accepted SET DEFAULT false;
ALTER TABLE relay_batches ADD COLUMN gas_limit numeric(78, 0);
ALTER TABLE relay_batches DROP CONSTRAINT relay_batches_status_check;
ALTER TABLE relay_batches
  ADD CONSTRAINT relay_batches_status_check
  CHECK (status IN ('PENDING', 'MINED', 'UNRECORDED', 'ABANDONED'));
-- When the relay last made progress, for health: the newest batch.
CREATE INDEX relay_batches_created_idx ON relay_batches (chain_id, created_at DESC);
-- An abandoned batch gives its nonce back: the next batch of that relayer takes it.
ALTER TABLE relay_batches DROP CONSTRAINT relay_batches_relayer_nonce_key;
CREATE UNIQUE INDEX relay_batches_relayer_nonce_idx ON relay_batches (relayer, nonce)
  WHERE status <> 'ABANDONED';
