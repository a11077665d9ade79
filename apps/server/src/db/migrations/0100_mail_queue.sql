-- Mails a request decides to send but need not send before it answers (a
-- sponsor's CSV may invite 5,000 emails): recorded in the request's own
-- transaction and delivered by the worker (mail/mail-delivery.ts), retried
-- with a growing delay while the mail server refuses or is down.
CREATE TABLE mail_queue (
  id uuid PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  -- What the embedded outbox prints instead of the whole mail.
  console_line text,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  sent_at timestamptz,
  -- Refused for good (a 5xx answer) or out of attempts: not tried again.
  given_up_at timestamptz
);

-- The delivery job: mails still to send, by when they are due.
CREATE INDEX mail_queue_due_idx ON mail_queue (next_attempt_at)
  WHERE sent_at IS NULL AND given_up_at IS NULL;
