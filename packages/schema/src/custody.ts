// Consent and transaction status: the shapes every chain action shares
// (spec sections 4 and 7, "Wallet transactions").
import { z } from 'zod';
import { TOKEN } from './constants.ts';
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

/** A GETS amount as people type it: up to 18 decimals, more than 0. */
export const getsAmountSchema = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .refine((value) => /^\d+(\.\d{1,18})?$/.test(value) && /[1-9]/.test(value), {
    error: `Please enter a valid ${TOKEN.symbol} amount greater than 0`,
  });

export const walletAddressSchema = z
  .string({ error: 'Wallet address is required!' })
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'Please enter a valid wallet address' });

/** POST /token/transfer-token/metakeep */
export const transferTokenRequestSchema = z.object({
  to: walletAddressSchema,
  amount: getsAmountSchema,
  email: z.email({ error: 'Invalid email address' }),
  consentToken: consentTokenSchema.optional(),
});
