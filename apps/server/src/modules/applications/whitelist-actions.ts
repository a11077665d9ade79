// The whitelist actions of a private badge (BadgeEscrow.whitelistEarners):
// one earner's wallet the sponsor typed, many (a CSV file's wallets), and the
// invitees who accepted their invitation (decision 0063), whose wallets the
// server found and the sponsor is never shown. Each whitelisted earner is
// mailed the badge's link once their part is on chain.
import { encodeFunctionData } from 'viem';
import { z } from 'zod';
import { badgeEscrowAbi } from '@gets/contracts';
import { TITLE_MAX_LENGTH, WHITELIST_CSV_MAX_ROWS } from '@gets/schema';
import {
  addressField,
  chainIdField,
  defineAction,
  shortAddress,
} from '../../chain/action-definition.ts';
import { queueWhitelistedMails } from './whitelist-mail.ts';

const badgeNameField = z.string().min(1).max(TITLE_MAX_LENGTH);
/** The badge's page the whitelisted earners are mailed (absent on actions queued before it was). */
const badgeUrlField = z.string().max(2048).optional();
const plural = (count: number, one: string) => `${count} ${count === 1 ? one : `${one}s`}`;

/**
 * Earners one whitelist transaction holds: each costs a new storage slot and
 * an event (about 25,000 gas, budgeted at 30,000), so 500 take about half of
 * a 30M-gas block and leave room for others' requests in the same batch.
 */
export const WHITELIST_EARNERS_PER_TRANSACTION = 500;
const WHITELIST_GAS_PER_EARNER = 30_000n;

/** The gas one whitelisting transaction of `earners` wallets is budgeted. */
const whitelistGas = (earners: number) => 60_000n + WHITELIST_GAS_PER_EARNER * BigInt(earners);

/** whitelistEarners(badgeId, earners) on the badge escrow, with gas for each earner. */
const whitelistCall = (badges: `0x${string}`, badgeId: string, earners: `0x${string}`[]) => ({
  to: badges,
  data: encodeFunctionData({
    abi: badgeEscrowAbi,
    functionName: 'whitelistEarners',
    args: [BigInt(badgeId), earners],
  }),
  gas: whitelistGas(earners.length),
});

/** The wallets of a whitelisting of many, in parts: one chain transaction per 500. */
const whitelistParts = (wallets: `0x${string}`[]) =>
  Array.from({ length: Math.ceil(wallets.length / WHITELIST_EARNERS_PER_TRANSACTION) }, (_, i) =>
    wallets.slice(
      i * WHITELIST_EARNERS_PER_TRANSACTION,
      (i + 1) * WHITELIST_EARNERS_PER_TRANSACTION,
    ),
  );

/** The sponsor lets one earner request their private badge. */
export const whitelistEarner = defineAction({
  schema: z.object({
    type: z.literal('whitelistEarner'),
    badgeId: chainIdField,
    name: badgeNameField,
    earner: addressField,
    badgeUrl: badgeUrlField,
  }),
  describe: (action) =>
    `Whitelist the wallet ${shortAddress(action.earner)} for your private badge "${action.name}" (GETS ${action.badgeId}), so that earner can apply for it`,
  encode: (action, { contracts }) => [
    whitelistCall(contracts.badges, action.badgeId, [action.earner]),
  ],
  // Whitelisted now: the earner is mailed the badge's link, where they apply.
  async onCompleted(tx, { action }) {
    await queueWhitelistedMails(tx, {
      badgeId: action.badgeId,
      earners: [action.earner],
      badgeName: action.name,
      badgeUrl: action.badgeUrl,
    });
  },
});

/**
 * The sponsor lets many earners request their private badge (a whitelist
 * CSV): one consent; queued as one chain transaction per 500 earners.
 */
export const whitelistEarners = defineAction({
  schema: z.object({
    type: z.literal('whitelistEarners'),
    badgeId: chainIdField,
    name: badgeNameField,
    earners: z.array(addressField).min(1).max(WHITELIST_CSV_MAX_ROWS),
    badgeUrl: badgeUrlField,
  }),
  describe: (action) =>
    `Whitelist ${plural(action.earners.length, 'earner')} for your private badge "${action.name}" (GETS ${action.badgeId}), so ${
      action.earners.length === 1 ? 'that earner' : 'they'
    } can apply for it${
      action.earners.length > WHITELIST_EARNERS_PER_TRANSACTION
        ? ` (${Math.ceil(action.earners.length / WHITELIST_EARNERS_PER_TRANSACTION)} transactions)`
        : ''
    }`,
  encode: (action, { contracts }) => [
    whitelistCall(contracts.badges, action.badgeId, action.earners),
  ],
  // Each part's earners are mailed the badge's link once their part is on chain.
  async onCompleted(tx, { action }) {
    await queueWhitelistedMails(tx, {
      badgeId: action.badgeId,
      earners: action.earners,
      badgeName: action.name,
      badgeUrl: action.badgeUrl,
    });
  },
  split: (action) => whitelistParts(action.earners).map((earners) => ({ ...action, earners })),
  partGas: (part) => whitelistGas(part.earners.length),
});

/**
 * The sponsor whitelists the invitees of a private badge who accepted their
 * invitation on the platform (decision 0063): one consent, which names how
 * many and never a wallet; the server found the wallets, and the sponsor's
 * status answer leaves them out (modules/transactions/service.ts), since the
 * sponsor gave none of them.
 */
export const whitelistInvitees = defineAction({
  schema: z.object({
    type: z.literal('whitelistInvitees'),
    badgeId: chainIdField,
    name: badgeNameField,
    invitees: z.array(addressField).min(1).max(WHITELIST_CSV_MAX_ROWS),
    badgeUrl: badgeUrlField,
  }),
  describe: (action) => {
    const count = action.invitees.length;
    return `Whitelist ${plural(count, 'invitee')} who accepted your invitation to your private badge "${action.name}" (GETS ${action.badgeId}), so they can apply for it: ${count === 1 ? 'their wallet goes' : 'their wallets go'} on the badge's whitelist on chain${
      count > WHITELIST_EARNERS_PER_TRANSACTION
        ? ` (${Math.ceil(count / WHITELIST_EARNERS_PER_TRANSACTION)} transactions)`
        : ''
    }`;
  },
  encode: (action, { contracts }) => [
    whitelistCall(contracts.badges, action.badgeId, action.invitees),
  ],
  // Each part's invitees are mailed the badge's link once their part is on chain.
  async onCompleted(tx, { action }) {
    await queueWhitelistedMails(tx, {
      badgeId: action.badgeId,
      earners: action.invitees,
      badgeName: action.name,
      badgeUrl: action.badgeUrl,
    });
  },
  split: (action) => whitelistParts(action.invitees).map((invitees) => ({ ...action, invitees })),
  partGas: (part) => whitelistGas(part.invitees.length),
});
