// Chain actions of GETS itself: sending tokens from one's wallet.
import { encodeFunctionData } from 'viem';
import { z } from 'zod';
import { getsTokenAbi } from '@gets/contracts';
import { getsForPeople } from '@gets/schema';
import {
  addressField,
  defineAction,
  shortAddress,
  unitsField,
} from '../../chain/action-definition.ts';

export const transferTokens = defineAction({
  schema: z.object({ type: z.literal('transferTokens'), to: addressField, amount: unitsField }),
  describe: (action) => `Send ${getsForPeople(action.amount)} to ${shortAddress(action.to)}`,
  encode: (action, { contracts }) => [
    {
      to: contracts.token,
      data: encodeFunctionData({
        abi: getsTokenAbi,
        functionName: 'transfer',
        args: [action.to, BigInt(action.amount)],
      }),
      gas: 100_000n,
    },
  ],
});

export const tokenActions = [transferTokens] as const;
