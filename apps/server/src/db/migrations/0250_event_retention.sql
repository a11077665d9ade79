-- The events feed keeps 90 days (modules/integrations/jobs.ts): the hourly
-- pruning finds old events by time, and whether a delivery still refers to one.
CREATE INDEX sponsor_events_created_at_idx ON sponsor_events (created_at);
CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id);
