// What the platform says against what the chain holds, counted: how many
// transfers of each wallet the database ended COMPLETED against the token's
// Transfer logs, and every balance against what those transfers leave.
//
// A transfer settled from its wallet's forwarder nonce (no transaction hash:
// the chain ran its batch, but an Anvil restarted from a state dump holds the
// block's accounts and not the block, so no log; unmined-batches.ts,
// settleUnrecorded) has no log to count: it is held to the balances alone,
// which count every COMPLETED transfer (as chain-truth.ts does).
import { parseAbiItem, type Address, type PublicClient } from 'viem';
import { getsTokenAbi } from '@gets/contracts';
import type { Queryable } from '../../src/db/database.ts';

const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

export interface TransferScene {
  token: Address;
  /** The wallets that sent the transfers, each funded with `funded` before any. */
  wallets: Address[];
  funded: bigint;
  /** Where every transfer went, each of `amount`; `sinkBefore` it held before any. */
  sink: Address;
  amount: bigint;
  sinkBefore: bigint;
}

/**
 * Every transfer's end against the chain, each disagreement in words: per
 * wallet, its COMPLETED transfers against the token's Transfer logs from it,
 * and its balance against what its COMPLETED transfers leave; the sink's
 * balance against all of them. Unlike chain-truth.ts (a test's expectation),
 * it counts rather than throws, so a bench can say how far apart they are.
 */
export async function compareWithChain(
  scene: TransferScene,
  db: Queryable,
  publicClient: PublicClient,
) {
  const rows = await db.query<{
    wallet: string;
    status: string;
    reason: string | null;
    hash: string | null;
  }>(
    `SELECT lower(wallet_address) AS wallet, status, failure_reason AS reason,
            transaction_hash AS hash
       FROM chain_transactions WHERE action->>'type' = 'transferTokens'`,
  );
  const mismatches: string[] = [];
  const unfinished = rows.filter((r) => r.status === 'QUEUED' || r.status === 'SENT').length;
  if (unfinished > 0) mismatches.push(`${unfinished} transfers still QUEUED or SENT`);

  const completedBy = new Map<string, number>();
  /** COMPLETED with a transaction hash: each has its Transfer log. */
  const loggedBy = new Map<string, number>();
  const failureReasons: Record<string, number> = {};
  for (const row of rows) {
    if (row.status === 'COMPLETED')
      completedBy.set(row.wallet, (completedBy.get(row.wallet) ?? 0) + 1);
    if (row.status === 'COMPLETED' && row.hash)
      loggedBy.set(row.wallet, (loggedBy.get(row.wallet) ?? 0) + 1);
    if (row.status === 'FAILED') {
      const reason = row.reason ?? '(none)';
      failureReasons[reason] = (failureReasons[reason] ?? 0) + 1;
    }
  }
  const wallets = scene.wallets.map((wallet) => wallet.toLowerCase() as Address);
  const logs = await publicClient.getLogs({
    address: scene.token,
    event: TRANSFER,
    args: { from: wallets },
    fromBlock: 0n,
    toBlock: 'latest',
  });
  const { amount } = scene;
  const onChainBy = new Map<string, number>();
  for (const log of logs) {
    const from = log.args.from!.toLowerCase();
    if (log.args.to!.toLowerCase() !== scene.sink.toLowerCase() || log.args.value !== amount) {
      mismatches.push(`${from}: a Transfer on chain no transfer of the platform asked for`);
      continue;
    }
    onChainBy.set(from, (onChainBy.get(from) ?? 0) + 1);
  }

  const balanceOf = (address: Address) =>
    publicClient.readContract({
      address: scene.token,
      abi: getsTokenAbi,
      functionName: 'balanceOf',
      args: [address],
    });
  let completedTotal = 0;
  for (const wallet of wallets) {
    const completed = completedBy.get(wallet) ?? 0;
    const logged = loggedBy.get(wallet) ?? 0;
    const onChain = onChainBy.get(wallet) ?? 0;
    completedTotal += completed;
    if (logged !== onChain) {
      const unrecorded = completed - logged;
      mismatches.push(
        `${wallet}: ${completed} transfers COMPLETED (${unrecorded} of them settled without a hash), ${onChain} Transfer logs on chain for the other ${logged}`,
      );
    }
    const balance = await balanceOf(wallet);
    const expected = scene.funded - BigInt(completed) * amount;
    if (balance !== expected) {
      mismatches.push(
        `${wallet}: holds ${formatGets(balance)} GETS on chain, its COMPLETED transfers leave ${formatGets(expected)}`,
      );
    }
  }
  const sink = await balanceOf(scene.sink);
  const sinkExpected = scene.sinkBefore + BigInt(completedTotal) * amount;
  if (sink !== sinkExpected) {
    mismatches.push(
      `the sink holds ${formatGets(sink)} GETS on chain, the COMPLETED transfers make ${formatGets(sinkExpected)}`,
    );
  }
  return {
    completed: completedTotal,
    settledWithoutRecord: rows.filter((r) => r.status === 'COMPLETED' && !r.hash).length,
    failed: rows.filter((r) => r.status === 'FAILED').length,
    failureReasons,
    mismatches,
  };
}

function formatGets(wei: bigint) {
  return (Number(wei / 10n ** 14n) / 10_000).toString();
}
