-- Which queued mail carries each invitation, so the sponsor sees whether it
-- is still being sent, was delivered, or was refused (a mistyped address).
-- Invitations from before the mail queue were sent in their request: no mail.
-- A sent mail's row may be pruned later; its invitation then has no mail
-- either, and reads as delivered.
ALTER TABLE whitelist_invitations
  ADD COLUMN mail_id uuid REFERENCES mail_queue (id) ON DELETE SET NULL;
CREATE INDEX whitelist_invitations_mail_idx ON whitelist_invitations (mail_id)
  WHERE mail_id IS NOT NULL;

-- Pruning sent mails: the oldest first.
CREATE INDEX mail_queue_sent_idx ON mail_queue (sent_at) WHERE sent_at IS NOT NULL;
