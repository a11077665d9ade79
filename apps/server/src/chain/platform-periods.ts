// The platform periods (claim, approval, lock; whole days) as the
// PlatformSettings contract holds them: the chain is their only source.
import { platformSettingsAbi } from '@gets/contracts';
import type { PeriodName, PlatformSettingsData } from '@gets/schema';
import type { PlatformContracts } from '@gets/contracts';
import type { ChainConnection } from './chain.ts';

export const PERIOD_FIELDS = {
  claim: 'claimPeriod',
  approval: 'approvalPeriod',
  lock: 'lockPeriod',
} as const satisfies Record<PeriodName, keyof PlatformSettingsData>;

export async function readPeriods(ctx: {
  chain: ChainConnection;
  contracts: PlatformContracts;
}): Promise<PlatformSettingsData> {
  const read = (functionName: (typeof PERIOD_FIELDS)[PeriodName]) =>
    ctx.chain.publicClient.readContract({
      address: ctx.contracts.settings,
      abi: platformSettingsAbi,
      functionName,
    });
  const [claimPeriod, approvalPeriod, lockPeriod] = await Promise.all([
    read('claimPeriod'),
    read('approvalPeriod'),
    read('lockPeriod'),
  ]);
  return {
    claimPeriod: Number(claimPeriod),
    approvalPeriod: Number(approvalPeriod),
    lockPeriod: Number(lockPeriod),
  };
}
