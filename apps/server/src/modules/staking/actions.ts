// Chain actions of the Community Treasure: allowing it to take GETS, staking
// (one consent: a GETS permit instead of an approve first), unstaking, and the
// admin's treasury withdrawals and re-deposits. Completion effects record the
// stake by the id the chain gave it, in the transaction that marks it done.
import { encodeFunctionData } from 'viem';
import { z } from 'zod';
import { communityTreasureAbi, getsTokenAbi } from '@gets/contracts';
import { getsForPeople } from '@gets/schema';
import { chainIdField, defineAction, unitsField } from '../../chain/action-definition.ts';
import { insertStake, insertTreasuryMovement, markStakeWithdrawn } from './stake-repository.ts';

export const approveStake = defineAction({
  schema: z.object({ type: z.literal('approveStake'), amount: unitsField }),
  describe: (action) =>
    `Allow the Community Treasure to take ${getsForPeople(action.amount)} from your wallet`,
  encode: (action, { contracts }) => [
    {
      to: contracts.token,
      data: encodeFunctionData({
        abi: getsTokenAbi,
        functionName: 'approve',
        args: [contracts.treasure, BigInt(action.amount)],
      }),
      gas: 80_000n,
    },
  ],
});

export const stake = defineAction({
  schema: z.object({ type: z.literal('stake'), amount: unitsField }),
  describe: (action) => `Stake ${getsForPeople(action.amount)} into the Community Treasure`,
  leadingEvent: 'Staked',
  encode: async (action, { contracts, permit }) => {
    const signature = await permit(contracts.treasure, BigInt(action.amount));
    return [
      {
        to: contracts.treasure,
        data: encodeFunctionData({
          abi: communityTreasureAbi,
          functionName: 'stakeWithPermit',
          args: [BigInt(action.amount), signature.deadline, signature.v, signature.r, signature.s],
        }),
        gas: 300_000n,
      },
    ];
  },
  async onCompleted(tx, transaction, events) {
    if (transaction.ownerKind === 'system') return;
    for (const staked of events.filter((e) => e.eventName === 'Staked')) {
      await insertStake(tx, {
        onChainId: String(staked.args.stakeId),
        ownerKind: transaction.ownerKind,
        ownerId: transaction.ownerId,
        account: String(staked.args.staker),
        amount: String(staked.args.amount),
        unlockAtSeconds: String(staked.args.unlockAt),
        transactionId: transaction.id,
      });
    }
  },
});

/** Unstake: one stake, in full, once its lock has ended. */
export const withdrawStake = defineAction({
  schema: z.object({
    type: z.literal('withdrawStake'),
    stakeId: chainIdField,
    /** For the consent's words; the chain pays what the stake holds. */
    amount: unitsField,
  }),
  describe: (action) =>
    `Unstake ${getsForPeople(action.amount)} (stake #${action.stakeId.padStart(2, '0')}) from the Community Treasure back to your wallet`,
  encode: (action, { contracts }) => [
    {
      to: contracts.treasure,
      data: encodeFunctionData({
        abi: communityTreasureAbi,
        functionName: 'withdraw',
        args: [BigInt(action.stakeId)],
      }),
      gas: 150_000n,
    },
  ],
  async onCompleted(tx, transaction, events) {
    for (const withdrawn of events.filter((e) => e.eventName === 'StakeWithdrawn')) {
      await markStakeWithdrawn(tx, String(withdrawn.args.stakeId), transaction.id);
    }
  },
});

/** The admin takes GETS from the treasury pool (never from stakes) into their wallet. */
export const withdrawTreasury = defineAction({
  schema: z.object({ type: z.literal('withdrawTreasury'), amount: unitsField }),
  describe: (action) =>
    `Withdraw ${getsForPeople(action.amount)} from the Community Treasure to your wallet`,
  encode: (action, { contracts }) => [
    {
      to: contracts.treasure,
      data: encodeFunctionData({
        abi: communityTreasureAbi,
        functionName: 'withdrawTreasury',
        args: [BigInt(action.amount)],
      }),
      gas: 120_000n,
    },
  ],
  async onCompleted(tx, transaction) {
    if (transaction.ownerKind !== 'admin' || transaction.action.type !== 'withdrawTreasury') return;
    await insertTreasuryMovement(tx, {
      transactionId: transaction.id,
      adminId: transaction.ownerId,
      kind: 'WITHDRAW',
      amount: transaction.action.amount,
    });
  },
});

/** The admin puts GETS from their wallet back into the treasury pool (one consent, a permit). */
export const depositTreasury = defineAction({
  schema: z.object({ type: z.literal('depositTreasury'), amount: unitsField }),
  describe: (action) =>
    `Re-deposit ${getsForPeople(action.amount)} from your wallet into the Community Treasure`,
  encode: async (action, { contracts, permit }) => {
    const signature = await permit(contracts.treasure, BigInt(action.amount));
    return [
      {
        to: contracts.treasure,
        data: encodeFunctionData({
          abi: communityTreasureAbi,
          functionName: 'depositTreasuryWithPermit',
          args: [BigInt(action.amount), signature.deadline, signature.v, signature.r, signature.s],
        }),
        gas: 200_000n,
      },
    ];
  },
  async onCompleted(tx, transaction) {
    if (transaction.ownerKind !== 'admin' || transaction.action.type !== 'depositTreasury') return;
    await insertTreasuryMovement(tx, {
      transactionId: transaction.id,
      adminId: transaction.ownerId,
      kind: 'DEPOSIT',
      amount: transaction.action.amount,
    });
  },
});

export const stakingActions = [
  approveStake,
  stake,
  withdrawStake,
  withdrawTreasury,
  depositTreasury,
] as const;
