-- COMPLETED means on the chain, whatever the node forgets (decision 0056).
--
-- Where each settled batch was mined: the block's hash says whether the node
-- still has that block (a node restarted from an older state or a
-- reorganisation deeper than the confirmations takes it away), and the
-- position in the chain is the order lost batches are sent again in, across
-- every relayer.
ALTER TABLE relay_batches ADD COLUMN block_hash text;
ALTER TABLE relay_batches ADD COLUMN tx_index integer;
-- A settled batch the node lost goes back to PENDING with its place in the
-- replay (lower first); only the lowest one not mined yet is sent. lost_count
-- says how many times the chain lost it.
ALTER TABLE relay_batches ADD COLUMN replay_order bigint;
ALTER TABLE relay_batches ADD COLUMN lost_count integer NOT NULL DEFAULT 0;
-- The newest settled batch is looked up before every relay batch is signed.
CREATE INDEX relay_batches_settled_block_idx ON relay_batches (chain_id, block_number DESC)
  WHERE status = 'MINED';
CREATE INDEX relay_batches_replay_idx ON relay_batches (chain_id, replay_order)
  WHERE status = 'PENDING' AND replay_order IS NOT NULL;
-- Batches settled without a receipt are looked up with every check.
CREATE INDEX relay_batches_unrecorded_idx ON relay_batches (chain_id, relayer)
  WHERE status = 'UNRECORDED';

-- A request taken back from COMPLETED because the chain lost the block it ran
-- in: SENT again until its batch is replayed. The records its first
-- completion made stay, and are not made twice.
ALTER TABLE chain_transactions ADD COLUMN retaken_at timestamptz;
