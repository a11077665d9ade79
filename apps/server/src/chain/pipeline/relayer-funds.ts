// Relayers' gas money. The platform's relayers pay the gas of every request,
// and running dry is the commonest fault of a relayer in production. A relayer
// that cannot pay for a batch leaves the rotation at once: the batch is signed
// by another, and what it had signed that the node never took goes back to the
// queue. It comes back when its balance grows. Balances are read by a worker
// job and kept in the database, so health and metrics of every process agree.
import { formatEther, type LocalAccount, type PublicClient } from 'viem';
import type { Database, Queryable } from '../../db/database.ts';
import type { WorkerJob } from '../../worker/worker.ts';
import { NATIVE_CURRENCY } from '../native-currency.ts';
import { classifyChainError, PipelinePause } from '../chain-errors.ts';
import {
  abandonUnacceptedBatches,
  markRelayerUnpaid,
  recordRelayerBalance,
} from './relayer-repository.ts';
import { SMALLEST_BATCH_GAS } from './gas-budget.ts';
import { lockIdleRelayer, type IdleRelayer } from './relay-batch-repository.ts';

/** How often the worker reads every relayer's balance. */
export const RELAYER_FUNDS_INTERVAL_MS = 5_000;

export interface RelayerFundsLog {
  warn(obj: object, message: string): void;
  info?(obj: object, message: string): void;
}

export interface RelayerFundsDeps {
  log: RelayerFundsLog;
  db: Database;
  publicClient: PublicClient;
  chainId: number;
  relayers: LocalAccount[];
}

/** "0.25 POL": an amount of the chain's own coin, for people. */
export const nativeAmount = (wei: bigint) => `${formatEther(wei)} ${NATIVE_CURRENCY.symbol}`;

async function balanceOf(publicClient: PublicClient, address: `0x${string}`): Promise<bigint> {
  try {
    return await publicClient.getBalance({ address });
  } catch (error) {
    if (classifyChainError(error) === 'unreachable') {
      throw new PipelinePause('the chain node did not answer a relayer balance read', error);
    }
    throw error;
  }
}

/**
 * The relayer that signs a batch costing at most `costWei`: the one locked
 * first when its balance covers that and what its pending batches may still
 * cost, else another idle one that can; each that cannot leaves the rotation
 * (in this transaction). Null when none can: the batch's rows stay QUEUED.
 */
export async function payingRelayer(
  tx: Queryable,
  deps: RelayerFundsDeps & { maxInFlightPerRelayer: number },
  first: IdleRelayer & { balanceWei: bigint },
  costWei: bigint,
): Promise<LocalAccount | null> {
  const tried: string[] = [];
  let candidate: (IdleRelayer & { balanceWei: bigint }) | null = first;
  while (candidate) {
    const needed = costWei + candidate.pendingCostWei;
    const account = deps.relayers.find(
      (r) => r.address.toLowerCase() === candidate!.address.toLowerCase(),
    );
    if (account && candidate.balanceWei >= needed) return account;
    const reason = `its balance of ${nativeAmount(candidate.balanceWei)} does not cover the ${nativeAmount(needed)} its next relay transaction and those on their way may cost`;
    if (
      await markRelayerUnpaid(tx, candidate.address, { balanceWei: candidate.balanceWei, reason })
    ) {
      deps.log.warn(
        { relayer: candidate.address, balance: candidate.balanceWei.toString() },
        `relayer ${candidate.address} cannot pay for gas and leaves the rotation: ${reason}`,
      );
    }
    tried.push(candidate.address);
    const next = await lockIdleRelayer(
      tx,
      deps.chainId,
      deps.relayers.map((r) => r.address).filter((a) => !tried.includes(a)),
      deps.maxInFlightPerRelayer,
    );
    candidate = next && { ...next, balanceWei: await balanceOf(deps.publicClient, next.address) };
  }
  return null;
}

/**
 * The node refused a relayer's bytes because it cannot pay: it leaves the
 * rotation, and its batches the node never took go back to the queue for the
 * others (relayer-repository.ts abandonUnacceptedBatches).
 */
export async function relayerCannotPay(
  deps: RelayerFundsDeps,
  relayer: `0x${string}`,
  nodeWords: string,
): Promise<void> {
  const balanceWei = await deps.publicClient.getBalance({ address: relayer }).catch(() => null);
  const reason = `the chain node refused its transaction: ${nodeWords}`;
  const { left, abandoned } = await deps.db.transaction(async (tx) => ({
    left: await markRelayerUnpaid(tx, relayer, { balanceWei, reason }),
    abandoned: await abandonUnacceptedBatches(tx, relayer),
  }));
  // Said once: a batch the node took keeps being re-sent (and refused) until funds come.
  if (left || abandoned.length > 0) {
    deps.log.warn(
      { relayer, abandoned: abandoned.length },
      `relayer ${relayer} cannot pay for gas and leaves the rotation (${reason}); ${abandoned.length} of its relay transactions go back to the queue for the others`,
    );
  }
}

/**
 * Reads every relayer's balance. One that cannot pay even the smallest batch
 * at today's fees leaves the rotation at once, before any batch is signed with
 * it; one out of the rotation whose balance grew and covers that comes back;
 * one at or below `lowBalanceWei` is warned about, once each time it crosses.
 */
export function relayerFundsJob(deps: RelayerFundsDeps & { lowBalanceWei: bigint }): WorkerJob {
  const low = new Set<string>();
  return {
    name: 'relayer-funds',
    intervalMs: RELAYER_FUNDS_INTERVAL_MS,
    run: async () => {
      const [fees, ...balances] = await Promise.all([
        deps.publicClient.estimateFeesPerGas(),
        ...deps.relayers.map((r) => balanceOf(deps.publicClient, r.address)),
      ]);
      const enough = SMALLEST_BATCH_GAS * (fees as { maxFeePerGas: bigint }).maxFeePerGas;
      for (const [index, relayer] of deps.relayers.entries()) {
        const balance = balances[index] as bigint;
        if (balance < enough) {
          const reason = `its balance of ${nativeAmount(balance)} cannot pay for even one request (${nativeAmount(enough)} at today's fees)`;
          if (await markRelayerUnpaid(deps.db, relayer.address, { balanceWei: balance, reason })) {
            deps.log.warn(
              { relayer: relayer.address, balance: balance.toString() },
              `relayer ${relayer.address} cannot pay for gas and leaves the rotation: ${reason}`,
            );
          }
        }
        const { returned } = await recordRelayerBalance(deps.db, relayer.address, balance, enough);
        if (returned) {
          deps.log.info?.(
            { relayer: relayer.address, balance: balance.toString() },
            `relayer ${relayer.address} holds ${nativeAmount(balance)} again and is back in the rotation`,
          );
        }
        if (balance <= deps.lowBalanceWei && !low.has(relayer.address)) {
          low.add(relayer.address);
          deps.log.warn(
            { relayer: relayer.address, balance: balance.toString() },
            `relayer ${relayer.address} holds ${nativeAmount(balance)}, at or below RELAYER_LOW_BALANCE (${nativeAmount(deps.lowBalanceWei)}): top it up before it cannot pay for gas`,
          );
        } else if (balance > deps.lowBalanceWei) {
          low.delete(relayer.address);
        }
      }
    },
  };
}
