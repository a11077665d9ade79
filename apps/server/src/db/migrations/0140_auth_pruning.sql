-- The pruning jobs (modules/accounts/pruning.ts, custody/consent-pruning.ts)
-- delete what ended a day ago a thousand rows at a time, the oldest first:
-- sessions expired or revoked, attempt counts whose window is long over,
-- one-time codes and consents past their expiry.
CREATE INDEX sessions_expires_idx ON sessions (expires_at);
CREATE INDEX sessions_revoked_idx ON sessions (revoked_at) WHERE revoked_at IS NOT NULL;
CREATE INDEX auth_attempts_window_idx ON auth_attempts (window_start);
CREATE INDEX otp_codes_expires_idx ON otp_codes (expires_at);
CREATE INDEX consents_expires_idx ON consents (expires_at);
