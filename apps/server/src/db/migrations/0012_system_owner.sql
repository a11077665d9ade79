-- The platform's own wallet: chain actions that no person consents to
-- (removing a badge not approved in time, releasing approvals that lapsed
-- unclaimed) run from it, through the same pipeline as everyone's.
ALTER TABLE custody_keys DROP CONSTRAINT custody_keys_owner_kind_check;
ALTER TABLE custody_keys ADD CONSTRAINT custody_keys_owner_kind_check
  CHECK (owner_kind IN ('user', 'admin', 'system'));
ALTER TABLE chain_transactions DROP CONSTRAINT chain_transactions_owner_kind_check;
ALTER TABLE chain_transactions ADD CONSTRAINT chain_transactions_owner_kind_check
  CHECK (owner_kind IN ('user', 'admin', 'system'));
