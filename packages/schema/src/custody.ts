// Consent and transaction status: the shapes every chain action shares
// (spec sections 4 and 7, "Wallet transactions").
import { z } from 'zod';
import { getsAmountSchema } from './amount.ts';
import { envelope } from './api.ts';

/** A consent token as handed to the client: opaque, base64url. */
export const consentTokenSchema = z.string().min(16).max(128);

/** First call of an action: what will happen, and the token to confirm it. */
export const consentRequiredSchema = z.object({
  consentToken: z.string(),
  description: z.string(),
  expiresAt: z.string(),
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
  consentToken: consentTokenSchema.optional(),
});

/** POST /token/transfer-token: a user or an admin sends GETS; from must be the caller's wallet. */
export const transferFromRequestSchema = z.object({
  from: walletAddressSchema,
  to: walletAddressSchema,
  amount: getsAmountSchema,
  consentToken: consentTokenSchema.optional(),
});
