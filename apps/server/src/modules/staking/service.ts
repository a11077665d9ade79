// The Community Treasure's rules: whose balances a caller may read; staking
// (never more than the wallet holds), unstaking (only one's own stake, only
// once unlocked), the admin's treasury moves (a withdrawal never above the
// total staked nor the pool, a deposit never above the wallet), and the
// records the spec's follow-up calls confirm.
import { communityTreasureAbi, platformSettingsAbi } from '@gets/contracts';
import {
  formatGets,
  getsForPeople,
  groupGetsDecimal,
  TOKEN,
  toBaseUnits,
  type MyStake,
  type StakeListing,
  type Treasury,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { consentOrQueue } from '../../custody/consent.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { findAdminById } from '../admin-auth/admin-repository.ts';
import { requireActiveAdmin } from '../admin-auth/active-admin.ts';
import { findUserById, type User } from '../accounts/user-repository.ts';
import { balancesOf, walletUnitsOf } from './balances.ts';
import {
  confirmTreasuryWithdrawal,
  findStake,
  insertStake,
  listStakesOf,
  pageOpenStakes,
  type StakeRow,
} from './stake-repository.ts';

export const STAKING_MESSAGES = {
  notYours: 'You can only read your own balances',
  noWallet: 'This account has no wallet yet',
  notFound: 'User not found',
  emailMismatch: 'The email does not belong to your account',
  exceedsBalance: (held: bigint) =>
    `Tokens cannot exceed your available balance. (${getsForPeople(held)} available)`,
  stakeNotFound: 'Stake not found',
  stakeNotYours: 'This stake is not yours',
  amountMismatch: 'The amount is not what this stake holds',
  alreadyWithdrawn: 'This stake was already unstaked',
  locked: (unlockAt: Date) =>
    `This stake is locked until ${unlockAt.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`,
  staked: 'Staked successfully',
  exceedsTotalStaked: (total: bigint) =>
    `Withdraw cannot exceed the total staked (${getsForPeople(total)})`,
  treasuryShort: (held: bigint) =>
    `The Community Treasure holds only ${getsForPeople(held)} to withdraw`,
  notYourAdminId: 'userId must be your own admin id',
  noWithdrawal: 'No completed withdrawal of this amount is waiting to be recorded',
  withdrawn: (amount: string) =>
    `Withdrawn ${groupGetsDecimal(amount)} ${TOKEN.symbol} from the Community Treasure`,
} as const;

type Deps = Pick<AppContext, 'db' | 'chain' | 'contracts' | 'config' | 'actions'>;

/** GET /stake/balance: a user's own balances (userId, when sent, must be their own). */
export async function userBalances(ctx: Deps, actor: Actor, userId: string | undefined) {
  if (userId !== undefined && userId !== actor.id)
    throw new AppError(403, STAKING_MESSAGES.notYours);
  const user = await findUserById(ctx.db, actor.id);
  if (!user) throw new AppError(404, STAKING_MESSAGES.notFound);
  if (!user.account) throw new AppError(409, STAKING_MESSAGES.noWallet);
  return balancesOf(ctx, user.account);
}

/**
 * GET /stake/balance/admin: the admin's own balances, or a user's (the sponsor
 * page shows a sponsor's GETS).
 */
export async function adminBalances(ctx: Deps, actor: Actor, userId: string | undefined) {
  if (userId === undefined || userId === actor.id) {
    const admin = await findAdminById(ctx.db, actor.id);
    if (!admin?.account) throw new AppError(409, STAKING_MESSAGES.noWallet);
    return balancesOf(ctx, admin.account);
  }
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError(404, STAKING_MESSAGES.notFound);
  if (!user.account) throw new AppError(409, STAKING_MESSAGES.noWallet);
  return balancesOf(ctx, user.account);
}

/** The caller, whose email the spec's staking bodies carry, with a wallet. */
async function stakerOf(
  ctx: Deps,
  actor: Actor,
  email: string,
): Promise<User & { account: `0x${string}` }> {
  const user = await findUserById(ctx.db, actor.id);
  if (!user || user.email.toLowerCase() !== email.toLowerCase()) {
    throw new AppError(403, STAKING_MESSAGES.emailMismatch);
  }
  if (!user.account) throw new AppError(409, STAKING_MESSAGES.noWallet);
  return user as User & { account: `0x${string}` };
}

async function requireHeld(ctx: Deps, account: `0x${string}`, units: bigint) {
  const held = await walletUnitsOf(ctx, account);
  if (units > held) throw new AppError(400, STAKING_MESSAGES.exceedsBalance(held));
}

/** POST /stake/approve/metakeep: the spec's approval step (allowance for the treasure). */
export async function approveStakeFor(
  ctx: Deps,
  actor: Actor,
  input: { email: string; amount: string; consentToken?: string | undefined },
) {
  const staker = await stakerOf(ctx, actor, input.email);
  const units = toBaseUnits(input.amount);
  await requireHeld(ctx, staker.account, units);
  return consentOrQueue(
    ctx,
    actor,
    { type: 'approveStake', amount: units.toString() },
    input.consentToken,
  );
}

/** POST /stake/metakeep: the stake itself, one consent (a GETS permit, no approval needed). */
export async function stakeFor(
  ctx: Deps,
  actor: Actor,
  input: { email: string; amount: string; consentToken?: string | undefined },
) {
  const staker = await stakerOf(ctx, actor, input.email);
  const units = toBaseUnits(input.amount);
  await requireHeld(ctx, staker.account, units);
  return consentOrQueue(
    ctx,
    actor,
    { type: 'stake', amount: units.toString() },
    input.consentToken,
  );
}

const toMyStake = (stake: StakeRow): MyStake => ({
  onChainId: stake.onChainId,
  amount: formatGets(stake.amount),
  createdAt: stake.createdAt.toISOString(),
  unlockAt: stake.unlockAt.toISOString(),
  withdrawnAt: stake.withdrawnAt?.toISOString() ?? null,
});

async function chainStake(ctx: Deps, onChainId: string) {
  return ctx.chain.publicClient.readContract({
    address: ctx.contracts.treasure,
    abi: communityTreasureAbi,
    functionName: 'getStake',
    args: [BigInt(onChainId)],
  });
}

/**
 * POST /stake: the spec's record call after the stake completed. The pipeline
 * recorded it already (by the Staked event); this checks it is the caller's
 * and the amount is right, and records it from the chain if it is missing.
 */
export async function recordStake(
  ctx: Deps,
  actor: Actor,
  input: { userId: string; amount: string; onChainId: string },
): Promise<MyStake> {
  if (input.userId !== actor.id) throw new AppError(403, STAKING_MESSAGES.stakeNotYours);
  const user = await findUserById(ctx.db, actor.id);
  if (!user?.account) throw new AppError(409, STAKING_MESSAGES.noWallet);
  let stake = await findStake(ctx.db, input.onChainId);
  if (!stake) {
    const onChain = await chainStake(ctx, input.onChainId);
    if (onChain.staker === '0x0000000000000000000000000000000000000000') {
      throw new AppError(404, STAKING_MESSAGES.stakeNotFound);
    }
    if (onChain.staker.toLowerCase() !== user.account.toLowerCase()) {
      throw new AppError(403, STAKING_MESSAGES.stakeNotYours);
    }
    await insertStake(ctx.db, {
      onChainId: input.onChainId,
      ownerKind: 'user',
      ownerId: user.id,
      account: onChain.staker,
      amount: onChain.amount.toString(),
      unlockAtSeconds: onChain.unlockAt.toString(),
      transactionId: null,
    });
    stake = (await findStake(ctx.db, input.onChainId))!;
  }
  if (stake.ownerKind !== 'user' || stake.ownerId !== actor.id) {
    throw new AppError(403, STAKING_MESSAGES.stakeNotYours);
  }
  if (BigInt(stake.amount) !== toBaseUnits(input.amount)) {
    throw new AppError(400, STAKING_MESSAGES.amountMismatch);
  }
  return toMyStake(stake);
}

/** GET /stake/mine: the caller's stakes, newest first, open and unstaked. */
export async function myStakes(ctx: Pick<Deps, 'db'>, actor: Actor): Promise<MyStake[]> {
  return (await listStakesOf(ctx.db, { kind: 'user', id: actor.id })).map(toMyStake);
}

/** POST /stake/withdraw/metakeep: unstake one's own stake, once the chain's clock passed its lock. */
export async function unstake(
  ctx: Deps,
  actor: Actor,
  input: { stakeId: string; consentToken?: string | undefined },
) {
  const stake = await findStake(ctx.db, input.stakeId);
  if (!stake) throw new AppError(404, STAKING_MESSAGES.stakeNotFound);
  if (stake.ownerKind !== 'user' || stake.ownerId !== actor.id) {
    throw new AppError(403, STAKING_MESSAGES.stakeNotYours);
  }
  if (stake.withdrawnAt) throw new AppError(409, STAKING_MESSAGES.alreadyWithdrawn);
  const block = await ctx.chain.publicClient.getBlock();
  if (Number(block.timestamp) * 1000 < stake.unlockAt.getTime()) {
    throw new AppError(400, STAKING_MESSAGES.locked(stake.unlockAt));
  }
  return consentOrQueue(
    ctx,
    actor,
    { type: 'withdrawStake', stakeId: stake.onChainId, amount: stake.amount },
    input.consentToken,
  );
}

/** GET /stake (admin): a page of the open stakes with their users, and the total count. */
export async function stakeListing(
  ctx: Pick<Deps, 'db'>,
  page: { page: number; limit: number },
): Promise<{ stakes: StakeListing[]; total: number }> {
  const { stakes, total } = await pageOpenStakes(ctx.db, {
    limit: page.limit,
    offset: (page.page - 1) * page.limit,
  });
  return {
    total,
    stakes: stakes.map((stake) => ({
      onChainId: stake.onChainId,
      stakedAmount: formatGets(stake.amount),
      createdAt: stake.createdAt.toISOString(),
      unlockAt: stake.unlockAt.toISOString(),
      userId: stake.user
        ? {
            _id: stake.user.id,
            profilePic: stake.user.profilePic,
            userName: stake.user.userName,
            fullName: stake.user.fullName,
            account: stake.account,
          }
        : null,
    })),
  };
}

async function treasuryUnits(ctx: Deps) {
  const read = ctx.chain.publicClient;
  const [totalStaked, pool, lockPeriod] = await Promise.all([
    read.readContract({
      address: ctx.contracts.treasure,
      abi: communityTreasureAbi,
      functionName: 'totalStaked',
    }),
    read.readContract({
      address: ctx.contracts.treasure,
      abi: communityTreasureAbi,
      functionName: 'treasuryBalance',
    }),
    read.readContract({
      address: ctx.contracts.settings,
      abi: platformSettingsAbi,
      functionName: 'lockPeriod',
    }),
  ]);
  return { totalStaked, pool, lockPeriod };
}

/** GET /stake/treasury (admin): total staked, the pool an admin may withdraw, the lock period. */
export async function treasury(ctx: Deps): Promise<Treasury> {
  const { totalStaked, pool, lockPeriod } = await treasuryUnits(ctx);
  return {
    totalStaked: formatGets(totalStaked),
    treasuryBalance: formatGets(pool),
    lockPeriod: Number(lockPeriod),
    treasureAddress: ctx.contracts.treasure,
  };
}

/**
 * POST /stake/withdraw/metakeep/admin: GETS from the pool to the admin's
 * wallet. The spec limits a withdrawal by the total staked ("Withdraw submits
 * only if the amount is ... not above the total staked"); the contract pays
 * it from the pool only (the stakes are their owners'), so an amount above
 * the pool is refused too, before a consent the chain would revert.
 */
export async function withdrawTreasuryFor(
  ctx: Deps,
  actor: Actor,
  input: { amount: string; consentToken?: string | undefined },
) {
  await requireActiveAdmin(ctx, actor);
  const units = toBaseUnits(input.amount);
  const { pool, totalStaked } = await treasuryUnits(ctx);
  if (units > totalStaked) {
    throw new AppError(400, STAKING_MESSAGES.exceedsTotalStaked(totalStaked));
  }
  if (units > pool) throw new AppError(400, STAKING_MESSAGES.treasuryShort(pool));
  return consentOrQueue(
    ctx,
    actor,
    { type: 'withdrawTreasury', amount: units.toString() },
    input.consentToken,
  );
}

/** POST /stake/deposit/metakeep/admin: GETS from the admin's wallet back into the pool. */
export async function depositTreasuryFor(
  ctx: Deps,
  actor: Actor,
  input: { amount: string; consentToken?: string | undefined },
) {
  const admin = await requireActiveAdmin(ctx, actor);
  if (!admin.account) throw new AppError(409, STAKING_MESSAGES.noWallet);
  const units = toBaseUnits(input.amount);
  await requireHeld(ctx, admin.account, units);
  return consentOrQueue(
    ctx,
    actor,
    { type: 'depositTreasury', amount: units.toString() },
    input.consentToken,
  );
}

/** POST /stake/withdraw/admin: the spec's record call after a completed withdrawal. */
export async function recordWithdrawal(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  input: { userId: string; amount: string },
): Promise<string> {
  if (input.userId !== actor.id) throw new AppError(403, STAKING_MESSAGES.notYourAdminId);
  const units = toBaseUnits(input.amount);
  if (!(await confirmTreasuryWithdrawal(ctx.db, actor.id, units.toString()))) {
    throw new AppError(404, STAKING_MESSAGES.noWithdrawal);
  }
  return STAKING_MESSAGES.withdrawn(formatGets(units));
}
