-- Failure isolation in the transaction pipeline.
-- isolate: the row once rode in a batch that failed as a whole; it is sent
-- alone from now on, so a bad row can only ever fail itself.
-- calls: the contract calls the row was encoded to when it was signed (to,
-- data, gas), so the settle step replays exactly what ran to read a revert.
-- call_count: how many consecutive forwarder nonces (from forwarder_nonce)
-- the row's calls take.
ALTER TABLE chain_transactions ADD COLUMN isolate boolean NOT NULL DEFAULT false;
ALTER TABLE chain_transactions ADD COLUMN calls jsonb;
ALTER TABLE chain_transactions ADD COLUMN call_count integer NOT NULL DEFAULT 1;

-- The node's answer when it refused a batch's signed bytes, and how many
-- times in a row it did: after a few, the nonce is filled with a cancelling
-- transaction so the relayer's later batches are not held behind it.
ALTER TABLE relay_batches ADD COLUMN send_error text;
ALTER TABLE relay_batches ADD COLUMN send_rejections integer NOT NULL DEFAULT 0;

-- In-flight rows by wallet: the relay skips wallets with one in flight, and
-- health and metrics count them, on every tick.
CREATE INDEX chain_transactions_sent_idx ON chain_transactions (wallet_address) WHERE status = 'SENT';
