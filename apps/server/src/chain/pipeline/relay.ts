// The relay side of the pipeline: takes queued transactions, signs each user's
// forward requests with the user's custodial key, packs them into one
// executeBatch call of the platform forwarder, and sends it from a relayer
// account with a nonce handed out by the database.
//
// Failure isolation: whatever belongs to one transaction (it cannot be read or
// encoded, its key cannot be opened, its call reverts, the node refuses it)
// fails that transaction alone, with a reason in words, and the rest of the
// batch goes on. A batch is never bigger than a block holds; one that still
// fails as a whole once mined has its rows sent alone from then on (settle.ts).
// Only what belongs to the process (database or chain unreachable) stops a
// batch, and then nothing is changed and the worker pauses before trying again.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { encodeFunctionData, type Hex, type PublicClient } from 'viem';
import { platformForwarderAbi } from '@gets/contracts';
import { keccak256Hex } from '../../keys/keccak.ts';
import { classifyChainError, nodeWords } from '../chain-errors.ts';
import { addGasUse } from './fair-use-repository.ts';
import { BATCH_OVERHEAD_GAS, PER_REQUEST_OVERHEAD_GAS } from './gas-budget.ts';
import { payingRelayer, relayerCannotPay } from './relayer-funds.ts';
import {
  insertBatch,
  lockIdleRelayer,
  recordSendResult,
  takeNonce,
  type Attempt,
  type SendOutcome,
} from './relay-batch-repository.ts';
import { claimQueued, markSent } from './transaction-repository.ts';
import {
  checkOnChain,
  encodeTransaction,
  Failures,
  present,
  signAll,
  storedCall,
  type Encoded,
} from './prepare-requests.ts';
import type { PipelineLog, RelayDeps } from './relay-deps.ts';
import { LostBlocksNoticed, stillOnChain } from './lost-batches.ts';
import { settledTip } from './lost-batch-repository.ts';

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

const budgetOf = (e: Encoded) =>
  e.calls.reduce((sum, call) => sum + call.gas + PER_REQUEST_OVERHEAD_GAS, 0n);
const batchBudget = (list: Encoded[]) =>
  list.reduce((sum, e) => sum + budgetOf(e), BATCH_OVERHEAD_GAS);

/**
 * As many transactions, oldest first, as one block holds; the rest stay
 * queued for the next batch, unchanged. One that no block could hold fails.
 */
function fitInBlock(encoded: Encoded[], blockGasLimit: bigint, failures: Failures): Encoded[] {
  const fitting: Encoded[] = [];
  let total = BATCH_OVERHEAD_GAS;
  for (const e of encoded) {
    const budget = budgetOf(e);
    if (budget + BATCH_OVERHEAD_GAS > blockGasLimit) {
      failures.add(
        e.transaction,
        `This request needs more gas (${budget}) than a block of this chain holds (${blockGasLimit})`,
      );
    } else if (total + budget <= blockGasLimit) {
      fitting.push(e);
      total += budget;
    }
  }
  return fitting;
}

/** null when nothing was claimed (no work, every relayer busy, or a replay of lost batches first). */
async function relayOneBatch(deps: RelayDeps): Promise<number | null> {
  try {
    return await signAndSendBatch(deps);
  } catch (error) {
    if (!(error instanceof LostBlocksNoticed)) throw error;
    deps.log.warn({ batch: error.batchId }, `${error.message}; signing waits for its replay`);
    deps.onLostBlocks?.();
    return null;
  }
}

