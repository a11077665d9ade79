// What the chain shows of one transaction, for the built-in transaction page:
// status, block and its time, from and to, gas used, and each log decoded
// with the platform's ABIs and put in words. A bounded read: the transaction
// and its receipt (one JSON-RPC batch), then its block; at most
// MAX_TRANSACTION_EVENTS events are put in words.
import { getAddress, isAddressEqual, type Hex } from 'viem';
import { contractNames, type ContractName, type PlatformContracts } from '@gets/contracts';
import { MAX_TRANSACTION_EVENTS, type TransactionEvent, type TransactionFacts } from '@gets/schema';
import type { ChainConnection } from './chain.ts';
import { CONTRACT_LABELS, eventInWords, unknownEventInWords } from './event-words.ts';
import { eventDecoder } from './events.ts';

export type FactsDeps = {
  chain: Pick<ChainConnection, 'publicClient'>;
  contracts: PlatformContracts;
  relayerAddresses: readonly string[];
};

/** found, not on the chain at all, or there but calling none of the platform's contracts. */
export type FactsLookup =
  { kind: 'found'; facts: TransactionFacts } | { kind: 'missing' } | { kind: 'foreign' };

const notFound = (name: string) => (error: unknown) => {
  if ((error as Error).name === name) return null;
  throw error;
};

function contractAt(contracts: PlatformContracts, address: string | null | undefined) {
  if (!address) return null;
  return contractNames.find((name) => isAddressEqual(contracts[name], address as Hex)) ?? null;
}

function argList(args: Record<string, string | boolean | string[]>) {
  return Object.entries(args).map(([name, value]) => ({
    name,
    value: Array.isArray(value) ? value.join(', ') : String(value),
  }));
}

export async function readTransactionFacts(deps: FactsDeps, hash: Hex): Promise<FactsLookup> {
  const client = deps.chain.publicClient;
  const [transaction, receipt] = await Promise.all([
    client.getTransaction({ hash }).catch(notFound('TransactionNotFoundError')),
    client.getTransactionReceipt({ hash }).catch(notFound('TransactionReceiptNotFoundError')),
  ]);
  if (!transaction) return { kind: 'missing' };
  // A deployment has no `to`: it is the platform's when it created one of its contracts.
  const toContract = contractAt(deps.contracts, transaction.to ?? receipt?.contractAddress);
  if (!toContract) return { kind: 'foreign' };
  const block = receipt ? await client.getBlock({ blockNumber: receipt.blockNumber }) : null;

  const decode = eventDecoder(deps.contracts);
  const logs = receipt?.logs ?? [];
  const events = logs.slice(0, MAX_TRANSACTION_EVENTS).map((log): TransactionEvent => {
    const contract: ContractName | null = contractAt(deps.contracts, log.address);
    const decoded = contract ? decode(log) : null;
    return {
      logIndex: log.logIndex,
      address: getAddress(log.address),
      contract: contract ? CONTRACT_LABELS[contract] : null,
      eventName: decoded?.eventName ?? null,
      words:
        contract && decoded
          ? eventInWords(contract, decoded)
          : unknownEventInWords(log.address, contract),
      args: decoded ? argList(decoded.args) : [],
    };
  });
  const isRelayer = deps.relayerAddresses.some((a) => isAddressEqual(a as Hex, transaction.from));
  return {
    kind: 'found',
    facts: {
      hash: transaction.hash,
      chainId: transaction.chainId ?? Number(await client.getChainId()),
      status: receipt ? receipt.status : 'pending',
      blockNumber: receipt ? receipt.blockNumber.toString() : null,
      blockTime: block ? new Date(Number(block.timestamp) * 1000).toISOString() : null,
      from: getAddress(transaction.from),
      fromLabel: isRelayer ? 'Platform relayer' : null,
      to: getAddress((transaction.to ?? receipt?.contractAddress)!),
      toLabel: CONTRACT_LABELS[toContract],
      gasUsed: receipt ? receipt.gasUsed.toString() : null,
      events,
      moreEvents: Math.max(0, logs.length - MAX_TRANSACTION_EVENTS),
    },
  };
}
