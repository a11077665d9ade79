// What the relay side of the pipeline is given (relay.ts and prepare-requests.ts).
import { type LocalAccount, type PublicClient } from 'viem';
import { type PlatformContracts } from '@gets/contracts';
import type { PipelineSettings } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { WalletSigners } from '../../keys/wallet-signers.ts';
import type { ActionRegistry } from '../action-registry.ts';
import type { PipelineMetrics } from './metrics.ts';

export interface PipelineLog {
  warn(obj: object, message: string): void;
  info?(obj: object, message: string): void;
}

export interface RelayDeps {
  log: PipelineLog;
  /** Reads and encodes the stored actions; records what a failed one leaves behind. */
  actions: ActionRegistry;
  db: Database;
  keystore: WalletSigners;
  publicClient: PublicClient;
  chainId: number;
  contracts: PlatformContracts;
  relayers: LocalAccount[];
  settings: PipelineSettings;
  metrics?: PipelineMetrics;
  /** Told each time the node takes a batch. */
  onSent?: () => void;
  /** Told when the node no longer has a batch the platform settled (lost-batches.ts). */
  onLostBlocks?: () => void;
}
