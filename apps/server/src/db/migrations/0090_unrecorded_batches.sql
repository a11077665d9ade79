-- UNRECORDED: the relayer's nonce of this batch was filled, but the chain node
-- has no receipt of any of its attempts (a development node restarted from a
-- state dump written between a block's state and the block itself, or the
-- relayer key used elsewhere). Its requests were settled one by one from their
-- forwarder nonces: those that ran are COMPLETED, the others went again.
ALTER TABLE relay_batches DROP CONSTRAINT relay_batches_status_check;
ALTER TABLE relay_batches
  ADD CONSTRAINT relay_batches_status_check CHECK (status IN ('PENDING', 'MINED', 'UNRECORDED'));
