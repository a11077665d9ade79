// Chain actions of badges (BadgeEscrow), with what the platform records when
// each ends. Publishing is one consent: createBadge signs a GETS permit for
// the whole amount (rewards + fee) and calls createBadgeWithPermit, so no
// approve is needed first. The spec's approve-badge / approve-escrow calls map
// to approveBadgeFee / approveBadgeEscrow (plain ERC-20 approvals, for clients
// that take the spec's three steps; the permit replaces any such allowance).
import { encodeFunctionData } from 'viem';
import { z } from 'zod';
import { badgeEscrowAbi, getsTokenAbi } from '@gets/contracts';
import {
  BADGE_CREATION_FEE_GETS,
  badgeCreationFeeUnits,
  getsForPeople,
  publishTotalUnits,
  TITLE_MAX_LENGTH,
  TOKEN,
} from '@gets/schema';
import {
  chainIdField,
  defineAction,
  unitsField,
  type ContractCall,
} from '../../chain/action-definition.ts';
import type { DecodedEvent } from '../../chain/events.ts';
import type { Queryable } from '../../db/database.ts';
import { utcDateTime } from '../../mail/dates-for-people.ts';
import { findTransaction } from '../../chain/pipeline/transaction-repository.ts';
import { BANNED_BADGE_REVOCATION, revokeCredentialsOfBadge } from '../credentials/service.ts';
import {
  completePublish,
  discardPublish,
  findBadgeByChainId,
  markApproved,
  markClosed,
} from './badge-repository.ts';

const FEE = `${BADGE_CREATION_FEE_GETS} ${TOKEN.symbol}`;

const numberOfBadgesField = z
  .number()
  .int()
  .min(1)
  .max(2 ** 32 - 1);
/** Unix time in seconds, as the contract takes it. */
const secondsField = z.string().regex(/^[1-9]\d{0,19}$/);

const escrowWords = (tokensPerBadge: string, numberOfBadges: number) =>
  `${getsForPeople(publishTotalUnits(BigInt(tokensPerBadge), numberOfBadges))} (${numberOfBadges} ${
    numberOfBadges === 1 ? 'badge' : 'badges'
  } × ${getsForPeople(tokensPerBadge)} reward, plus the ${FEE} creation fee)`;

const argOf = (events: DecodedEvent[], eventName: string, arg: string) => {
  const value = events.find((e) => e.eventName === eventName)?.args[arg];
  return typeof value === 'string' ? value : null;
};

const secondsToDate = (seconds: string) => new Date(Number(seconds) * 1000);

async function transactionHashOf(tx: Queryable, transactionId: string): Promise<string | null> {
  return (await findTransaction(tx, transactionId))?.transactionHash ?? null;
}

export const createBadge = defineAction({
  schema: z.object({
    type: z.literal('createBadge'),
    name: z.string().min(1).max(TITLE_MAX_LENGTH),
    isPublic: z.boolean(),
    tokensPerBadge: unitsField,
    numberOfBadges: numberOfBadgesField,
    batchExpiry: secondsField,
  }),
  describe: (action) =>
    `Publish the ${action.isPublic ? 'public' : 'private'} badge "${action.name}": ${escrowWords(
      action.tokensPerBadge,
      action.numberOfBadges,
    )} go from your wallet into the badge escrow, and the badge is created on chain. The rewards are paid to earners on claim; what is unclaimed comes back if the badge is deleted, banned or not approved in time.`,
  async encode(action, { contracts, permit }): Promise<ContractCall[]> {
    const total = publishTotalUnits(BigInt(action.tokensPerBadge), action.numberOfBadges);
    const signed = await permit(contracts.badges, total);
    return [
      {
        to: contracts.badges,
        data: encodeFunctionData({
          abi: badgeEscrowAbi,
          functionName: 'createBadgeWithPermit',
          args: [
            action.isPublic,
            BigInt(action.tokensPerBadge),
            action.numberOfBadges,
            BigInt(action.batchExpiry),
            total,
            signed.deadline,
            signed.v,
            signed.r,
            signed.s,
          ],
        }),
        gas: 400_000n,
      },
    ];
  },
  // The badge row was written PUBLISHING with the queued transaction; the
  // outcome decides it, in the transaction that marks the outcome (once).
  async onCompleted(tx, transaction, events) {
    const onChainId = argOf(events, 'BadgeCreated', 'badgeId');
    const deadline = argOf(events, 'BadgeCreated', 'approvalDeadline');
    if (!onChainId || !deadline) return;
    await completePublish(tx, transaction.id, {
      onChainId,
      transactionHash: await transactionHashOf(tx, transaction.id),
      approvalDeadline: secondsToDate(deadline),
    });
  },
  async onFailed(tx, transaction) {
    await discardPublish(tx, transaction.id);
  },
});

