// The checks the application services share: the caller (an email or
// account in the body must be theirs), the caller's own badge and whether it
// can still be awarded, the badges it has left, and what the chain says (its
// clock, its whitelist).
import { badgeEscrowAbi } from '@gets/contracts';
import { APPLICATION_MESSAGES as M, type Application } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { AUTH_MESSAGES, type Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { findUserById, type User } from '../accounts/user-repository.ts';
import type { StoredBadge } from '../badges/badge-repository.ts';
import type { StoredApplication } from './application-lookup-repository.ts';
import { toApplicationView } from './application-view.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'contracts' | 'config'>;

export const view = (ctx: Ctx, application: StoredApplication): Application =>
  toApplicationView(application, { explorerUrl: ctx.config.explorerUrl });

export const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.toLowerCase() === b.toLowerCase());

/** The chain's clock: the contract decides expiry and claim periods by block time. */
export async function chainNow(ctx: Ctx): Promise<Date> {
  const block = await ctx.chain.publicClient.getBlock({ blockTag: 'latest' });
  return new Date(Number(block.timestamp) * 1000);
}

/** The caller; an email or account in the body must be theirs. */
export async function callerOf(
  ctx: Ctx,
  actor: Actor,
  claims: { email?: string | undefined; account?: string | undefined } = {},
): Promise<User & { account: `0x${string}` }> {
  const user = await findUserById(ctx.db, actor.id);
  if (!user) throw new AppError(403, AUTH_MESSAGES.forbidden);
  if (claims.email !== undefined && claims.email.toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError(403, M.emailMismatch);
  }
  if (claims.account !== undefined && !sameAddress(claims.account, user.account)) {
    throw new AppError(403, M.accountMismatch);
  }
  if (!user.account) throw new AppError(409, M.noWallet);
  return user as User & { account: `0x${string}` };
}

/**
 * For reads of the caller's own things, which need nothing more of them than
 * the session read already holds: an account the call names must be theirs,
 * and they must have a wallet. No second read of the user per request.
 */
export function ownAccount(actor: Actor, account: string | undefined): void {
  if (account !== undefined && !sameAddress(account, actor.account)) {
    throw new AppError(403, M.accountMismatch);
  }
  if (!actor.account) throw new AppError(409, M.noWallet);
}

/** The caller's own badge, else 404 (none) or 403 (someone else's). */
export function ownBadge(actor: Actor, badge: StoredBadge | null): StoredBadge {
  if (!badge || badge.status === 'PUBLISHING' || badge.status === 'DRAFT') {
    throw new AppError(404, M.badgeNotFound);
  }
  if (badge.sponsorId !== actor.id) throw new AppError(403, M.notYourBadge);
  return badge;
}

/** Why an approved badge cannot be awarded any more, if it cannot. */
export function closedReason(badge: StoredBadge): string | null {
  if (badge.status === 'BANNED') return M.badgeBanned;
  if (badge.status !== 'VERIFIED') return M.badgeClosed;
  return null;
}

export const badgesLeft = (badge: StoredBadge) =>
  Math.max(0, badge.numberOfBadge - badge.approvedCount);

export async function isWhitelisted(ctx: Ctx, onChainId: string, earner: `0x${string}`) {
  return ctx.chain.publicClient.readContract({
    address: ctx.contracts.badges,
    abi: badgeEscrowAbi,
    functionName: 'isWhitelisted',
    args: [BigInt(onChainId), earner],
  });
}

/**
 * Wallets one eth_call asks about. A deployless multicall sends its calls as
 * init code, capped at 49,152 bytes (EIP-3860): 150 entries of about 256
 * bytes plus the multicall's own code stay under it.
 */
const WHITELIST_READS_PER_CALL = 150;
/** viem cuts the chunks by the calls' own calldata: 68 bytes per isWhitelisted. */
const IS_WHITELISTED_CALLDATA_BYTES = 68;

/**
 * Which of these wallets the badge's whitelist holds, for the calls that ask
 * about a file's or a list's worth of them (up to 5,000): in a few eth_calls
 * on the client for large reads, never one call per wallet on the
 * pipeline's client, so a sponsor's CSV cannot stall anyone's relay.
 */
export async function whitelistedAmong(
  ctx: Ctx,
  onChainId: string,
  wallets: readonly `0x${string}`[],
): Promise<Set<string>> {
  const unique = [...new Set(wallets.map((wallet) => wallet.toLowerCase() as `0x${string}`))];
  if (unique.length === 0) return new Set();
  const answers = await ctx.chain.bulkReadClient.multicall({
    contracts: unique.map((earner) => ({
      address: ctx.contracts.badges,
      abi: badgeEscrowAbi,
      functionName: 'isWhitelisted' as const,
      args: [BigInt(onChainId), earner] as const,
    })),
    allowFailure: false,
    deployless: true,
    batchSize: WHITELIST_READS_PER_CALL * IS_WHITELISTED_CALLDATA_BYTES,
  });
  return new Set(unique.filter((_, i) => answers[i]));
}
