// Every chain action of the platform, composed from the domain modules that
// define them (modules/<domain>/actions.ts) into the registry the pipeline,
// consent and the system wallet are given (AppContext.actions). A new action
// is a definition in its module and its list spread in `definitions`
// (action-definitions.ts), its line in CHAIN_AUDIT below and in what it tells
// sponsors (sponsor-events.ts): nothing else to change.
import type { AuditAction } from '@gets/schema';
import { createActionRegistry, type ActionRegistry } from './chain/action-registry.ts';
import { recordAdminChainAction, type AuditTarget } from './modules/audit/service.ts';
import { recordSponsorOutcome } from './sponsor-events.ts';
import { definitions, type ChainAction, type ChainActionType } from './action-definitions.ts';

export type { ChainAction, ChainActionType };

/**
 * What each chain action is in the audit log when an admin queues it, and its
 * target; null for the actions only users or the platform itself take.
 */
const CHAIN_AUDIT: {
  [T in ChainActionType]:
    | ((action: Extract<ChainAction, { type: T }>) => {
        action: AuditAction;
        target: AuditTarget;
      })
    | null;
} = {
  setPeriod: (a) => ({ action: 'settings.period', target: { kind: 'period', id: a.period } }),
  grantAdminRole: (a) => ({ action: 'admin.add', target: { kind: 'wallet', id: a.account } }),
  revokeAdminRole: (a) => ({ action: 'admin.remove', target: { kind: 'wallet', id: a.account } }),
  approveBadge: (a) => ({ action: 'badge.approve', target: { kind: 'badge', id: a.badgeId } }),
  banBadge: (a) => ({ action: 'badge.ban', target: { kind: 'badge', id: a.badgeId } }),
  withdrawTreasury: () => ({ action: 'treasury.withdraw', target: { kind: 'treasury', id: null } }),
  depositTreasury: () => ({ action: 'treasury.deposit', target: { kind: 'treasury', id: null } }),
  transferTokens: (a) => ({ action: 'tokens.send', target: { kind: 'wallet', id: a.to } }),
  registerUser: null,
  whitelistEarner: null,
  whitelistEarners: null,
  whitelistInvitees: null,
  requestBadge: null,
  processRequests: null,
  claimBadge: null,
  releaseExpiredApprovals: null,
  createBadge: null,
  approveBadgeFee: null,
  approveBadgeEscrow: null,
  deleteBadge: null,
  removeUnapprovedBadge: null,
  approveStake: null,
  stake: null,
  withdrawStake: null,
};

declare module './chain/action-registry.ts' {
  interface RegisteredActions {
    action: ChainAction;
  }
}

/** The platform's registry of chain actions. */
export const chainActions: ActionRegistry<ChainAction> = createActionRegistry(
  definitions,
  async (tx, admin, action, transactionId) => {
    const describe = CHAIN_AUDIT[action.type] as
      ((action: ChainAction) => { action: AuditAction; target: AuditTarget }) | null;
    if (describe) await recordAdminChainAction(tx, admin, action, transactionId, describe(action));
  },
  recordSponsorOutcome,
);
