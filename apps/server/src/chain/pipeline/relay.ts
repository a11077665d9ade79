// The relay side of the pipeline: takes queued transactions, signs each user's
// forward request with the user's custodial key, packs them into one
// executeBatch call of the platform forwarder, and sends it from a relayer
// account with a nonce handed out by the database.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import {
  concat,
  encodeFunctionData,
  keccak256,
  type Address,
  type Hex,
  type PrivateKeyAccount,
  type PublicClient,
} from 'viem';
import {
  platformForwarderAbi,
  signForwardRequest,
  type ForwardRequestData,
  type PlatformContracts,
} from '@gets/contracts';
import { GAS_ESTIMATE_MULTIPLIER } from '@gets/schema';
import type { Database } from '../../db/database.ts';
import type { Keystore } from '../../custody/keystore.ts';
import { encodeAction } from '../actions.ts';
import { isRevert, reasonFromError } from '../revert-reason.ts';
import {
  claimQueued,
  insertBatch,
  lockIdleRelayer,
  markFailed,
  markSent,
  takeNonce,
  type Attempt,
  type ChainTransaction,
} from './transaction-repository.ts';

export interface PipelineSettings {
  /** Most user requests in one executeBatch. */
  maxBatchSize: number;
  /** Most unmined batches per relayer at once. */
  maxInFlightPerRelayer: number;
  /** Seconds a signed request stays valid at the forwarder. */
  requestTtlSeconds: number;
}

export interface PipelineLog {
  warn(obj: object, message: string): void;
}

export interface RelayDeps {
  log: PipelineLog;
  db: Database;
  keystore: Keystore;
  publicClient: PublicClient;
  chainId: number;
  contracts: PlatformContracts;
  relayers: PrivateKeyAccount[];
  settings: PipelineSettings;
}

const BATCH_OVERHEAD_GAS = 60_000n;
const PER_REQUEST_OVERHEAD_GAS = 40_000n;

/** Sends batches while there is queued work and an idle relayer; returns how many requests went out. */
export async function relayQueued(deps: RelayDeps): Promise<number> {
  // One loop per relayer: while one signs a batch, another waits on the node
  // with its own. Each locks its own relayer row and its own queued rows.
  const loops = deps.relayers.map(async () => {
    let sent = 0;
    for (;;) {
      const count = await relayOneBatch(deps);
      if (count === null) return sent;
      sent += count;
    }
  });
  return (await Promise.all(loops)).reduce((a, b) => a + b, 0);
}

interface Prepared {
  transaction: ChainTransaction;
  request: ForwardRequestData;
  nonce: bigint;
}

