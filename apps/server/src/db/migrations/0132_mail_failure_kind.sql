-- A failed try of a queued mail keeps only its kind: REFUSED for good (an SMTP
-- 5xx) or DEFERRED (refused for now, or the server not reached). The mail
-- server's own answer went to sponsors as the reason an invitation was not
-- delivered; it is now only logged by the delivery job. A mail given up
-- before its last try was refused for good (12 is mail-delivery.ts's MAX_ATTEMPTS).
ALTER TABLE mail_queue ADD COLUMN last_failure text
  CHECK (last_failure IN ('REFUSED', 'DEFERRED'));
UPDATE mail_queue
   SET last_failure = CASE WHEN given_up_at IS NOT NULL AND attempts < 12
                           THEN 'REFUSED' ELSE 'DEFERRED' END
 WHERE last_error IS NOT NULL;
ALTER TABLE mail_queue DROP COLUMN last_error;
