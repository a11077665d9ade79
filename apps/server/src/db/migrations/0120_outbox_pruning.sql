-- The embedded outbox (no SMTP_URL) keeps a mail 30 days, like a sent mail's
-- record in the queue; the pruning job deletes the oldest first.
CREATE INDEX outbox_emails_created_idx ON outbox_emails (created_at);
