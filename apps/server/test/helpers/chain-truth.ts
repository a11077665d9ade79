// What the platform says against what the chain holds: every GETS transfer
// the platform ended COMPLETED is in the token's Transfer logs exactly once,
// none it ended FAILED is, and no transfer from a user's wallet is on chain
// without a COMPLETED record. Used by the fault tests, which stop databases,
// nodes and processes mid-load and must end with the two in agreement.
//
// One kind of COMPLETED has no log to find: a request whose batch the chain
// ran with no record of it (an Anvil restarted from a state dump that holds a
// block's accounts but not the block) is settled from its wallet's forwarder
// nonce, without a transaction hash (unmined-batches.ts, settleUnrecorded).
// Those are held to the chain by the token balances instead: every wallet
// holds what its logs and those transfers together say.
import { expect } from 'vitest';
import { parseAbiItem, type Address, type PublicClient } from 'viem';
import type { Queryable } from '../../src/db/database.ts';

const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
const BALANCE_OF = [
  parseAbiItem('function balanceOf(address owner) view returns (uint256)'),
] as const;

export interface TransferTruth {
  completed: number;
  failed: number;
  /** Transfer logs from the wallets that sent the platform's transfers. */
  onChain: number;
  /** COMPLETED with no transaction hash: settled from forwarder nonces, held to balances. */
  settledWithoutRecord: number;
  /** The reasons of the failed ones, with how many failed for each. */
  failureReasons: Record<string, number>;
}

const key = (from: string, to: string, value: bigint | string) =>
  `${from.toLowerCase()}>${to.toLowerCase()}:${BigInt(value)}`;

/**
 * Reads every transferTokens transaction and the token's Transfer logs, and
 * expects them to agree: for each (from, to, amount), as many COMPLETED
 * records as logs. Nothing may still be QUEUED or SENT.
 */
export async function expectTransfersMatchChain(
  db: Queryable,
  publicClient: PublicClient,
  token: Address,
): Promise<TransferTruth> {
  const rows = await db.query<{
    wallet_address: string;
    to: string;
    amount: string;
    status: string;
    failure_reason: string | null;
    transaction_hash: string | null;
  }>(
    `SELECT wallet_address, action->>'to' AS "to", action->>'amount' AS amount, status,
            failure_reason, transaction_hash
       FROM chain_transactions WHERE action->>'type' = 'transferTokens'`,
  );
  expect(rows.filter((r) => r.status === 'QUEUED' || r.status === 'SENT')).toEqual([]);

  const recorded = new Map<string, number>();
  const withoutRecord = rows.filter((r) => r.status === 'COMPLETED' && !r.transaction_hash);
  const failureReasons: Record<string, number> = {};
  for (const row of rows) {
    if (row.status === 'COMPLETED' && row.transaction_hash) {
      const k = key(row.wallet_address, row.to, row.amount);
      recorded.set(k, (recorded.get(k) ?? 0) + 1);
    } else if (row.status === 'FAILED') {
      const reason = row.failure_reason ?? '(none)';
      failureReasons[reason] = (failureReasons[reason] ?? 0) + 1;
    }
  }

  const wallets = [...new Set(rows.map((r) => r.wallet_address.toLowerCase()))] as Address[];
  const logs =
    wallets.length === 0
      ? []
      : await publicClient.getLogs({
          address: token,
          event: TRANSFER,
          args: { from: wallets },
          fromBlock: 0n,
          toBlock: 'latest',
        });
  const onChain = new Map<string, number>();
  for (const log of logs) {
    const k = key(log.args.from!, log.args.to!, log.args.value!);
    onChain.set(k, (onChain.get(k) ?? 0) + 1);
  }

  // Compared as sorted entries, so a difference names the wallets concerned.
  const sorted = (m: Map<string, number>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  expect(sorted(onChain)).toEqual(sorted(recorded));
  if (withoutRecord.length > 0) await expectBalancesHoldThem(publicClient, token, withoutRecord);
  return {
    completed: rows.filter((r) => r.status === 'COMPLETED').length,
    failed: rows.filter((r) => r.status === 'FAILED').length,
    onChain: logs.length,
    settledWithoutRecord: withoutRecord.length,
    failureReasons,
  };
}

/**
 * Every wallet a transfer settled without a record touched holds what its
 * Transfer logs (in and out) and those transfers together say: they moved
 * exactly their amounts, and nothing else moved unlogged.
 */
async function expectBalancesHoldThem(
  publicClient: PublicClient,
  token: Address,
  transfers: { wallet_address: string; to: string; amount: string }[],
) {
  const wallets = [
    ...new Set(transfers.flatMap((t) => [t.wallet_address.toLowerCase(), t.to.toLowerCase()])),
  ] as Address[];
  const logsOf = (args: { from: Address[] } | { to: Address[] }) =>
    publicClient.getLogs({
      address: token,
      event: TRANSFER,
      args,
      fromBlock: 0n,
      toBlock: 'latest',
    });
  const [sent, received] = await Promise.all([logsOf({ from: wallets }), logsOf({ to: wallets })]);
  for (const wallet of wallets) {
    const is = (address: string | undefined) => address?.toLowerCase() === wallet;
    const logged =
      received.filter((l) => is(l.args.to)).reduce((sum, l) => sum + l.args.value!, 0n) -
      sent.filter((l) => is(l.args.from)).reduce((sum, l) => sum + l.args.value!, 0n);
    const unlogged = transfers.reduce(
      (sum, t) =>
        sum + (is(t.to) ? BigInt(t.amount) : 0n) - (is(t.wallet_address) ? BigInt(t.amount) : 0n),
      0n,
    );
    const balance = await publicClient.readContract({
      address: token,
      abi: BALANCE_OF,
      functionName: 'balanceOf',
      args: [wallet],
    });
    expect({ wallet, balance }).toEqual({ wallet, balance: logged + unlogged });
  }
}
