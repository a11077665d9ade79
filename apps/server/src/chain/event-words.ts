// The platform's contract events in words, for the transaction page: "Transfer
// of 1,000 GETS from 0x12ab...34cd to 0x56ef...78ab", "Badge 12 published by
// ...". Words only from what the log itself holds: the page is public, so it
// names wallets by address, never by the person the platform knows them as.
import { zeroAddress } from 'viem';
import type { ContractName } from '@gets/contracts';
import { getsForPeople } from '@gets/schema';
import { utcDateTime } from '../mail/dates-for-people.ts';
import { shortAddress } from './action-definition.ts';
import type { DecodedEvent } from './events.ts';

/** How the page names each platform contract. */
export const CONTRACT_LABELS: Record<ContractName, string> = {
  forwarder: 'Platform forwarder',
  token: 'GETS token',
  settings: 'Platform settings',
  registry: 'User registry',
  badges: 'Badge escrow',
  badgeToken: 'Badge token',
  treasure: 'Community Treasure',
};

type Args = DecodedEvent['args'];
type Words = (args: Args) => string;

const text = (args: Args, name: string) => String(args[name] ?? '');
const who = (args: Args, name: string) => shortAddress(text(args, name));
const gets = (args: Args, name: string) => getsForPeople(text(args, name));
/** A chain time (seconds) as "2026-11-26 14:05 UTC". */
const time = (args: Args, name: string) => utcDateTime(new Date(Number(text(args, name)) * 1000));
const refund = (args: Args, name = 'refund') =>
  text(args, name) === '0' ? '' : `; ${gets(args, name)} went back to the sponsor`;
const request = (args: Args) =>
  `Request ${text(args, 'requestId')} for badge ${text(args, 'badgeId')}`;
const days =
  (what: string): Words =>
  (a) =>
    `${what} changed from ${text(a, 'oldDays')} to ${text(a, 'newDays')} days`;
const paused: Words = (a) => `Paused by ${who(a, 'account')}`;
const unpaused: Words = (a) => `Unpaused by ${who(a, 'account')}`;

const WORDS: Partial<Record<ContractName, Record<string, Words>>> = {
  token: {
    Transfer: (a) =>
      text(a, 'from') === zeroAddress
        ? `${gets(a, 'value')} minted to ${who(a, 'to')}`
        : `Transfer of ${gets(a, 'value')} from ${who(a, 'from')} to ${who(a, 'to')}`,
    Approval: (a) =>
      `Approval: ${who(a, 'spender')} may spend ${gets(a, 'value')} of ${who(a, 'owner')}`,
    Minted: (a) => `${gets(a, 'amount')} minted to ${who(a, 'to')}`,
  },
  badgeToken: {
    Transfer: (a) =>
      text(a, 'from') === zeroAddress
        ? `Badge token #${text(a, 'tokenId')} minted to ${who(a, 'to')}`
        : `Badge token #${text(a, 'tokenId')} moved from ${who(a, 'from')} to ${who(a, 'to')}`,
  },
  badges: {
    BadgeCreated: (a) =>
      `Badge ${text(a, 'badgeId')} published by ${who(a, 'sponsor')}: ${text(a, 'numberOfBadges')} ${a.isPublic ? 'public' : 'private'} badges of ${gets(a, 'tokensPerBadge')} each, held in escrow`,
    BadgeApproved: (a) =>
      `Badge ${text(a, 'badgeId')} approved; fee of ${gets(a, 'feePaid')} paid to the treasury`,
    BadgeBanned: (a) => `Badge ${text(a, 'badgeId')} banned${refund(a)}`,
    BadgeDeleted: (a) => `Badge ${text(a, 'badgeId')} deleted${refund(a)}`,
    BadgeRemoved: (a) => `Badge ${text(a, 'badgeId')} removed, not approved in time${refund(a)}`,
    EarnerWhitelisted: (a) => `${who(a, 'earner')} whitelisted for badge ${text(a, 'badgeId')}`,
    BadgeRequested: (a) => `${request(a)} made by ${who(a, 'earner')}`,
    RequestApproved: (a) =>
      `${request(a)} by ${who(a, 'earner')} approved; claimable until ${time(a, 'claimDeadline')}`,
    RequestRejected: (a) => `${request(a)} by ${who(a, 'earner')} rejected`,
    ApprovalExpired: (a) =>
      `Approval of ${request(a).toLowerCase()} by ${who(a, 'earner')} lapsed unclaimed${refund(a)}`,
    BadgeClaimed: (a) =>
      `Badge ${text(a, 'badgeId')} claimed by ${who(a, 'earner')}: badge token #${text(a, 'tokenId')} and ${gets(a, 'amount')}`,
    Paused: paused,
    Unpaused: unpaused,
  },
  treasure: {
    Staked: (a) =>
      `Stake ${text(a, 'stakeId')}: ${gets(a, 'amount')} staked by ${who(a, 'staker')}, locked until ${time(a, 'unlockAt')}`,
    StakeWithdrawn: (a) =>
      `Stake ${text(a, 'stakeId')} withdrawn: ${gets(a, 'amount')} back to ${who(a, 'staker')}`,
    TreasuryDeposited: (a) =>
      `${gets(a, 'amount')} deposited into the Community Treasure by ${who(a, 'admin')}`,
    TreasuryWithdrawn: (a) =>
      `${gets(a, 'amount')} withdrawn from the Community Treasure by ${who(a, 'admin')}`,
    Paused: paused,
    Unpaused: unpaused,
  },
  settings: {
    ClaimPeriodUpdated: days('Claim period'),
    ApprovalPeriodUpdated: days('Approval period'),
    LockPeriodUpdated: days('Lock period'),
    TreasuryUpdated: (a) =>
      `Treasury changed from ${who(a, 'oldTreasury')} to ${who(a, 'newTreasury')}`,
  },
  registry: {
    UserRegistered: (a) => `User ${text(a, 'userId')} registered with wallet ${who(a, 'account')}`,
  },
  forwarder: {
    ExecutedForwardRequest: (a) =>
      `Request of ${who(a, 'signer')} (nonce ${text(a, 'nonce')}) ${a.success ? 'executed' : 'failed'}`,
  },
};

/** The words of one decoded event of a platform contract. */
export function eventInWords(contract: ContractName, event: DecodedEvent): string {
  const words = WORDS[contract]?.[event.eventName];
  if (words) return words(event.args);
  return `${event.eventName} on the ${CONTRACT_LABELS[contract]}`;
}

/** A log nobody could decode: another contract's, or not in the platform's ABIs. */
export function unknownEventInWords(address: string, contract: ContractName | null): string {
  return contract
    ? `Unknown event of the ${CONTRACT_LABELS[contract]}`
    : `Unknown event of contract ${shortAddress(address)}`;
}
