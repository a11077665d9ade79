// Chain actions of accounts: registering a wallet in the UserRegistry.
import { encodeFunctionData } from 'viem';
import { z } from 'zod';
import { userRegistryAbi } from '@gets/contracts';
import { defineAction } from '../../chain/action-definition.ts';
import { setUserOnChainId } from './user-repository.ts';

export const registerUser = defineAction({
  schema: z.object({ type: z.literal('registerUser') }),
  describe: () => 'Register your wallet on the platform',
  encode: (_action, { contracts }) => [
    {
      to: contracts.registry,
      data: encodeFunctionData({ abi: userRegistryAbi, functionName: 'register' }),
      gas: 120_000n,
    },
  ],
  // The registry's user id is the onChainId of spec section 3.
  async onCompleted(tx, transaction, events) {
    const registered = events.find((e) => e.eventName === 'UserRegistered');
    if (!registered || transaction.ownerKind !== 'user') return;
    await setUserOnChainId(tx, transaction.ownerId, String(registered.args.userId));
  },
});

export const accountActions = [registerUser] as const;
