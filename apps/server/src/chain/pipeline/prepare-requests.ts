// Each queued transaction made ready for a relay batch, or failed alone with
// a reason in words: its stored action read and encoded (through the
// registry), its calls simulated on chain, its forward requests signed with
// its wallet's key.
import { concat, type Address, type LocalAccount } from 'viem';
import {
  getsTokenAbi,
  platformForwarderAbi,
  signForwardRequest,
  signGetsPermit,
  type ForwardRequestData,
} from '@gets/contracts';
import type { Queryable } from '../../db/database.ts';
import { WalletKeyError } from '../../keys/wallet-signers.ts';
import type { ContractCall } from '../action-definition.ts';
import { classifyChainError, firstLine, PipelinePause } from '../chain-errors.ts';
import { reasonFromError } from '../revert-reason.ts';
import type { ChainTransaction, StoredCall } from './chain-transaction.ts';
import { markFailed } from './transaction-repository.ts';
import type { RelayDeps } from './relay-deps.ts';

/** Keeps the transactions still in the batch (a failed one is null). */
export const present = <T>(value: T | null): value is T => value !== null;

export interface Encoded {
  transaction: ChainTransaction;
  calls: ContractCall[];
}

export interface Checked extends Encoded {
  /** The wallet's forwarder nonce now: the first call's; the next calls count up. */
  nonce: bigint;
}

export interface Prepared extends Checked {
  requests: ForwardRequestData[];
}

/** Collects the transactions that fail alone, to be marked FAILED with the batch's commit. */
export class Failures {
  readonly list: { transaction: ChainTransaction; reason: string }[] = [];
  add(transaction: ChainTransaction, reason: string): null {
    this.list.push({ transaction, reason });
    return null;
  }
  async record(tx: Queryable, deps: Pick<RelayDeps, 'actions' | 'metrics'>) {
    const { actions, metrics } = deps;
    for (const { transaction, reason } of this.list) {
      if (await markFailed(tx, transaction.id, { reason })) {
        await actions.applyFailureEffect(tx, transaction);
        metrics?.finished(transaction, 'FAILED');
      }
    }
  }
}

export const storedCall = (call: ContractCall): StoredCall => ({
  to: call.to,
  data: call.data,
  gas: call.gas.toString(),
});

/**
 * Reads the stored action with today's rules and encodes its calls (signing a
 * permit with the wallet's key where the action pays a contract); a failure
 * fails it alone.
 */
export async function encodeTransaction(
  deps: RelayDeps,
  transaction: ChainTransaction,
  signerOf: (address: string) => LocalAccount,
  deadline: number,
  failures: Failures,
): Promise<Encoded | null> {
  const action = deps.actions.schema.safeParse(transaction.action);
  if (!action.success) {
    return failures.add(
      transaction,
      `This request could not be read: ${action.error.issues[0]?.message ?? 'unknown action'}`,
    );
  }
  const wallet = transaction.walletAddress;
  try {
    const calls = await deps.actions.encode(action.data, {
      contracts: deps.contracts,
      wallet,
      permit: (spender, value) =>
        signPermitFor(deps, signerOf(wallet), spender, value, BigInt(deadline)),
    });
    if (calls.length === 0) throw new Error('the action has no contract call');
    return { transaction, calls };
  } catch (error) {
    if (error instanceof PipelinePause) throw error;
    return failures.add(
      transaction,
      error instanceof WalletKeyError
        ? error.message
        : `This request could not be prepared for the chain: ${firstLine(error)}`,
    );
  }
}

/** A GETS permit by the wallet, with the token's current nonce for it. */
export async function signPermitFor(
  deps: RelayDeps,
  account: LocalAccount,
  spender: Address,
  value: bigint,
  deadline: bigint,
) {
  let nonce: bigint;
  try {
    nonce = await deps.publicClient.readContract({
      address: deps.contracts.token,
      abi: getsTokenAbi,
      functionName: 'nonces',
      args: [account.address],
    });
  } catch (error) {
    if (classifyChainError(error) === 'unreachable') {
      throw new PipelinePause('the chain node did not answer a permit nonce', error);
    }
    throw error;
  }
  return signGetsPermit({
    account,
    token: deps.contracts.token,
    chainId: deps.chainId,
    spender,
    value,
    nonce,
    deadline,
  });
}

/**
 * Simulates each call as the forwarder would make it (the wallet's address
 * appended, ERC-2771) and reads the wallet's forwarder nonce. A revert or a
 * refusal fails the transaction alone; an unreachable node pauses the batch.
 */
export async function checkOnChain(
  deps: RelayDeps,
  encoded: Encoded,
  failures: Failures,
): Promise<Checked | null> {
  const { publicClient, contracts } = deps;
  const wallet = encoded.transaction.walletAddress;
  try {
    for (const call of encoded.calls) {
      if (call.simulate === false) continue;
      await publicClient.call({
        account: contracts.forwarder,
        to: call.to,
        data: concat([call.data, wallet]),
      });
    }
    const nonce = await publicClient.readContract({
      address: contracts.forwarder,
      abi: platformForwarderAbi,
      functionName: 'nonces',
      args: [wallet],
    });
    return { ...encoded, nonce };
  } catch (error) {
    if (classifyChainError(error) === 'unreachable') {
      throw new PipelinePause('the chain node did not answer a simulation', error);
    }
    return failures.add(encoded.transaction, reasonFromError(error));
  }
}

/** Signs each transaction's forward requests (consecutive nonces) with its wallet's key. */
export async function signAll(
  deps: RelayDeps,
  checked: Checked[],
  signerOf: (address: string) => LocalAccount,
  deadline: number,
  failures: Failures,
): Promise<Prepared[]> {
  const signed = await Promise.all(
    checked.map(async (c): Promise<Prepared | null> => {
      try {
        const account = signerOf(c.transaction.walletAddress);
        const requests = await Promise.all(
          c.calls.map((call, index) =>
            signForwardRequest({
              account,
              forwarder: deps.contracts.forwarder,
              chainId: deps.chainId,
              to: call.to,
              data: call.data,
              nonce: c.nonce + BigInt(index),
              deadline,
              gas: call.gas,
            }),
          ),
        );
        return { ...c, requests };
      } catch (error) {
        return failures.add(
          c.transaction,
          error instanceof WalletKeyError
            ? error.message
            : `This request could not be signed: ${firstLine(error)}`,
        );
      }
    }),
  );
  return signed.filter(present);
}
