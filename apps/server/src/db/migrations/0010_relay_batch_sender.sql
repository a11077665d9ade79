-- Which worker process signed and sent each relay batch (hostname:pid), for
-- operations and for the tests that run several workers on one database.
ALTER TABLE relay_batches ADD COLUMN sender text;
