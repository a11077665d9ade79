// The chain actions a user (or admin) can consent to: what each one says in
// words, which contract call it becomes, and how much gas its forwarded call
// may use. Later domains (badges, staking, admin) add their actions here.
import { encodeFunctionData, formatUnits, getAddress, type Address, type Hex } from 'viem';
import { z } from 'zod';
import {
  getsTokenAbi,
  userRegistryAbi,
  communityTreasureAbi,
  type PlatformContracts,
} from '@gets/contracts';
import { TOKEN } from '@gets/schema';

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((value) => getAddress(value));
/** Amounts travel as decimal strings of 18-decimal units, so JSON keeps them exact. */
const units = z.string().regex(/^[1-9]\d*$/);

export const chainActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('registerUser') }),
  z.object({ type: z.literal('transferTokens'), to: address, amount: units }),
  z.object({ type: z.literal('approveStake'), amount: units }),
  z.object({ type: z.literal('stake'), amount: units }),
]);
export type ChainAction = z.infer<typeof chainActionSchema>;

export interface ContractCall {
  to: Address;
  data: Hex;
  /** Gas the forwarder hands to the call; the relayer pays for it. */
  gas: bigint;
}

const gets = (amount: string) => `${formatUnits(BigInt(amount), TOKEN.decimals)} ${TOKEN.symbol}`;
const shortAddress = (value: string) => `${value.slice(0, 6)}...${value.slice(-4)}`;

/** What will happen, in the words the consent dialog shows. */
export function describeAction(action: ChainAction): string {
  switch (action.type) {
    case 'registerUser':
      return 'Register your wallet on the platform';
    case 'transferTokens':
      return `Send ${gets(action.amount)} to ${shortAddress(action.to)}`;
    case 'approveStake':
      return `Allow the Community Treasure to take ${gets(action.amount)} from your wallet`;
    case 'stake':
      return `Stake ${gets(action.amount)} into the Community Treasure`;
  }
}

export function encodeAction(action: ChainAction, contracts: PlatformContracts): ContractCall {
  switch (action.type) {
    case 'registerUser':
      return {
        to: contracts.registry,
        data: encodeFunctionData({ abi: userRegistryAbi, functionName: 'register' }),
        gas: 120_000n,
      };
    case 'transferTokens':
      return {
        to: contracts.token,
        data: encodeFunctionData({
          abi: getsTokenAbi,
          functionName: 'transfer',
          args: [action.to as Address, BigInt(action.amount)],
        }),
        gas: 100_000n,
      };
    case 'approveStake':
      return {
        to: contracts.token,
        data: encodeFunctionData({
          abi: getsTokenAbi,
          functionName: 'approve',
          args: [contracts.treasure, BigInt(action.amount)],
        }),
        gas: 80_000n,
      };
    case 'stake':
      return {
        to: contracts.treasure,
        data: encodeFunctionData({
          abi: communityTreasureAbi,
          functionName: 'stake',
          args: [BigInt(action.amount)],
        }),
        gas: 250_000n,
      };
  }
}
