// Balances read from the chain: GETS in a wallet, its open stakes, all open
// stakes, and the lock period a stake made now gets. One JSON-RPC round trip
// (the reads are batched).
import { communityTreasureAbi, getsTokenAbi, platformSettingsAbi } from '@gets/contracts';
import { formatGets, type Balances } from '@gets/schema';
import type { AppContext } from '../../context.ts';

export async function balancesOf(
  ctx: Pick<AppContext, 'chain' | 'contracts'>,
  account: `0x${string}`,
): Promise<Balances> {
  const read = ctx.chain.publicClient;
  const [wallet, staked, total, lockPeriod] = await Promise.all([
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
    read.readContract({
      address: ctx.contracts.settings,
      abi: platformSettingsAbi,
      functionName: 'lockPeriod',
    }),
  ]);
  return {
    userBalance: formatGets(wallet),
    stakingBalance: formatGets(staked),
    totalStakingBalance: formatGets(total),
    account,
    lockPeriod: Number(lockPeriod),
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
 * Balances already read at one block. A balance at a given block never
 * changes, so a wallet read again before the next block costs the node
 * nothing; the first read after a new block reads afresh. Only the latest
 * block's are kept, at most MAX_KNOWN_WALLETS of them.
 */
interface KnownBalances {
  block: bigint;
  units: Map<`0x${string}`, bigint>;
}
const MAX_KNOWN_WALLETS = 100_000;
const knownBalancesByChain = new WeakMap<object, KnownBalances>();

/**
 * GETS in each wallet, as GETS decimal strings; "0" without a wallet. The
 * reads go in as few eth_calls as possible: a deployless multicall runs up to
 * BALANCES_PER_CALL balanceOf calls in one EVM execution (no contract to
 * deploy first, on any chain), so a list of a thousand sponsors costs the
 * node seven calls, not a thousand. All are read at the latest block, and a
 * wallet already read at that block is not read again.
 */
export async function walletBalancesOf(
  ctx: Pick<AppContext, 'chain' | 'contracts'>,
  accounts: (`0x${string}` | null)[],
): Promise<string[]> {
  const wallets = accounts.filter((account): account is `0x${string}` => account !== null);
  const units =
    wallets.length === 0 ? new Map<string, bigint>() : await unitsAtLatestBlock(ctx, wallets);
  return accounts.map((account) => formatGets(account ? units.get(account)! : 0n));
}

async function unitsAtLatestBlock(
  ctx: Pick<AppContext, 'chain' | 'contracts'>,
  wallets: `0x${string}`[],
): Promise<Map<`0x${string}`, bigint>> {
  const block = await ctx.chain.publicClient.getBlockNumber({ cacheTime: 0 });
  let known = knownBalancesByChain.get(ctx.chain);
  if (!known || known.block < block) {
    known = { block, units: new Map() };
    knownBalancesByChain.set(ctx.chain, known);
  }
  // A request that saw an older block than another one already has keeps
  // its answers to itself.
  const current = known.block === block ? known.units : new Map<`0x${string}`, bigint>();
  const unknown = [...new Set(wallets.filter((wallet) => !current.has(wallet)))];
  const read =
    unknown.length === 0
      ? []
      : await ctx.chain.bulkReadClient.multicall({
          contracts: unknown.map((account) => ({
            address: ctx.contracts.token,
            abi: getsTokenAbi,
            functionName: 'balanceOf' as const,
            args: [account] as const,
          })),
          allowFailure: false,
          deployless: true,
          blockNumber: block,
          batchSize: BALANCES_PER_CALL * BALANCE_OF_CALLDATA_BYTES,
        });
  const answer = new Map(wallets.filter((w) => current.has(w)).map((w) => [w, current.get(w)!]));
  if (current.size + unknown.length > MAX_KNOWN_WALLETS) current.clear();
  unknown.forEach((wallet, i) => {
    answer.set(wallet, read[i]!);
    current.set(wallet, read[i]!);
  });
  return answer;
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
