-- Limits on the invitations of a sponsor's whitelist CSV (whitelist-csv-service.ts):
-- at most INVITATIONS_PER_SPONSOR_PER_DAY a UTC day per sponsor, one mail per
-- address and badge ever, and at most one from the same sponsor to an address
-- in 7 days. The invitation rows are the record of what was sent, so a
-- withdrawn one is marked, no longer deleted: withdrawing frees neither the
-- day's count nor the address.
ALTER TABLE whitelist_invitations ADD COLUMN withdrawn_at timestamptz;

-- A sponsor's invitations by time: today's count, and the last 7 days' addresses.
CREATE INDEX whitelist_invitations_sponsor_time_idx
  ON whitelist_invitations (sponsor_id, invited_at);
