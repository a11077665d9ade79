// What the platform says against what the chain holds: every GETS transfer
// the platform ended COMPLETED is in the token's Transfer logs exactly once,
// none it ended FAILED is, and no transfer from a user's wallet is on chain
// without a COMPLETED record. Used by the fault tests, which stop databases,
// nodes and processes mid-load and must end with the two in agreement.
import { expect } from 'vitest';
import { parseAbiItem, type Address, type PublicClient } from 'viem';
import type { Queryable } from '../../src/db/database.ts';

const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

export interface TransferTruth {
  completed: number;
  failed: number;
  /** Transfer logs from the wallets that sent the platform's transfers. */
  onChain: number;
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
  }>(
    `SELECT wallet_address, action->>'to' AS "to", action->>'amount' AS amount, status, failure_reason
       FROM chain_transactions WHERE action->>'type' = 'transferTokens'`,
  );
  expect(rows.filter((r) => r.status === 'QUEUED' || r.status === 'SENT')).toEqual([]);

  const recorded = new Map<string, number>();
  const failureReasons: Record<string, number> = {};
  for (const row of rows) {
    if (row.status === 'COMPLETED') {
      const k = key(row.wallet_address, row.to, row.amount);
      recorded.set(k, (recorded.get(k) ?? 0) + 1);
    } else {
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
  return {
    completed: rows.filter((r) => r.status === 'COMPLETED').length,
    failed: rows.filter((r) => r.status === 'FAILED').length,
    onChain: logs.length,
    failureReasons,
  };
}
