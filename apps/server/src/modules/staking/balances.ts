// Balances read from the chain: GETS in a wallet, its open stakes, and all
// open stakes. One JSON-RPC round trip (the reads are batched).
import { communityTreasureAbi, getsTokenAbi } from '@gets/contracts';
import { formatGets, type Balances } from '@gets/schema';
import type { AppContext } from '../../context.ts';

export async function balancesOf(
  ctx: Pick<AppContext, 'chain' | 'contracts'>,
  account: `0x${string}`,
): Promise<Balances> {
  const read = ctx.chain.publicClient;
  const [wallet, staked, total] = await Promise.all([
    read.readContract({
      address: ctx.contracts.token,
      abi: getsTokenAbi,
      functionName: 'balanceOf',
      args: [account],
    }),
    read.readContract({
      address: ctx.contracts.treasure,
      abi: communityTreasureAbi,
      functionName: 'stakedBalanceOf',
      args: [account],
    }),
    read.readContract({
      address: ctx.contracts.treasure,
      abi: communityTreasureAbi,
      functionName: 'totalStaked',
    }),
  ]);
  return {
    userBalance: formatGets(wallet),
    stakingBalance: formatGets(staked),
    totalStakingBalance: formatGets(total),
    account,
  };
}

/** GETS in each wallet (one batched round trip), as GETS decimal strings; "0" without a wallet. */
export async function walletBalancesOf(
  ctx: Pick<AppContext, 'chain' | 'contracts'>,
  accounts: (`0x${string}` | null)[],
): Promise<string[]> {
  const units = await Promise.all(
    accounts.map((account) =>
      account
        ? ctx.chain.publicClient.readContract({
            address: ctx.contracts.token,
            abi: getsTokenAbi,
            functionName: 'balanceOf',
            args: [account],
          })
        : 0n,
    ),
  );
  return units.map((value) => formatGets(value));
}

/** GETS in one wallet, in 18-decimal units. */
export async function walletUnitsOf(
  ctx: Pick<AppContext, 'chain' | 'contracts'>,
  account: `0x${string}`,
): Promise<bigint> {
  return ctx.chain.publicClient.readContract({
    address: ctx.contracts.token,
    abi: getsTokenAbi,
    functionName: 'balanceOf',
    args: [account],
  });
}
