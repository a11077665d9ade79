-- Where the platform's contracts live on each chain, written at first deploy.
CREATE TABLE chain_deployments (
  chain_id integer PRIMARY KEY,
  contracts jsonb NOT NULL,
  deployer text NOT NULL,
  block_number numeric(78, 0) NOT NULL,
  deployed_at timestamptz NOT NULL DEFAULT now()
);

-- Each background worker process beats here; health reads the newest beat.
CREATE TABLE worker_heartbeats (
  worker_id text PRIMARY KEY,
  hostname text NOT NULL,
  pid integer NOT NULL,
  started_at timestamptz NOT NULL,
  last_beat_at timestamptz NOT NULL
);
