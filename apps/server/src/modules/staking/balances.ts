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

/**
 * Wallets whose balances one eth_call reads. A deployless call sends its
 * calls as init code, which a node caps at 49,152 bytes (EIP-3860): 150
 * entries of about 224 bytes plus the multicall's own code stay under it.
 */
const BALANCES_PER_CALL = 150;
/** viem cuts the chunks by the calls' own calldata: 36 bytes per balanceOf. */
const BALANCE_OF_CALLDATA_BYTES = 36;

/**
 * GETS in each wallet, as GETS decimal strings; "0" without a wallet. The
 * reads go in as few eth_calls as possible: a deployless multicall runs up to
 * BALANCES_PER_CALL balanceOf calls in one EVM execution (no contract to
 * deploy first, on any chain), so a list of a thousand sponsors costs the
 * node seven calls, not a thousand.
 */
export async function walletBalancesOf(
  ctx: Pick<AppContext, 'chain' | 'contracts'>,
  accounts: (`0x${string}` | null)[],
): Promise<string[]> {
  const wallets = accounts.filter((account): account is `0x${string}` => account !== null);
  const units =
    wallets.length === 0
      ? []
      : await ctx.chain.bulkReadClient.multicall({
          contracts: wallets.map((account) => ({
            address: ctx.contracts.token,
            abi: getsTokenAbi,
            functionName: 'balanceOf' as const,
            args: [account] as const,
          })),
          allowFailure: false,
          deployless: true,
          batchSize: BALANCES_PER_CALL * BALANCE_OF_CALLDATA_BYTES,
        });
  let next = 0;
  return accounts.map((account) => formatGets(account ? units[next++]! : 0n));
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