/** null when nothing was claimed (no work, or every relayer busy). */
async function relayOneBatch(deps: RelayDeps): Promise<number | null> {
  const { db, publicClient, contracts } = deps;
  const relayerAddresses = deps.relayers.map((r) => r.address);

  const batch = await db.transaction(async (tx) => {
    const relayerAddress = await lockIdleRelayer(
      tx,
      deps.chainId,
      relayerAddresses,
      deps.settings.maxInFlightPerRelayer,
    );
    if (!relayerAddress) return null;
    const claimed = await claimQueued(tx, deps.settings.maxBatchSize);
    if (claimed.length === 0) return null;
    const relayer = deps.relayers.find((r) => r.address === relayerAddress)!;

    // One JSON-RPC round trip each for the simulations and the forwarder nonces.
    const calls = claimed.map((t) => ({ t, call: encodeAction(t.action, contracts) }));
    const checks = await Promise.all(
      calls.map(async ({ t, call }) => {
        try {
          await publicClient.call({
            account: contracts.forwarder,
            to: call.to,
            data: concat([call.data, t.walletAddress]),
          });
          const nonce = await publicClient.readContract({
            address: contracts.forwarder,
            abi: platformForwarderAbi,
            functionName: 'nonces',
            args: [t.walletAddress],
          });
          return { t, call, nonce, failure: null };
        } catch (error) {
          // An unreachable node aborts this batch (rolled back, tried again);
          // only a revert fails the user's transaction.
          if (!isRevert(error)) throw error;
          return { t, call, nonce: 0n, failure: reasonFromError(error) };
        }
      }),
    );
    for (const check of checks.filter((c) => c.failure)) {
      await markFailed(tx, check.t.id, { reason: check.failure! });
    }
    const viable = checks.filter((c) => !c.failure);
    if (viable.length === 0) return { sent: 0 };

    const deadline = Math.floor(Date.now() / 1000) + deps.settings.requestTtlSeconds;
    const prepared: Prepared[] = await deps.keystore.withSigners(
      tx,
      viable.map((v) => v.t.walletAddress),
      (signerOf) =>
        Promise.all(
          viable.map(async ({ t, call, nonce }) => ({
            transaction: t,
            nonce,
            request: await signForwardRequest({
              account: signerOf(t.walletAddress),
              forwarder: contracts.forwarder,
              chainId: deps.chainId,
              to: call.to,
              data: call.data,
              nonce,
              deadline,
              gas: call.gas,
            }),
          })),
        ),
    );

    const data = encodeFunctionData({
      abi: platformForwarderAbi,
      functionName: 'executeBatch',
      args: [prepared.map((p) => p.request), relayer.address],
    });
    const gas = await estimateBatchGas(
      publicClient,
      contracts.forwarder,
      relayer.address,
      data,
      prepared,
    );
    const fees = await publicClient.estimateFeesPerGas();
    const nonce = await takeNonce(tx, relayer.address);
    const raw = await relayer.signTransaction({
      chainId: deps.chainId,
      type: 'eip1559',
      to: contracts.forwarder,
      data,
      gas,
      nonce: Number(nonce),
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    const attempt: Attempt = {
      hash: keccak256(raw),
      raw,
      maxFeePerGas: fees.maxFeePerGas.toString(),
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
      sentAt: new Date().toISOString(),
    };
    const batchId = randomUUID();
    // The signed transaction is on record before it leaves, so a crash right
    // after this commit is recovered by sending the same bytes again.
    await insertBatch(tx, {
      sender: `${os.hostname()}:${process.pid}`,
      id: batchId,
      chainId: deps.chainId,
      relayer: relayer.address,
      nonce,
      attempt,
    });
    await markSent(
      tx,
      prepared.map((p) => ({ id: p.transaction.id, batchId, forwarderNonce: p.nonce })),
    );
    return { sent: prepared.length, raw };
  });

  if (batch === null) return null;
  if (batch.raw) await broadcast(publicClient, batch.raw, deps.log);
  return batch.sent;
}

async function estimateBatchGas(
  publicClient: PublicClient,
  forwarder: Address,
  relayer: Address,
  data: Hex,
  prepared: Prepared[],
): Promise<bigint> {
  try {
    const estimate = await publicClient.estimateGas({ account: relayer, to: forwarder, data });
    return (estimate * BigInt(Math.round(GAS_ESTIMATE_MULTIPLIER * 100))) / 100n;
  } catch {
    // The estimate can fail when a request turns invalid meanwhile; the
    // forwarder then skips it, so the sum of the budgets is always enough.
    return prepared.reduce(
      (sum, p) => sum + p.request.gas + PER_REQUEST_OVERHEAD_GAS,
      BATCH_OVERHEAD_GAS,
    );
  }
}

/** Send errors that only mean an earlier send (or a replacement) got there first. */
const HARMLESS_SEND_ERROR =
  /already known|nonce too low|replacement transaction underpriced|already imported/i;

/**
 * Sends signed bytes. Whatever happens, the settle step reads the outcome and
 * re-sends or replaces; errors that need a person (no gas money) are logged.
 */
export async function broadcast(
  publicClient: PublicClient,
  raw: Hex,
  log: PipelineLog,
): Promise<void> {
  try {
    await publicClient.request({ method: 'eth_sendRawTransaction', params: [raw] });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!HARMLESS_SEND_ERROR.test(message)) {
      log.warn(
        { err: message.split('\n')[0] },
        'relay transaction not accepted by the node; will retry',
      );
    }
  }
}
