// Consent and transaction status: the shapes every chain action shares
// (spec sections 4 and 7, "Wallet transactions").
import { z } from 'zod';
import { getsAmountSchema } from './amount.ts';
import { envelope } from './api.ts';
import { consentFactorFields, secondFactorRequiredSchema } from './security.ts';

/** "5 hours and 12 minutes", "12 minutes", "40 seconds": a wait in words. */
export function waitInWords(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (whole < 60) return unit(whole, 'second');
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} and ${unit(rest, 'minute')}`;
}

/**
 * Why a chain action is refused before consent by the fair use of the
 * relayers (429): too many of the account's actions on their way, or the
 * account's relayer gas for the day used up. Each says when to try again.
 */
export const FAIR_USE_MESSAGES = {
  tooManyInFlight: (max: number) =>
    `You have ${max} chain actions on their way, the most one account may have at once. Please try again in a few seconds, once one of them has completed`,
  dailyGasUsed: (waitSeconds: number) =>
    `Your account has used today's allowance of relayer gas (the platform pays the gas of your chain actions). Please try again in ${waitInWords(waitSeconds)}`,
  tooLarge: (need: { transactions: number; maxInFlight: number; gas: bigint; dailyGas: bigint }) =>
    need.transactions > need.maxInFlight
      ? `This action takes ${need.transactions} chain transactions, more than the ${need.maxInFlight} one account may have on their way at once. Please do it in smaller parts`
      : `This action needs about ${Math.round(Number(need.gas) / 1_000_000)} million gas, more than a day's allowance of relayer gas for one account (${Math.round(Number(need.dailyGas) / 1_000_000)} million; the platform pays the gas of your chain actions). Please do it in smaller parts`,
} as const;

/** A consent token as handed to the client: opaque, base64url. */
export const consentTokenSchema = z.string().min(16).max(128);

/**
 * The fields of every action request: the consent token of the second call
 * and, for a person with a second factor, what confirms it (security.ts).
 */
export const consentFields = {
  consentToken: consentTokenSchema.optional(),
  ...consentFactorFields,
};

/** First call of an action: what will happen, and the token to confirm it. */
export const consentRequiredSchema = z.object({
  consentToken: z.string(),
  description: z.string(),
  expiresAt: z.string(),
  /**
   * For a person with a second factor: Confirm asks for it (a passkey's
   * challenge here is bound to this consent alone).
   */
  secondFactor: secondFactorRequiredSchema.optional(),
});

/** Second call, with the token: the action is queued. */
export const queuedSchema = z.object({
  status: z.literal('QUEUED'),
  transactionId: z.uuid(),
  /**
   * An action too large for one block, queued under one consent as several
   * chain transactions (in order; transactionId is the first): all of them.
   */
  transactionIds: z.array(z.uuid()).optional(),
});

/** Either answer of an action endpoint. */
export const actionResponseSchema = envelope(z.union([consentRequiredSchema, queuedSchema]));
export type ActionResponse = z.infer<typeof actionResponseSchema>;

export const transactionStatusRequestSchema = z.object({
  transactionId: z.uuid({ error: 'transactionId must be a UUID' }),
});

export const decodedEventSchema = z.object({
  eventName: z.string(),
  address: z.string(),
  args: z.record(z.string(), z.union([z.string(), z.boolean(), z.array(z.string())])),
});

/** QUEUED means keep polling, COMPLETED means proceed, FAILED carries failureReason. */
export const transactionStatusSchema = z.object({
  transactionId: z.string(),
  status: z.enum(['QUEUED', 'COMPLETED', 'FAILED']),
  description: z.string(),
  failureReason: z.string().nullable(),
  events: z.array(decodedEventSchema),
  transactionHash: z.string().nullable(),
  transactionChainScanUrl: z.string().nullable(),
});
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;
export const transactionStatusResponseSchema = envelope(transactionStatusSchema);

export const walletAddressSchema = z
  .string({ error: 'Wallet address is required!' })
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'Please enter a valid wallet address' });

/** Why a transfer is refused before consent (server and the Give Tokens dialog). */
export const TRANSFER_MESSAGES = {
  selfTransfer: 'You cannot send tokens to your own wallet',
  contractRecipient: 'This address is a contract; tokens sent to it would be lost',
  zeroRecipient: 'This is the zero address; tokens sent to it would be lost',
} as const;

/** POST /token/transfer-token/metakeep */
export const transferTokenRequestSchema = z.object({
  to: walletAddressSchema,
  amount: getsAmountSchema,
  email: z.email({ error: 'Invalid email address' }),
  ...consentFields,
});

/** POST /token/transfer-token: a user or an admin sends GETS; from must be the caller's wallet. */
export const transferFromRequestSchema = z.object({
  from: walletAddressSchema,
  to: walletAddressSchema,
  amount: getsAmountSchema,
  ...consentFields,
});
