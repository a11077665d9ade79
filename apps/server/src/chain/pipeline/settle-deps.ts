// What the settle side of the pipeline is given (settle.ts and the files it
// delegates to: request-outcomes.ts, unmined-batches.ts).
import { type LocalAccount, type PublicClient } from 'viem';
import { type PlatformContracts } from '@gets/contracts';
import type { SettleSettings } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { ActionRegistry } from '../action-registry.ts';
import type { PipelineMetrics } from './metrics.ts';
import type { PipelineLog } from './relay-deps.ts';

export interface SettleDeps {
  log: PipelineLog;
  /** Records what a completed or failed action leaves behind, with its status. */
  actions: ActionRegistry;
  db: Database;
  publicClient: PublicClient;
  chainId: number;
  contracts: PlatformContracts;
  relayers: LocalAccount[];
  settings: SettleSettings;
  metrics?: PipelineMetrics;
}
