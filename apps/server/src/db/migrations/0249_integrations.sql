-- A sponsor's own systems (issue 46, decision 0066): API keys, webhook
-- endpoints, the sponsor's events (the feed and the webhooks' outbox) and the
-- deliveries of each event to each endpoint.

-- A key is shown once; only its SHA-256 is kept. prefix is what the lists show.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY,
  sponsor_id uuid NOT NULL REFERENCES users (id),
  name text NOT NULL,
  prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  scopes text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  last_used_at timestamptz,
  revoked_at timestamptz,
  -- An admin who revoked it (null: the sponsor did, or nobody yet).
  revoked_by_admin uuid
);
CREATE INDEX api_keys_sponsor_idx ON api_keys (sponsor_id, created_at DESC);

CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY,
  sponsor_id uuid NOT NULL REFERENCES users (id),
  url text NOT NULL,
  events text[] NOT NULL,
  signing_secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz,
  -- The first failure since the last success: days of failures disable it.
  failing_since timestamptz,
  disabled_at timestamptz,
  disabled_reason text
);
CREATE INDEX webhook_endpoints_sponsor_idx ON webhook_endpoints (sponsor_id) WHERE removed_at IS NULL;

-- Each sponsor's events are numbered 1, 2, 3... by a counter row that the
-- recording transaction holds until it commits: a later event of the same
-- sponsor commits after it, so a feed reader never skips one (a shared
-- sequence could hand out a number that commits after a higher one is read).
CREATE TABLE sponsor_event_counters (
  sponsor_id uuid PRIMARY KEY,
  last_seq bigint NOT NULL
);

CREATE TABLE sponsor_events (
  -- evt_...: every delivery's webhook-id.
  id text PRIMARY KEY,
  sponsor_id uuid NOT NULL,
  seq bigint NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (sponsor_id, seq)
);

-- One event to one endpoint, written in the transaction of the event itself
-- (the outbox): PENDING until a 2xx, retried with growing delays, FAILED once
-- the schedule is spent. next_attempt_at doubles as the lease of the worker
-- sending it, so a worker that dies mid-send leaves it due again.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id),
  event_id text NOT NULL REFERENCES sponsor_events (id),
  status text NOT NULL CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  UNIQUE (endpoint_id, event_id)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at)
  WHERE status = 'PENDING';

-- What each attempt got: the Developers page's recent deliveries.
CREATE TABLE webhook_attempts (
  id uuid PRIMARY KEY,
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempted_at timestamptz NOT NULL,
  status_code integer,
  duration_ms integer NOT NULL,
  error text,
  ok boolean NOT NULL
);
CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, attempted_at DESC);

-- Badges whose expiry the sponsor was told of (badge.expired), once each.
CREATE TABLE sponsor_badge_expiries (
  badge_id uuid PRIMARY KEY,
  announced_at timestamptz NOT NULL DEFAULT now()
);

-- Consents asked through an API key are that key's alone to submit.
ALTER TABLE consents ADD COLUMN api_key_id uuid;
-- Badges expired before this existed are not announced now.
INSERT INTO sponsor_badge_expiries (badge_id)
  SELECT id FROM badges WHERE expiry_date IS NOT NULL AND expiry_date <= now();
