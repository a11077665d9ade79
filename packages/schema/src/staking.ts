// GETS balances and the Community Treasure (spec sections 3 "Balances" and 7
// "Staking"). Amounts are GETS as decimal strings ("12.5"), converted from the
// chain's 18-decimal units without floats.
import { z } from 'zod';
import { getsAmountSchema } from './amount.ts';
import { envelope } from './api.ts';
import { consentFields } from './custody.ts';

/** GET /stake/balance?userId= and GET /stake/balance/admin?userId= */
export const balanceQuerySchema = z.object({
  userId: z.uuid({ error: 'userId must be an id' }).optional(),
});

/** A GETS amount as the API answers it: a decimal string, e.g. "12.5". */
export const getsDecimalSchema = z.string().regex(/^\d+(\.\d{1,18})?$/);

export const balancesSchema = z.object({
  /** GETS in the wallet. */
  userBalance: getsDecimalSchema,
  /** The wallet's open stakes in the Community Treasure. */
  stakingBalance: getsDecimalSchema,
  /** Every open stake of everyone. */
  totalStakingBalance: getsDecimalSchema,
  /** The wallet the balances are of. */
  account: z.string(),
  /** Days a new stake stays locked (the admin's lock period, from the chain). */
  lockPeriod: z.number().int(),
});
export type Balances = z.infer<typeof balancesSchema>;
export const balancesResponseSchema = envelope(balancesSchema);

// ------------------------------------------------------------ staking calls

const emailField = z.email({ error: 'Invalid email address' });

/** POST /stake/approve/metakeep and POST /stake/metakeep (the spec's bodies). */
export const stakeRequestSchema = z.object({
  email: emailField,
  amount: getsAmountSchema,
  ...consentFields,
});
export type StakeRequest = z.input<typeof stakeRequestSchema>;

/** A stake id of the chain (its onChainId): a positive whole number as a string. */
export const stakeIdSchema = z
  .string({ error: 'onChainId must be a stake id' })
  .regex(/^[1-9]\d{0,77}$/, { error: 'onChainId must be a stake id' });

/** POST /stake: records the stake the chain made (the spec's body). */
export const recordStakeRequestSchema = z.object({
  userId: z.uuid({ error: 'userId must be your user id' }),
  amount: getsAmountSchema,
  onChainId: stakeIdSchema,
});

/** POST /stake/withdraw/metakeep: unstake one of your stakes once unlocked. */
export const unstakeRequestSchema = z.object({
  stakeId: stakeIdSchema,
  ...consentFields,
});

/** POST /stake/withdraw/metakeep/admin and POST /stake/deposit/metakeep/admin. */
export const treasuryMoveRequestSchema = z.object({
  amount: getsAmountSchema,
  ...consentFields,
});

/** POST /stake/withdraw/admin: records the admin's withdrawal (the spec's body). */
export const recordWithdrawalRequestSchema = z.object({
  userId: z.uuid({ error: 'userId must be your admin id' }),
  amount: getsAmountSchema,
});

/** One of your stakes. */
export const myStakeSchema = z.object({
  onChainId: z.string(),
  amount: getsDecimalSchema,
  createdAt: z.string(),
  /** When the lock ends (the lock period in force when it was made). */
  unlockAt: z.string(),
  withdrawnAt: z.string().nullable(),
});
export type MyStake = z.infer<typeof myStakeSchema>;
export const myStakesResponseSchema = envelope(z.array(myStakeSchema));
export const myStakeResponseSchema = envelope(myStakeSchema);

/**
 * GET /stake?page=&limit= (admin): the open stakes, newest first; the spec answers the whole
 * list, this a page at a time with the count in x-total-count (decision 0068).
 */
export const stakeListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100' })
    .int('limit must be a whole number from 1 to 100')
    .min(1, 'limit must be a whole number from 1 to 100')
    .max(100, 'limit must be a whole number from 1 to 100')
    .default(10),
});

/** A stake in the admin's table (spec section 3, Stake: userId as an object in listings). */
export const stakeListingSchema = z.object({
  onChainId: z.string(),
  stakedAmount: getsDecimalSchema,
  createdAt: z.string(),
  unlockAt: z.string(),
  userId: z
    .object({
      _id: z.string(),
      profilePic: z.string().nullable(),
      userName: z.string(),
      fullName: z.string(),
      account: z.string(),
    })
    .nullable(),
});
export type StakeListing = z.infer<typeof stakeListingSchema>;
export const stakeListResponseSchema = envelope(z.array(stakeListingSchema));
/** The total number of open stakes travels in this header, beside the page. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** GET /stake/treasury (admin): what the treasury screen shows, from the chain. */
export const treasurySchema = z.object({
  totalStaked: getsDecimalSchema,
  /** What the admin can withdraw: the pool above the open stakes. */
  treasuryBalance: getsDecimalSchema,
  lockPeriod: z.number().int(),
  treasureAddress: z.string(),
});
export type Treasury = z.infer<typeof treasurySchema>;
export const treasuryResponseSchema = envelope(treasurySchema);

/** GET /platform (public): what the web app reads at run time. */
export const platformInfoSchema = z.object({
  /** Where the GET TOKENS links lead (EXCHANGE_URL). */
  exchangeUrl: z.string(),
  chainId: z.number().int(),
  tokenAddress: z.string(),
  /** The platform's treasury account, which holds the GETS supply. */
  treasuryAddress: z.string(),
  /**
   * True when mail goes to the embedded outbox (no SMTP_URL): one-time codes
   * are printed in the terminal where the server runs, and the OTP dialogs say so.
   */
  mailOutbox: z.boolean(),
  /**
   * The claim period in whole days (PlatformSettings): an approved earner may
   * claim until their approval plus this many days (decision 0067).
   */
  claimPeriod: z.number().int().nonnegative(),
});
export type PlatformInfo = z.infer<typeof platformInfoSchema>;
export const platformInfoResponseSchema = envelope(platformInfoSchema);
