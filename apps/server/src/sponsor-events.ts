// What a sponsor's own systems hear of each chain action's outcome (issue 46):
// the events recorded, in the database transaction that marks the action
// COMPLETED or FAILED, for the webhooks' outbox and the events feed. Every
// action names its events here (none: an empty entry), so a new action cannot
// be added without deciding what sponsors are told of it.
import type { OutcomeRecorder } from './chain/action-registry.ts';
import type { DecodedEvent } from './chain/events.ts';
import type { Queryable } from './db/database.ts';
import {
  applicationFactsOf,
  credentialOfRequest,
  credentialsRevokedWith,
  recordBadgeEvent,
  recordSponsorEvent,
  sponsorTransaction,
  type ApplicationFacts,
} from './modules/integrations/event-repository.ts';
import type { ChainAction, ChainActionType } from './action-definitions.ts';

type Recorder<T extends ChainActionType> = (
  tx: Queryable,
  action: Extract<ChainAction, { type: T }>,
  events: DecodedEvent[],
  /** The sponsor who owns the transaction, or null (an earner's, an admin's, the platform's). */
  ownerSponsorId: string | null,
) => Promise<void>;

const argsOf = (events: DecodedEvent[], eventName: string, arg: string) =>
  events
    .filter((event) => event.eventName === eventName)
    .flatMap((event) => (typeof event.args[arg] === 'string' ? [event.args[arg]] : []));

/** What the sponsor's list of applications shows of one, and no more. */
const applicationData = (facts: ApplicationFacts) => ({
  applicationId: facts.applicationId,
  requestId: facts.requestId,
  badgeId: facts.badgeId,
  badgeName: facts.badgeName,
  fullName: facts.fullName,
  earnerAddress: facts.earnerAddress,
});

async function applicationEvents(
  tx: Queryable,
  type: 'application.submitted' | 'application.approved' | 'application.rejected',
  requestIds: string[],
) {
  for (const facts of await applicationFactsOf(tx, requestIds)) {
    await recordSponsorEvent(tx, facts.sponsorId, type, {
      ...applicationData(facts),
      ...(type === 'application.approved'
        ? { claimDeadline: facts.claimDeadline?.toISOString() ?? null }
        : {}),
    });
  }
}

/** Events of a completed action, by its type (a failure is told as transaction.failed only). */
const COMPLETED: { [T in ChainActionType]: Recorder<T> | null } = {
  requestBadge: (tx, _action, events) =>
    applicationEvents(tx, 'application.submitted', argsOf(events, 'BadgeRequested', 'requestId')),
  async processRequests(tx, _action, events) {
    await applicationEvents(
      tx,
      'application.approved',
      argsOf(events, 'RequestApproved', 'requestId'),
    );
    await applicationEvents(
      tx,
      'application.rejected',
      argsOf(events, 'RequestRejected', 'requestId'),
    );
  },
  async claimBadge(tx, _action, events) {
    for (const requestId of argsOf(events, 'BadgeClaimed', 'requestId')) {
      const [facts] = await applicationFactsOf(tx, [requestId]);
      const credential = await credentialOfRequest(tx, requestId);
      if (!facts) continue;
      await recordSponsorEvent(tx, facts.sponsorId, 'badge.claimed', {
        ...applicationData(facts),
        tokenId: argsOf(events, 'BadgeClaimed', 'tokenId')[0] ?? null,
        // The URLs are made absolute when the event is sent or read (events.ts).
        credentialId: credential?.credentialId ?? null,
      });
    }
  },
  async createBadge(tx, action, events, ownerSponsorId) {
    if (!ownerSponsorId) return;
    await recordSponsorEvent(tx, ownerSponsorId, 'badge.published', {
      badgeId: argsOf(events, 'BadgeCreated', 'badgeId')[0] ?? null,
      badgeName: action.name,
      isPublic: action.isPublic,
    });
  },
  approveBadge: (tx, action, events) =>
    badgeEvent(tx, action.badgeId, 'badge.approved', {
      badgeName: action.name,
      expiryDate: secondsToIso(argsOf(events, 'BadgeApproved', 'expiryDate')[0]),
    }),
  async banBadge(tx, action) {
    await badgeEvent(tx, action.badgeId, 'badge.banned', { badgeName: action.name });
    for (const revoked of await credentialsRevokedWith(tx, action.badgeId)) {
      await badgeEvent(tx, action.badgeId, 'credential.revoked', {
        badgeName: action.name,
        credentialId: revoked.credentialId,
        reason: revoked.reason,
        revokedAt: revoked.revokedAt.toISOString(),
      });
    }
  },
  whitelistEarner: (tx, action) =>
    badgeEvent(tx, action.badgeId, 'whitelist.completed', { badgeName: action.name, count: 1 }),
  whitelistEarners: (tx, action) =>
    badgeEvent(tx, action.badgeId, 'whitelist.completed', {
      badgeName: action.name,
      count: action.earners.length,
    }),
  // Wallets stay out: invitees accepted by email, and the sponsor was never shown theirs.
  whitelistInvitees: (tx, action) =>
    badgeEvent(tx, action.badgeId, 'invitation.completed', {
      badgeName: action.name,
      count: action.invitees.length,
    }),
  registerUser: null,
  releaseExpiredApprovals: null,
  approveBadgeFee: null,
  approveBadgeEscrow: null,
  deleteBadge: null,
  removeUnapprovedBadge: null,
  setPeriod: null,
  grantAdminRole: null,
  revokeAdminRole: null,
  withdrawTreasury: null,
  depositTreasury: null,
  transferTokens: null,
  approveStake: null,
  stake: null,
  withdrawStake: null,
};

const secondsToIso = (seconds: string | undefined) =>
  seconds ? new Date(Number(seconds) * 1000).toISOString() : null;

const badgeEvent = (tx: Queryable, badgeId: string, type: string, data: Record<string, unknown>) =>
  recordBadgeEvent(tx, badgeId, type, { badgeId, ...data }).then(() => undefined);

/** The sponsor's events of an outcome: the domain's, then the transaction's own. */
export const recordSponsorOutcome: OutcomeRecorder = async (tx, transaction, outcome, events) => {
  // One read, and only for a user's transaction: admins' and the platform's are no sponsor's.
  const sponsor =
    transaction.ownerKind === 'user' ? await sponsorTransaction(tx, transaction.id) : null;
  const action = transaction.action as ChainAction;
  if (outcome === 'COMPLETED') {
    const recorder = COMPLETED[action.type] as Recorder<ChainActionType> | null | undefined;
    await recorder?.(tx, action as never, events, sponsor?.sponsorId ?? null);
  }
  if (!sponsor) return;
  await recordSponsorEvent(
    tx,
    sponsor.sponsorId,
    outcome === 'COMPLETED' ? 'transaction.completed' : 'transaction.failed',
    {
      transactionId: transaction.id,
      action: action.type,
      description: transaction.description,
      transactionHash: sponsor.transactionHash,
      ...(outcome === 'FAILED' ? { reason: sponsor.failureReason } : {}),
    },
  );
};
