-- Offers are pruned a day after they expired (openid4vci/offer-pruning.ts):
-- the job finds them by expiry.
CREATE INDEX credential_offers_expires_idx ON credential_offers (expires_at);
