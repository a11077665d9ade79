// Chain actions of applications (BadgeEscrow), with what the platform records
// when each ends: the sponsor whitelists earners on a private badge
// (whitelist-actions.ts), the earner requests (applies for) a badge, the
// sponsor approves and rejects many requests in one call, the earner claims
// (badge token and reward in one call), and the platform releases approvals
// that lapsed unclaimed.
import { encodeFunctionData, getAddress } from 'viem';
import { z } from 'zod';
import { badgeEscrowAbi } from '@gets/contracts';
import { getsForPeople, MAX_APPLICATIONS_PER_REVIEW, TITLE_MAX_LENGTH } from '@gets/schema';
import {
  chainIdField,
  defineAction,
  unitsField,
  type ContractCall,
} from '../../chain/action-definition.ts';
import type { DecodedEvent } from '../../chain/events.ts';
import type { Queryable } from '../../db/database.ts';
import { findUserById } from '../accounts/user-repository.ts';
import { findBadge, lockBadgeStatus } from '../badges/badge-repository.ts';
import { claimChainProof } from '../credentials/claim-chain-proof.ts';
import {
  BANNED_BADGE_REVOCATION,
  issueCredential,
  revokeCredentialsOfBadge,
} from '../credentials/service.ts';
import {
  completeClaim,
  completeRelease,
  completeRequest,
  completeReview,
  discardRequest,
  endClaim,
  endRelease,
  endReview,
  type StoredApplication,
} from './application-repository.ts';
import { whitelistEarner, whitelistEarners, whitelistInvitees } from './whitelist-actions.ts';

const badgeNameField = z.string().min(1).max(TITLE_MAX_LENGTH);
const requestIdsField = z.array(chainIdField).min(1).max(MAX_APPLICATIONS_PER_REVIEW);

/** One call of the badge escrow, with the gas the forwarder hands it. */
const escrowCall = (to: `0x${string}`, data: `0x${string}`, gas: bigint): ContractCall => ({
  to,
  data,
  gas,
});

const eventsNamed = (events: DecodedEvent[], eventName: string) =>
  events.filter((event) => event.eventName === eventName);
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** The earner applies: the request is recorded on chain for the sponsor to review. */
export const requestBadge = defineAction({
  schema: z.object({
    type: z.literal('requestBadge'),
    badgeId: chainIdField,
    name: badgeNameField,
  }),
  describe: (action) =>
    `Apply for the badge "${action.name}" (GETS ${action.badgeId}): your application is recorded on chain for its sponsor to review`,
  encode: (action, { contracts }) => [
    escrowCall(
      contracts.badges,
      encodeFunctionData({
        abi: badgeEscrowAbi,
        functionName: 'requestBadge',
        args: [BigInt(action.badgeId)],
      }),
      150_000n,
    ),
  ],
  // The application was written REQUESTING with the queued transaction; the
  // outcome decides it, in the transaction that marks the outcome (once).
  async onCompleted(tx, transaction, events) {
    const requestId = text(eventsNamed(events, 'BadgeRequested')[0]?.args.requestId);
    if (requestId) await completeRequest(tx, transaction.id, requestId);
  },
  async onFailed(tx, transaction) {
    await discardRequest(tx, transaction.id);
  },
});

/** The sponsor approves (true) or rejects (false) pending requests, one call for all. */
export const processRequests = defineAction({
  schema: z
    .object({
      type: z.literal('processRequests'),
      requestIds: requestIdsField,
      approvals: z.array(z.boolean()).min(1).max(MAX_APPLICATIONS_PER_REVIEW),
      /** The badges concerned, for the words of the consent. */
      badgeNames: z.array(badgeNameField).min(1).max(MAX_APPLICATIONS_PER_REVIEW),
    })
    .refine((action) => action.requestIds.length === action.approvals.length, {
      message: 'one approval per request',
    }),
  describe(action) {
    const approved = action.approvals.filter(Boolean).length;
    const rejected = action.approvals.length - approved;
    const parts = [
      ...(approved > 0 ? [`approve ${plural(approved, 'application')}`] : []),
      ...(rejected > 0 ? [`reject ${plural(rejected, 'application')}`] : []),
    ];
    const words = parts.join(' and ');
    const badges = action.badgeNames.map((name) => `"${name}"`).join(', ');
    return `${words.charAt(0).toUpperCase()}${words.slice(1)} for ${badges}${
      approved > 0
        ? ': each approved earner may claim the badge and its reward within the claim period, and each approval takes one of the badges left'
        : ''
    }`;
  },
  encode: (action, { contracts }) => [
    escrowCall(
      contracts.badges,
      encodeFunctionData({
        abi: badgeEscrowAbi,
        functionName: 'processRequests',
        args: [action.requestIds.map(BigInt), action.approvals],
      }),
      100_000n + 60_000n * BigInt(action.requestIds.length),
    ),
  ],
  async onCompleted(tx, transaction, events) {
    const approved = eventsNamed(events, 'RequestApproved').flatMap((event) => {
      const requestId = text(event.args.requestId);
      const deadline = text(event.args.claimDeadline);
      return requestId && deadline
        ? [{ requestId, claimDeadline: new Date(Number(deadline) * 1000) }]
        : [];
    });
    const rejected = eventsNamed(events, 'RequestRejected').flatMap((event) => {
      const requestId = text(event.args.requestId);
      return requestId ? [requestId] : [];
    });
    await completeReview(tx, transaction.id, { approved, rejected });
  },
  async onFailed(tx, transaction) {
    await endReview(tx, transaction.id);
  },
});