const approveCall = (spender: `0x${string}`, token: `0x${string}`, amount: bigint) => ({
  to: token,
  data: encodeFunctionData({
    abi: getsTokenAbi,
    functionName: 'approve',
    args: [spender, amount],
  }),
  gas: 80_000n,
});

/** POST /metakeep/badge/approve-badge: allow the escrow the creation fee. */
export const approveBadgeFee = defineAction({
  schema: z.object({ type: z.literal('approveBadgeFee') }),
  describe: () => `Allow the badge escrow to take the ${FEE} badge creation fee from your wallet`,
  encode: (_action, { contracts }) => [
    approveCall(contracts.badges, contracts.token, badgeCreationFeeUnits()),
  ],
});

/** POST /metakeep/badge/approve-escrow: allow the escrow the rewards plus the fee. */
export const approveBadgeEscrow = defineAction({
  schema: z.object({
    type: z.literal('approveBadgeEscrow'),
    tokensPerBadge: unitsField,
    numberOfBadges: numberOfBadgesField,
  }),
  describe: (action) =>
    `Allow the badge escrow to take ${escrowWords(action.tokensPerBadge, action.numberOfBadges)} from your wallet`,
  encode: (action, { contracts }) => [
    approveCall(
      contracts.badges,
      contracts.token,
      publishTotalUnits(BigInt(action.tokensPerBadge), action.numberOfBadges),
    ),
  ],
});

/**
 * What closing a badge does to its escrow, read from the chain when consent
 * is asked, so the words say it in numbers: the slots nobody was approved
 * for are refunded (with a fee still held), the approved, unclaimed ones stay
 * for their earners until their claim deadline.
 */
const closingTermsField = z
  .object({
    tokensPerBadge: unitsField,
    unawarded: z.number().int().min(0),
    approvedUnclaimed: z.number().int().min(0),
    feeHeld: z.boolean(),
  })
  .optional();
type ClosingTerms = NonNullable<z.output<typeof closingTermsField>>;

const badgesWord = (count: number) => `${count} ${count === 1 ? 'badge' : 'badges'}`;

/** The words of what a closing leaves to approved earners who have not claimed yet. */
function keptWords(terms: ClosingTerms, backTo: string): string {
  if (terms.approvedUnclaimed === 0) return 'No approved earner is waiting to claim.';
  const who =
    terms.approvedUnclaimed === 1
      ? 'The 1 approved earner who has not claimed yet keeps'
      : `The ${terms.approvedUnclaimed} approved earners who have not claimed yet keep`;
  return `${who} the ${getsForPeople(terms.tokensPerBadge)} reward and can still claim until the claim deadline; a reward left unclaimed by then goes back to ${backTo}.`;
}

const badgeCall = (
  to: `0x${string}`,
  functionName: 'deleteBadge' | 'banBadge' | 'removeUnapprovedBadge',
  badgeId: string,
): ContractCall => ({
  to,
  data: encodeFunctionData({ abi: badgeEscrowAbi, functionName, args: [BigInt(badgeId)] }),
  gas: 200_000n,
});

/** An admin approves a pending badge until expiryDate; the held fee goes to the treasury. */
export const approveBadge = defineAction({
  schema: z.object({
    type: z.literal('approveBadge'),
    badgeId: chainIdField,
    name: z.string().max(TITLE_MAX_LENGTH),
    expiryDate: secondsField,
  }),
  describe: (action) =>
    `Approve the badge "${action.name}" (GETS ${action.badgeId}) for earners until ${utcDateTime(secondsToDate(action.expiryDate))}; its ${FEE} creation fee goes to the treasury`,
  encode: (action, { contracts }) => [
    {
      to: contracts.badges,
      data: encodeFunctionData({
        abi: badgeEscrowAbi,
        functionName: 'approveBadge',
        args: [BigInt(action.badgeId), BigInt(action.expiryDate)],
      }),
      gas: 150_000n,
    },
  ],
  async onCompleted(tx, _transaction, events) {
    const badgeId = argOf(events, 'BadgeApproved', 'badgeId');
    const expiry = argOf(events, 'BadgeApproved', 'expiryDate');
    if (badgeId && expiry) await markApproved(tx, badgeId, secondsToDate(expiry));
  },
});

