// The built-in transaction page (/tx/{hash}) and its call
// (GET /transactions/{hash}): what the chain shows of one of the platform's
// transactions, its events in words. Public: nothing here is more than the
// chain itself shows anyone.
import { z } from 'zod';
import { envelope } from './api.ts';

/** A transaction hash: 0x and 64 hexadecimal digits. */
export const TRANSACTION_HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;

/** The web app's page of one transaction (where hashes link without EXPLORER_URL). */
export const transactionPagePath = (hash: string) => `/tx/${hash}`;

/** The most events one answer lists; a larger batch says how many it left out. */
export const MAX_TRANSACTION_EVENTS = 200;

export const TRANSACTION_FACTS_MESSAGES = {
  invalidHash:
    'This is not a transaction hash: a hash is 0x followed by 64 hexadecimal characters (0-9, a-f)',
  notFound:
    'No transaction with this hash is on this platform’s chain. Check the hash, or wait a moment if it was sent just now',
  notPlatform:
    'This transaction is not one of this platform’s: it calls none of its contracts. Look it up in a block explorer',
  found: 'Transaction',
} as const;

export const transactionHashParamsSchema = z.object({
  hash: z
    .string({ error: TRANSACTION_FACTS_MESSAGES.invalidHash })
    .regex(TRANSACTION_HASH_PATTERN, { error: TRANSACTION_FACTS_MESSAGES.invalidHash }),
});

/** One log of the transaction, decoded with the platform's ABIs where it can be. */
export const transactionEventSchema = z.object({
  /** The log's index in its block. */
  logIndex: z.number().int(),
  address: z.string(),
  /** The platform contract that emitted it ("GETS token"), null for another contract. */
  contract: z.string().nullable(),
  /** The event's name, null when it could not be decoded. */
  eventName: z.string().nullable(),
  /** What happened, in words: "Transfer of 1,000 GETS from 0x12ab...34cd to 0x56ef...78ab". */
  words: z.string(),
  /** The decoded arguments as text (amounts in base units), in the event's order. */
  args: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type TransactionEvent = z.infer<typeof transactionEventSchema>;

export const transactionFactsSchema = z.object({
  hash: z.string(),
  chainId: z.number().int(),
  /** success and reverted are mined; pending is known to the node but not yet in a block. */
  status: z.enum(['success', 'reverted', 'pending']),
  blockNumber: z.string().nullable(),
  /** The block's time, ISO 8601; null while pending. */
  blockTime: z.string().nullable(),
  from: z.string(),
  /** A known sender, in words ("Platform relayer"); null otherwise. */
  fromLabel: z.string().nullable(),
  to: z.string(),
  /** The platform contract it calls ("Platform forwarder"). */
  toLabel: z.string().nullable(),
  /** Gas used, in gas units; null while pending. */
  gasUsed: z.string().nullable(),
  events: z.array(transactionEventSchema),
  /** Events beyond MAX_TRANSACTION_EVENTS, not listed. */
  moreEvents: z.number().int(),
});
export type TransactionFacts = z.infer<typeof transactionFactsSchema>;
export const transactionFactsResponseSchema = envelope(transactionFactsSchema);