/** The award's facts for its Open Badges credential, from the records of the claim. */
async function issueCredentialOf(
  tx: Queryable,
  award: StoredApplication,
  chainProof: Awaited<ReturnType<typeof claimChainProof>>,
) {
  const [badge, earner] = await Promise.all([
    findBadge(tx, award.badgeId),
    findUserById(tx, award.earnerId),
  ]);
  if (!badge || !earner) throw new Error(`award ${award.id} has no badge or earner`);
  await issueCredential(tx, {
    awardId: award.id,
    earner: {
      userId: earner.id,
      email: earner.email,
      wallet: getAddress(award.earnerAddress),
      fullName: award.fullName,
    },
    badge: {
      id: badge.id,
      name: badge.name,
      description: badge.description,
      criteria: badge.awardCriteria,
      imageUrl: badge.image,
      // The badge's dates (batchExpiryDate, expiryDate) close its applications;
      // a claim closes at its application's own claim deadline (decision 0067);
      // nothing ends an award once claimed, so no validUntil.
      expiresAt: null,
    },
    sponsor: { id: badge.sponsorId, name: badge.sponsor.fullName },
    // Shared only when the earner chose to send evidence with the application.
    evidence: award.awardingCriteriaEvidence ? award.requestedEvidenceDoc : null,
    issuedAt: award.assignedAt ?? new Date(),
    chainProof,
  });
  // A reward claimed after a ban is paid (it was owed), but the platform does
  // not vouch for a banned badge: its credential reads revoked like the others.
  // Read under the badge's row lock, after a ban settling at the same moment.
  if ((await lockBadgeStatus(tx, badge.id)) === 'BANNED') {
    await revokeCredentialsOfBadge(tx, badge.id, BANNED_BADGE_REVOCATION);
  }
}

/** The approved earner claims: the badge token is minted to them and the reward paid, in one call. */
export const claimBadge = defineAction({
  schema: z.object({
    type: z.literal('claimBadge'),
    requestId: chainIdField,
    badgeId: chainIdField,
    name: badgeNameField,
    reward: unitsField,
  }),
  describe: (action) =>
    `Claim the badge "${action.name}" (GETS ${action.badgeId}): its soul-bound badge token is minted to your wallet and its ${getsForPeople(action.reward)} reward is paid to you from the badge escrow`,
  encode: (action, { contracts }) => [
    escrowCall(
      contracts.badges,
      encodeFunctionData({
        abi: badgeEscrowAbi,
        functionName: 'claimBadge',
        args: [BigInt(action.requestId)],
      }),
      350_000n,
    ),
  ],
  // The award and its credential exist exactly when the claim does: recorded
  // in the transaction that marks the claim COMPLETED.
  async onCompleted(tx, transaction, events) {
    const claimed = eventsNamed(events, 'BadgeClaimed')[0];
    const requestId = text(claimed?.args.requestId);
    const tokenId = text(claimed?.args.tokenId);
    const amount = text(claimed?.args.amount);
    if (!requestId || !tokenId || !amount) return;
    const chainProof = await claimChainProof(tx, transaction, events);
    const award = await completeClaim(tx, transaction.id, {
      requestId,
      tokenId,
      amount,
      transactionHash: chainProof.transactionHash,
    });
    if (award) await issueCredentialOf(tx, award, chainProof);
  },
  async onFailed(tx, transaction) {
    await endClaim(tx, transaction.id);
  },
});

/**
 * The platform releases approvals whose claim period ended unclaimed: on a
 * live badge the slot can be awarded again (the reward stays in its escrow);
 * on a deleted or banned badge, which awards nobody else, the contract pays
 * the reward back to the sponsor. Decided by the contract, once, per request.
 */
export const releaseExpiredApprovals = defineAction({
  schema: z.object({ type: z.literal('releaseExpiredApprovals'), requestIds: requestIdsField }),
  describe: (action) =>
    `Release ${plural(action.requestIds.length, 'approval')} not claimed within the claim period: on a live badge the slot can be awarded again; on a deleted or banned badge the reward goes back to its sponsor`,
  encode: (action, { contracts }) => [
    escrowCall(
      contracts.badges,
      encodeFunctionData({
        abi: badgeEscrowAbi,
        functionName: 'releaseExpiredApprovals',
        args: [action.requestIds.map(BigInt)],
      }),
      // A release on a closed badge also pays its sponsor back (one more transfer).
      60_000n + 70_000n * BigInt(action.requestIds.length),
    ),
  ],
  async onCompleted(tx, transaction, events) {
    const released = eventsNamed(events, 'ApprovalExpired').flatMap((event) => {
      const requestId = text(event.args.requestId);
      return requestId ? [requestId] : [];
    });
    await completeRelease(tx, transaction.id, released);
  },
  async onFailed(tx, transaction) {
    await endRelease(tx, transaction.id);
  },
});

export const applicationActions = [
  whitelistEarner,
  whitelistEarners,
  whitelistInvitees,
  requestBadge,
  processRequests,
  claimBadge,
  releaseExpiredApprovals,
] as const;
