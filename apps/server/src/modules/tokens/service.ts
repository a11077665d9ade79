// Give tokens: GETS sent from a custodial wallet, through consent. Users send
// with POST /token/transfer-token/metakeep (their email), users and admins
// with POST /token/transfer-token (from must be their own wallet).
import { platformSettingsAbi } from '@gets/contracts';
import {
  getsForPeople,
  toBaseUnits,
  TRANSFER_MESSAGES,
  VALIDATION,
  type PlatformInfo,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { consentOrQueue } from '../../custody/consent.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { walletUnitsOf } from '../staking/balances.ts';

export const TOKEN_MESSAGES = {
  emailMismatch: 'The email does not belong to your account',
  notYourWallet: 'You can only send tokens from your own wallet',
  noWallet: 'Your account has no wallet yet',
  selfTransfer: TRANSFER_MESSAGES.selfTransfer,
  contractRecipient: TRANSFER_MESSAGES.contractRecipient,
  zeroRecipient: TRANSFER_MESSAGES.zeroRecipient,
  exceedsBalance: VALIDATION.giveTokens.exceedsBalance,
} as const;

type Deps = Pick<AppContext, 'db' | 'chain' | 'contracts' | 'config' | 'actions'>;

/** The caller's own wallet: a user's, or an admin's (made from a user's wallet, that one). */
function walletOf(actor: Actor) {
  if (!actor.account) throw new AppError(409, TOKEN_MESSAGES.noWallet);
  return actor.account;
}

/**
 * An EIP-7702 delegation: an account whose code is `0xef0100` and a contract
 * address is still an ordinary key's account, which can move what it receives.
 */
const DELEGATION_CODE = /^0xef0100[0-9a-f]{40}$/i;

/**
 * Where GETS may go: not the zero address, not the sender, and not a contract
 * (an address with code): an ERC-20 transfer never asks the receiver, and a
 * contract that was not written to hand GETS on keeps them for good. The
 * platform's own contracts are contracts like any other (the treasure's pool
 * is refilled by the admin's re-deposit, never by a transfer); custodial
 * wallets are plain keys' accounts, with no code.
 */
async function checkRecipient(ctx: Deps, from: `0x${string}`, to: `0x${string}`) {
  if (from.toLowerCase() === to.toLowerCase()) {
    throw new AppError(400, TOKEN_MESSAGES.selfTransfer);
  }
  if (BigInt(to) === 0n) throw new AppError(400, TOKEN_MESSAGES.zeroRecipient);
  const code = await ctx.chain.publicClient.getCode({ address: to });
  if (code && code !== '0x' && !DELEGATION_CODE.test(code)) {
    throw new AppError(400, TOKEN_MESSAGES.contractRecipient);
  }
}

/**
 * The transfer both endpoints queue: to an address that can hold GETS, never
 * more than the wallet holds when consent is asked (the chain would refuse it
 * later anyway; this says so at once).
 */
async function transferFrom(
  ctx: Deps,
  actor: Actor,
  from: `0x${string}`,
  input: { to: string; amount: string; consentToken?: string | undefined },
) {
  const to = input.to as `0x${string}`;
  const units = toBaseUnits(input.amount);
  const [, held] = await Promise.all([
    // Read again when consent is given: code can appear at an address in the
    // minutes between (a contract deployed to an address computed beforehand).
    checkRecipient(ctx, from, to),
    // Said when consent is asked; between consent and submit the chain is the
    // judge (an overdraft then fails alone, with the token's reason).
    input.consentToken ? units : walletUnitsOf(ctx, from),
  ]);
  if (units > held) {
    throw new AppError(400, `${TOKEN_MESSAGES.exceedsBalance} (${getsForPeople(held)} available)`);
  }
  const action = { type: 'transferTokens' as const, to, amount: units.toString() };
  return consentOrQueue(ctx, actor, action, input.consentToken);
}

/** POST /token/transfer-token/metakeep: a user sends GETS (the spec's body, with their email). */
export async function transferTokens(
  ctx: Deps,
  actor: Actor,
  input: { to: string; amount: string; email: string; consentToken?: string | undefined },
) {
  if (actor.email.toLowerCase() !== input.email.toLowerCase()) {
    throw new AppError(403, TOKEN_MESSAGES.emailMismatch);
  }
  return transferFrom(ctx, actor, walletOf(actor), input);
}

/** POST /token/transfer-token: a user or an admin sends GETS; `from` must be their own wallet. */
export async function transferFromWallet(
  ctx: Deps,
  actor: Actor,
  input: { from: string; to: string; amount: string; consentToken?: string | undefined },
) {
  const own = walletOf(actor);
  if (own.toLowerCase() !== input.from.toLowerCase()) {
    throw new AppError(403, TOKEN_MESSAGES.notYourWallet);
  }
  return transferFrom(ctx, actor, own, input);
}

/** GET /platform: the runtime settings the web app reads (public). */
export async function platformInfo(
  ctx: Pick<AppContext, 'config' | 'chain' | 'contracts'>,
): Promise<PlatformInfo> {
  const read = <Name extends 'treasury' | 'claimPeriod'>(functionName: Name) =>
    ctx.chain.publicClient.readContract({
      address: ctx.contracts.settings,
      abi: platformSettingsAbi,
      functionName,
    });
  // The claim period is what an earner is told before approval: "You will have
  // N days to claim once approved" (decision 0067); the contract sets each
  // approval's deadline from it.
  const [treasuryAddress, claimPeriod] = await Promise.all([read('treasury'), read('claimPeriod')]);
  return {
    exchangeUrl: ctx.config.exchangeUrl,
    // The outbox prints each code in the server's terminal (mail/mailer.ts).
    mailOutbox: !ctx.config.mail.smtpUrl,
    chainId: ctx.chain.chain.id,
    tokenAddress: ctx.contracts.token,
    treasuryAddress,
    claimPeriod: Number(claimPeriod),
  };
}
