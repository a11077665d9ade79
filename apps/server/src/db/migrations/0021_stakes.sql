-- Community Treasure: each stake as the chain made it (its stakeId from the
-- Staked event is the spec's onChainId), recorded by the action's completion
-- effect, and the admins' treasury withdrawals and re-deposits.
CREATE TABLE stakes (
  on_chain_id numeric(78, 0) PRIMARY KEY,
  owner_kind text NOT NULL CHECK (owner_kind IN ('user', 'admin')),
  owner_id uuid NOT NULL,
  account text NOT NULL,
  amount numeric(78, 0) NOT NULL,
  unlock_at timestamptz NOT NULL,
  transaction_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  withdrawn_at timestamptz,
  withdraw_transaction_id uuid
);
CREATE INDEX stakes_owner_idx ON stakes (owner_kind, owner_id, created_at DESC);
CREATE INDEX stakes_open_idx ON stakes (created_at DESC) WHERE withdrawn_at IS NULL;

CREATE TABLE treasury_movements (
  transaction_id uuid PRIMARY KEY,
  admin_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('WITHDRAW', 'DEPOSIT')),
  amount numeric(78, 0) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set by POST /stake/withdraw/admin, the spec's record call after the chain call.
  confirmed_at timestamptz
);
CREATE INDEX treasury_movements_admin_idx ON treasury_movements (admin_id, created_at DESC);
