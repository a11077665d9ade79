// What the HTTP handlers and services of every module are given.
import type { Config } from './config.ts';
import type { ChainConnection } from './chain/chain.ts';
import type { DeploymentRecord } from './chain/deployment-repository.ts';
import type { Database } from './db/database.ts';
import type { Keystore } from './custody/keystore.ts';
import type { StatusFeed } from './chain/pipeline/status-feed.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PlatformContracts } from '@gets/contracts';

export interface AppContext {
  config: Config;
  db: Database;
  chain: ChainConnection;
  deployment: DeploymentRecord;
  contracts: PlatformContracts;
  keystore: Keystore;
  statusFeed: StatusFeed;
  /** OTP mail: SMTP (SMTP_URL) or the outbox of the embedded default. */
  mailer: Mailer;
}
