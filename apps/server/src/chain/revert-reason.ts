// Says in words why a user's call reverted: the contracts' custom errors and
// OpenZeppelin's standard ones, decoded from revert data.
import {
  BaseError,
  decodeErrorResult,
  ExecutionRevertedError,
  RawContractError,
  type Abi,
  type Hex,
} from 'viem';
import { platformAbis } from '@gets/contracts';
import { getsForPeople, TOKEN } from '@gets/schema';

const allErrors: Abi = Object.values(platformAbis)
  .flatMap((abi) => (abi as Abi).filter((item) => item.type === 'error'))
  .filter(
    (item, index, list) =>
      list.findIndex((other) => JSON.stringify(other) === JSON.stringify(item)) === index,
  );

const gets = (value: unknown) => (typeof value === 'bigint' ? getsForPeople(value) : String(value));

const WORDS: Record<string, (args: readonly unknown[]) => string> = {
  ERC20InsufficientBalance: (a) =>
    `Not enough ${TOKEN.symbol}: the balance is ${gets(a[1])}, ${gets(a[2])} needed`,
  ERC20InsufficientAllowance: (a) =>
    `The ${TOKEN.symbol} approval is too small: ${gets(a[1])} approved, ${gets(a[2])} needed`,
  ERC20InvalidReceiver: () => 'The receiving address is not valid',
  AlreadyRegistered: () => 'This wallet is already registered on the platform',
  AccessControlUnauthorizedAccount: () => 'This account is not allowed to do this',
  EnforcedPause: () => 'The platform is paused for maintenance; please try again later',
  ZeroAmount: () => 'The amount must be greater than 0',
  StakeLocked: () => 'This stake is still locked',
  StakeNotFound: () => 'This stake does not exist',
  NotStakeOwner: () => 'This stake belongs to another account',
  StakeAlreadyWithdrawn: () => 'This stake was already withdrawn',
  InsufficientTreasury: (a) =>
    `The treasury holds ${gets(a[0])}, less than the ${gets(a[1])} requested`,
  BadgeNotFound: () => 'This badge does not exist',
  BadgeIsBanned: () => 'This badge is banned',
  BadgeExpired: () => 'This badge has expired',
  NoBadgesLeft: () => 'All badges are claimed',
  NotWhitelisted: () => 'You are not whitelisted for this private badge',
  AlreadyRequested: () => 'You have already applied for this badge',
  ClaimWindowClosed: () => 'The claim period for this badge is over',
  NotSponsor: () => 'Only the badge sponsor can do this',
};

function sentence(name: string) {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Words for revert data (0x-prefixed), or null if it is empty or unknown. */
export function reasonFromRevertData(data: Hex | undefined): string | null {
  if (!data || data === '0x') return null;
  try {
    const decoded = decodeErrorResult({ abi: allErrors, data });
    const words = WORDS[decoded.errorName];
    return words ? words(decoded.args ?? []) : sentence(decoded.errorName);
  } catch {
    return null;
  }
}

/** Words for an error thrown by a viem call that reverted. */
export function reasonFromError(error: unknown): string {
  if (error instanceof BaseError) {
    let data: Hex | undefined;
    error.walk((cause) => {
      const candidate = (cause as { data?: unknown }).data;
      if (typeof candidate === 'string' && candidate.startsWith('0x')) {
        data = candidate as Hex;
        return true;
      }
      if (candidate && typeof candidate === 'object' && 'data' in candidate) {
        const inner = (candidate as { data?: unknown }).data;
        if (typeof inner === 'string' && inner.startsWith('0x')) {
          data = inner as Hex;
          return true;
        }
      }
      return false;
    });
    return reasonFromRevertData(data) ?? error.shortMessage;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Whether a failed call was the chain saying no (a revert) rather than the
 * node being unreachable: only a revert may fail a user's transaction.
 */
export function isRevert(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  return (
    error.walk(
      (cause) => cause instanceof ExecutionRevertedError || cause instanceof RawContractError,
    ) !== null
  );
}
