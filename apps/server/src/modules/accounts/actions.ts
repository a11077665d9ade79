// Chain actions of accounts: registering a wallet in the UserRegistry.
import { encodeFunctionData } from 'viem';
import { z } from 'zod';
import { userRegistryAbi } from '@gets/contracts';
import { defineAction } from '../../chain/action-definition.ts';

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
    await tx.query('UPDATE users SET on_chain_id = $2, updated_at = now() WHERE id = $1', [
      transaction.ownerId,
      registered.args.userId,
    ]);
  },
});

export const accountActions = [registerUser] as const;