/**
 * An admin bans a badge: the rewards of slots nobody was approved for go back
 * to the sponsor at once; approved earners can still claim theirs.
 */
export const banBadge = defineAction({
  schema: z.object({
    type: z.literal('banBadge'),
    badgeId: chainIdField,
    name: z.string().max(TITLE_MAX_LENGTH),
    terms: closingTermsField,
  }),
  describe: ({ name, badgeId, terms }) => {
    const head = `Ban the badge "${name}" (GETS ${badgeId}): no more applications or approvals, and the Open Badges credentials of its earners read revoked.`;
    if (!terms) {
      return `${head} The rewards of the badges nobody was approved for go back to the sponsor; approved earners can still claim theirs until their claim deadline.`;
    }
    const refund = BigInt(terms.tokensPerBadge) * BigInt(terms.unawarded);
    const back =
      terms.unawarded > 0
        ? `${getsForPeople(refund)} goes back to the sponsor: the rewards of the ${badgesWord(terms.unawarded)} nobody was approved for.`
        : 'Nothing goes back to the sponsor now: every badge was awarded.';
    const fee = terms.feeHeld ? ` The ${FEE} creation fee goes to the treasury.` : '';
    return `${head} ${back}${fee} ${keptWords(terms, 'the sponsor')}`;
  },
  encode: (action, { contracts }) => [badgeCall(contracts.badges, 'banBadge', action.badgeId)],
  async onCompleted(tx, _transaction, events) {
    const badgeId = argOf(events, 'BadgeBanned', 'badgeId');
    if (!badgeId) return;
    await markClosed(tx, badgeId, 'BANNED');
    // The awards of a banned badge are no longer vouched for: their credentials show revoked.
    const badge = await findBadgeByChainId(tx, badgeId);
    if (badge) await revokeCredentialsOfBadge(tx, badge.id, BANNED_BADGE_REVOCATION);
  },
});

/**
 * The sponsor deletes their badge: the rewards of slots nobody was approved
 * for (and a held fee) come back; approved earners can still claim theirs.
 */
export const deleteBadge = defineAction({
  schema: z.object({
    type: z.literal('deleteBadge'),
    badgeId: chainIdField,
    name: z.string().max(TITLE_MAX_LENGTH),
    terms: closingTermsField,
  }),
  describe: ({ name, badgeId, terms }) => {
    const head = `Delete the badge "${name}" (GETS ${badgeId}): no one can apply for it or be approved any more.`;
    if (!terms) {
      return `${head} The rewards of the badges nobody was approved for (and the creation fee, if it is not approved yet) come back to your wallet; earners you approved can still claim theirs until their claim deadline.`;
    }
    const refund =
      BigInt(terms.tokensPerBadge) * BigInt(terms.unawarded) +
      (terms.feeHeld ? badgeCreationFeeUnits() : 0n);
    const back =
      refund > 0n
        ? `${getsForPeople(refund)} comes back to your wallet now: the rewards of the ${badgesWord(terms.unawarded)} nobody was approved for${terms.feeHeld ? `, plus the ${FEE} creation fee` : ''}.`
        : 'Nothing comes back now: every badge was awarded.';
    return `${head} ${back} ${keptWords(terms, 'you')}`;
  },
  encode: (action, { contracts }) => [badgeCall(contracts.badges, 'deleteBadge', action.badgeId)],
  async onCompleted(tx, _transaction, events) {
    const badgeId = argOf(events, 'BadgeDeleted', 'badgeId');
    if (badgeId) await markClosed(tx, badgeId, 'DELETED');
  },
});

/** The platform removes a badge no admin approved within the approval period (full refund). */
export const removeUnapprovedBadge = defineAction({
  schema: z.object({ type: z.literal('removeUnapprovedBadge'), badgeId: chainIdField }),
  describe: (action) =>
    `Remove badge GETS ${action.badgeId}, not approved within the approval period, and refund its sponsor`,
  encode: (action, { contracts }) => [
    badgeCall(contracts.badges, 'removeUnapprovedBadge', action.badgeId),
  ],
  async onCompleted(tx, _transaction, events) {
    const badgeId = argOf(events, 'BadgeRemoved', 'badgeId');
    if (badgeId) await markClosed(tx, badgeId, 'REMOVED');
  },
});

export const badgeActions = [
  createBadge,
  approveBadgeFee,
  approveBadgeEscrow,
  approveBadge,
  banBadge,
  deleteBadge,
  removeUnapprovedBadge,
] as const;
