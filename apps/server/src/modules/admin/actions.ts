// Chain actions of the admin console, signed by the admin's custodial wallet:
// the platform periods (PlatformSettings) and ADMIN_ROLE for another admin.
import { encodeFunctionData, keccak256, toHex } from 'viem';
import { z } from 'zod';
import { platformSettingsAbi } from '@gets/contracts';
import { PERIOD_DAYS } from '@gets/schema';
import {
  addressField,
  defineAction,
  shortAddress,
  type ContractCall,
} from '../../chain/action-definition.ts';
import { ADMIN_ROLE_CONTRACTS } from '../admin-auth/admin-roles.ts';
import { settleAdminRoleByAccount } from '../admin-auth/admin-repository.ts';
import { revokeSubjectSessions } from '../accounts/session-repository.ts';

export const ADMIN_ROLE = keccak256(toHex('ADMIN_ROLE'));

const PERIOD_SETTERS = {
  claim: 'setClaimPeriod',
  approval: 'setApprovalPeriod',
  lock: 'setLockPeriod',
} as const;

const PERIOD_WORDS = {
  claim: 'claim period (days earners have to claim a badge)',
  approval: 'badge approval period (days admins have to accept or reject a badge)',
  lock: 'lock period (days a stake stays in the Community Treasure)',
} as const;

export const setPeriod = defineAction({
  schema: z.object({
    type: z.literal('setPeriod'),
    period: z.enum(['claim', 'approval', 'lock']),
    days: z.number().int().min(PERIOD_DAYS.min).max(PERIOD_DAYS.max),
  }),
  describe: (action) =>
    `Set the ${PERIOD_WORDS[action.period]} to ${action.days} day${action.days === 1 ? '' : 's'}`,
  encode: (action, { contracts }) => [
    {
      to: contracts.settings,
      data: encodeFunctionData({
        abi: platformSettingsAbi,
        functionName: PERIOD_SETTERS[action.period],
        args: [action.days],
      }),
      gas: 80_000n,
    },
  ],
});

// Every platform contract inherits OpenZeppelin AccessControl, so one ABI encodes them all.
const roleCalls = (
  functionName: 'grantRole' | 'revokeRole',
  account: `0x${string}`,
  contracts: Record<(typeof ADMIN_ROLE_CONTRACTS)[number], `0x${string}`>,
): ContractCall[] =>
  ADMIN_ROLE_CONTRACTS.map((name) => ({
    to: contracts[name],
    data: encodeFunctionData({
      abi: platformSettingsAbi,
      functionName,
      args: [ADMIN_ROLE, account],
    }),
    gas: 100_000n,
  }));

/** ADMIN_ROLE on settings, badges, treasure and token: four calls, one consent. */
export const grantAdminRole = defineAction({
  schema: z.object({ type: z.literal('grantAdminRole'), account: addressField }),
  describe: (action) =>
    `Make ${shortAddress(action.account)} an administrator of the platform (ADMIN_ROLE on the settings, badges, treasure and token contracts)`,
  encode: (action, { contracts }) => roleCalls('grantRole', action.account, contracts),
  async onCompleted(tx, transaction) {
    if (transaction.action.type !== 'grantAdminRole') return;
    await settleAdminRoleByAccount(tx, transaction.action.account, 'GRANTING', 'ACTIVE');
  },
  // Nothing changed on chain: the admin stays unlisted and cannot sign in.
  async onFailed(tx, transaction) {
    if (transaction.action.type !== 'grantAdminRole') return;
    await settleAdminRoleByAccount(tx, transaction.action.account, 'GRANTING', 'PROPOSED');
  },
});

/** Takes ADMIN_ROLE back on the four contracts; the admin's sessions end with it. */
export const revokeAdminRole = defineAction({
  schema: z.object({ type: z.literal('revokeAdminRole'), account: addressField }),
  describe: (action) =>
    `Remove ${shortAddress(action.account)} as an administrator of the platform (revoke ADMIN_ROLE on the settings, badges, treasure and token contracts)`,
  encode: (action, { contracts }) => roleCalls('revokeRole', action.account, contracts),
  async onCompleted(tx, transaction) {
    if (transaction.action.type !== 'revokeAdminRole') return;
    const removed = await settleAdminRoleByAccount(
      tx,
      transaction.action.account,
      'REVOKING',
      'REMOVED',
    );
    for (const id of removed) await revokeSubjectSessions(tx, 'admin', id);
  },
  async onFailed(tx, transaction) {
    if (transaction.action.type !== 'revokeAdminRole') return;
    await settleAdminRoleByAccount(tx, transaction.action.account, 'REVOKING', 'ACTIVE');
  },
});

export const adminActions = [setPeriod, grantAdminRole, revokeAdminRole] as const;
