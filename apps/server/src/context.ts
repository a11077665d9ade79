// What the HTTP handlers and services of every module are given.
import type { Config } from './config.ts';
import type { ChainConnection } from './chain/chain.ts';
import type { DeploymentRecord } from './chain/deployment-repository.ts';
import type { Database } from './db/database.ts';

export interface AppContext {
  config: Config;
  db: Database;
  chain: ChainConnection;
  deployment: DeploymentRecord;
}
