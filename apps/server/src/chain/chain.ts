// Connects the platform to its chain: the embedded Anvil on the default
// configuration, or any EVM JSON-RPC node given by CHAIN_RPC_URL.
import { createPublicClient, defineChain, http, type Chain, type PublicClient } from 'viem';
import type { Config } from '../config.ts';
import { startAnvil, type AnvilProcess } from './anvil.ts';
import type { StateFileLog } from './anvil-state.ts';
import { NATIVE_CURRENCY } from './native-currency.ts';

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
   * The embedded chain's saves to its state file; null on an external node
   * (its durability is its own) and on an embedded chain without a file.
   */
  durability: ChainDurability | null;
  close(): Promise<void>;
}

export async function connectChain(
  config: Config['chain'],
  options: { log?: StateFileLog } = {},
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
    durability: anvil?.durability ?? null,
    close: async () => {
      await anvil?.stop();
    },
  };
}