async function signAndSendBatch(deps: RelayDeps): Promise<number | null> {
  const { db, publicClient, contracts } = deps;
  const relayerAddresses = deps.relayers.map((r) => r.address);

  const batch = await db.transaction(async (tx) => {
    const idle = await lockIdleRelayer(
      tx,
      deps.chainId,
      relayerAddresses,
      deps.settings.maxInFlightPerRelayer,
    );
    if (!idle) return null;
    const claimed = await claimQueued(tx, deps.settings.maxBatchSize);
    if (claimed.length === 0) return null;
    // Lost batches are running again in the order they first ran: nothing new
    // goes out until they are mined (lost-batches.ts).
    const tip = await settledTip(tx, deps.chainId);
    if (tip.replaying) return null;
    const failures = new Failures();

    const [fees, block, balanceWei] = await Promise.all([
      publicClient.estimateFeesPerGas(),
      publicClient.getBlock({ blockTag: 'latest' }),
      publicClient.getBalance({ address: idle.address }),
    ]);
    // The forwarder and the permit judge deadlines by block time, which may run
    // ahead of this server's clock (a chain moved forward): count from the later.
    const deadline =
      Math.max(Math.floor(Date.now() / 1000), Number(block.timestamp)) +
      deps.settings.requestTtlSeconds;
    // Keys first (one query): encoding may sign a permit with the wallet's key.
    const prepared = await deps.keystore.withSigners(
      tx,
      claimed.map((t) => t.walletAddress),
      async (signerOf) => {
        const encoded = fitInBlock(
          (
            await Promise.all(
              claimed.map((t) => encodeTransaction(deps, t, signerOf, deadline, failures)),
            )
          ).filter(present),
          block.gasLimit,
          failures,
        );
        // The simulations and nonce reads go out together (JSON-RPC batching).
        const checked = (
          await Promise.all(encoded.map((e) => checkOnChain(deps, e, failures)))
        ).filter(present);
        // Read after the wallets' nonces and permits: if the node still has
        // the newest settled batch, they were read from a chain that holds
        // every request the platform settled, and none is signed with the
        // place of one the node forgot.
        if (tip.newest && !(await stillOnChain(publicClient, tip.newest))) {
          throw new LostBlocksNoticed(tip.newest.id);
        }
        return signAll(deps, checked, signerOf, deadline, failures);
      },
    );
    await failures.record(tx, deps);
    if (prepared.length === 0) return { sent: 0 };

    // The gas limit is the batch's budget, an upper bound (each call's own
    // gas plus the forwarder's work per request), so it is never too little
    // and only the gas used is paid. No estimate: on a node that is a binary
    // search over the whole batch (about 115 ms per 100 requests on Anvil).
    const gas = batchBudget(prepared);
    // A relayer that cannot pay the most this may cost leaves the rotation and
    // another signs it; with none that can, the requests wait in the queue.
    const relayer = await payingRelayer(
      tx,
      { ...deps, maxInFlightPerRelayer: deps.settings.maxInFlightPerRelayer },
      { ...idle, balanceWei },
      gas * fees.maxFeePerGas,
    );
    if (!relayer) return { sent: 0 };
    const data = encodeFunctionData({
      abi: platformForwarderAbi,
      functionName: 'executeBatch',
      args: [prepared.flatMap((p) => p.requests), relayer.address],
    });
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
      hash: keccak256Hex(raw),
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
      gasLimit: gas,
    });
    await markSent(
      tx,
      prepared.map((p) => ({
        id: p.transaction.id,
        batchId,
        forwarderNonce: p.nonce,
        calls: p.calls.map(storedCall),
      })),
    );
    // What each account's requests cost the relayer, at most: its day's gas use.
    await addGasUse(
      tx,
      prepared.map((p) => ({
        ownerKind: p.transaction.ownerKind,
        ownerId: p.transaction.ownerId,
        gas: budgetOf(p),
      })),
    );
    deps.metrics?.batchSent(prepared.length);
    return { sent: prepared.length, raw, batchId, relayer: relayer.address };
  });

  if (batch === null) return null;
  if (batch.raw) {
    const outcome = await broadcast(publicClient, batch.raw, deps.log);
    await recordSendResult(db, batch.batchId, outcome);
    if (outcome.kind === 'unpaid') await relayerCannotPay(deps, batch.relayer, outcome.message);
    if (outcome.kind === 'accepted') deps.onSent?.();
  }
  return batch.sent;
}

/** Send errors that only mean an earlier send (or a replacement) got there first. */
const HARMLESS_SEND_ERROR =
  /already known|nonce too low|replacement transaction underpriced|already imported/i;
/** The relayer cannot pay: the relayer's problem (and the operator's), never the batch's. */
const RELAYER_SEND_ERROR = /insufficient funds/i;

/**
 * Sends signed bytes and says what the node made of them (SendOutcome).
 * Whatever happens, the settle step reads the outcome and re-sends, replaces
 * or cancels; a relayer that cannot pay leaves the rotation.
 */
export async function broadcast(
  publicClient: PublicClient,
  raw: Hex,
  log: PipelineLog,
): Promise<SendOutcome> {
  try {
    await publicClient.request({ method: 'eth_sendRawTransaction', params: [raw] });
    return { kind: 'accepted' };
  } catch (error) {
    const message = nodeWords(error);
    if (HARMLESS_SEND_ERROR.test(message)) return { kind: 'accepted' };
    if (RELAYER_SEND_ERROR.test(message)) return { kind: 'unpaid', message };
    if (classifyChainError(error) === 'unreachable') {
      log.warn({ err: message }, 'relay transaction not answered by the node; will retry');
      return { kind: 'unknown' };
    }
    log.warn({ err: message }, 'the node refused a relay transaction');
    return { kind: 'refused', message };
  }
}
