-- Open Badges 3.0 to the letter (issue 35).
--
-- The issuer holds one active key per algorithm: RS256 (RSA, 2048 bits or
-- more) signs the VC-JWTs, as OB 3.0 section 8.2 requires every verifier to
-- support; Ed25519 signs the embedded Data Integrity proofs (eddsa-rdfc-2022).
-- The RSA key is sealed like the Ed25519 one (its PKCS#8 bytes under its own
-- data key, wrapped by the key-encryption key), so a KEK rotation covers it.
ALTER TABLE issuer_keys DROP CONSTRAINT issuer_keys_algorithm_check;
ALTER TABLE issuer_keys ADD CONSTRAINT issuer_keys_algorithm_check
  CHECK (algorithm IN ('EdDSA', 'RS256'));
DROP INDEX issuer_keys_one_active;
CREATE UNIQUE INDEX issuer_keys_one_active_per_algorithm ON issuer_keys (algorithm)
  WHERE retired_at IS NULL;

-- The credential with its embedded Data Integrity proof, written once like jwt.
ALTER TABLE credentials ADD COLUMN data_integrity_credential jsonb;

-- Credentials issued before carried the badge's application window as their
-- validUntil (the platform's badges have no expiry of the award itself) and a
-- validFrom with milliseconds that their nbf could not equal. They are signed
-- again in the corrected form, by the worker, like a credential just issued;
-- the JWTs handed out before still verify against the Ed25519 key, which stays
-- published.
UPDATE credentials
   SET facts = jsonb_set(facts, '{badge,expiresAt}', 'null'::jsonb),
       valid_until = NULL,
       jwt = NULL,
       signing_kid = NULL,
       signed_at = NULL;

-- The worker's queue: credentials missing either signature.
DROP INDEX credentials_unsigned_idx;
CREATE INDEX credentials_unsigned_idx ON credentials (created_at)
  WHERE jwt IS NULL OR data_integrity_credential IS NULL;
