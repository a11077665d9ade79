// Connects the platform to its chain: the embedded Anvil on the default
// configuration, or any EVM JSON-RPC node given by CHAIN_RPC_URL.
import { createPublicClient, defineChain, http, type Chain, type PublicClient } from 'viem';
import type { Config } from '../config.ts';
import { PUBLIC_READ_RPC_DEFAULTS } from '../config-env.ts';
import { startAnvil, type AnvilProcess } from './anvil.ts';
import type { StateFileLog } from './anvil-state.ts';
import { NATIVE_CURRENCY } from './native-currency.ts';
import { createPublicReadClient, type PublicReadLimits } from './public-reads.ts';

/** The most calls one JSON-RPC batch of the public client holds. */
export const JSON_RPC_BATCH_SIZE = 500;

/** What a crash of the embedded chain cannot lose: blocks the saved state file holds. */
export interface ChainDurability {
  /** The highest block the state file on disk is known to hold. */
  savedThrough(): bigint;
  /** Asks for a save now (coalesced with one in progress); resolves with savedThrough() after it. */
  save(): Promise<bigint>;
  /** Called after each save that moved savedThrough(); returns the way to stop listening. */
  onSaved(listener: (savedThrough: bigint) => void): () => void;
}

export interface ChainConnection {
  chain: Chain;
  rpcUrl: string;
  embedded: boolean;
  publicClient: PublicClient;
  /**
   * For large reads (a deployless multicall's call is tens of kilobytes), one
   * per HTTP request: batched with others they could pass a node's request
   * body limit, which refuses the whole batch.
   */
  bulkReadClient: PublicClient;
  /**
   * For the reads anyone can cause without an account (a credential's
   * verification, /platform): a client of their own, held to its own limits
   * (PUBLIC_READ_RPC_*), so a flood of them never delays the pipeline's
   * reads (public-reads.ts).
   */
  publicReadClient: PublicClient;
  /**
   * For /health's reads (chain id, latest block): a client of its own with a
   * gate of its own (HEALTH_READ_LIMITS), so a flood of public reads never
   * makes health report the chain down, and a flood of health checks (one at
   * a time: the route shares a running check) spends no more than that.
   */
  healthReadClient: PublicClient;
  /**
   * The embedded chain's saves to its state file; null on an external node
   * (its durability is its own) and on an embedded chain without a file.
   */
  durability: ChainDurability | null;
  close(): Promise<void>;
}

/** A health check reads two things; a monitor polling every 200 ms stays within this. */
const HEALTH_READ_LIMITS: PublicReadLimits = { concurrency: 2, perSecond: 10 };

export async function connectChain(
  config: Config['chain'],
  options: { log?: StateFileLog; publicReads?: PublicReadLimits } = {},
): Promise<ChainConnection> {
  let anvil: AnvilProcess | undefined;
  let rpcUrl: string;
  if (config.kind === 'embedded') {
    anvil = await startAnvil({
      chainId: config.chainId,
      port: config.port,
      stateFile: config.stateFile,
      ...(options.log ? { log: options.log } : {}),
    });
    rpcUrl = anvil.rpcUrl;
  } else {
    rpcUrl = config.rpcUrl;
  }

  const chain = defineChain({
    id: config.chainId,
    name: config.kind === 'embedded' ? 'Embedded Anvil' : `Chain ${config.chainId}`,
    nativeCurrency: NATIVE_CURRENCY,
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  // JSON-RPC batching: the pipeline's many small reads (nonces, simulations,
  // receipts) made together go out as one HTTP request.
  const publicClient = createPublicClient({
    chain,
    transport: http(rpcUrl, { retryCount: 2, batch: { batchSize: JSON_RPC_BATCH_SIZE, wait: 0 } }),
  });
  const bulkReadClient = createPublicClient({ chain, transport: http(rpcUrl, { retryCount: 2 }) });

  try {
    const remoteChainId = await publicClient.getChainId();
    if (remoteChainId !== config.chainId) {
      throw new Error(
        `CHAIN_ID: the node at ${rpcUrl} reports chain id ${remoteChainId}, but ${config.chainId} is configured`,
      );
    }
  } catch (error) {
    await anvil?.stop();
    if (error instanceof Error && error.message.startsWith('CHAIN_ID')) throw error;
    throw new Error(
      `CHAIN_RPC_URL: cannot reach the chain at ${rpcUrl}: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }

  return {
    chain,
    rpcUrl,
    embedded: config.kind === 'embedded',
    publicClient,
    bulkReadClient,
    publicReadClient: createPublicReadClient(
      chain,
      rpcUrl,
      options.publicReads ?? PUBLIC_READ_RPC_DEFAULTS,
    ),
    healthReadClient: createPublicReadClient(chain, rpcUrl, HEALTH_READ_LIMITS),
    durability: anvil?.durability ?? null,
    close: async () => {
      await anvil?.stop();
    },
  };
}

/** The same connection with every read on `client`. */
const readingWith = (connection: ChainConnection, client: PublicClient): ChainConnection => ({
  ...connection,
  publicClient: client,
  bulkReadClient: client,
});

/**
 * The same connection, for a caller whose reads are public: every read it
 * makes goes through the public-read client (the pipeline never gets this one).
 */
export const forPublicReads = (connection: ChainConnection) =>
  readingWith(connection, connection.publicReadClient);

/** The same connection, for /health: its reads on the health client. */
export const forHealthReads = (connection: ChainConnection) =>
  readingWith(connection, connection.healthReadClient);
