import { parseUnits } from 'viem';
import { TOKEN } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { consentOrQueue } from '../../custody/consent.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { findUserById } from '../accounts/user-repository.ts';

export const TOKEN_MESSAGES = {
  emailMismatch: 'The email does not belong to your account',
  selfTransfer: 'You cannot send tokens to your own wallet',
} as const;

/** Give tokens: a user sends GETS from their custodial wallet, through consent. */
export async function transferTokens(
  ctx: AppContext,
  actor: Actor,
  input: { to: string; amount: string; email: string; consentToken?: string | undefined },
) {
  const user = await findUserById(ctx.db, actor.id);
  if (!user || user.email.toLowerCase() !== input.email.toLowerCase()) {
    throw new AppError(403, TOKEN_MESSAGES.emailMismatch);
  }
  if (user.account && user.account.toLowerCase() === input.to.toLowerCase()) {
    throw new AppError(400, TOKEN_MESSAGES.selfTransfer);
  }
  const action = {
    type: 'transferTokens' as const,
    to: input.to as `0x${string}`,
    amount: parseUnits(input.amount, TOKEN.decimals).toString(),
  };
  return consentOrQueue(ctx.db, actor, action, input.consentToken);
}
