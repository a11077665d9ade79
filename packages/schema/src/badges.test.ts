// The badge rules shared by the form and the server: days and dates, the
// reward's minimum on top of the amount rule, and the batch size the chain holds.
import { describe, expect, it } from 'vitest';
import { AMOUNT_MESSAGES } from './amount.ts';
import { badgeFormSchema } from './badge-form.ts';
import {
  batchExpiryDateSchema,
  numberOfBadgeSchema,
  rewardAmountSchema,
} from './badge-requests.ts';
import { daysUntil, MAX_BADGES_PER_BATCH, publishTotalUnits } from './badges.ts';
import { VALIDATION } from './messages.ts';

const DAY = 86_400_000;
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('badge rules', () => {
  it('shows expiry as whole days left, rounded up, never below 0', () => {
    const now = Date.UTC(2030, 0, 1);
    expect(daysUntil(new Date(now + 2.2 * DAY), now)).toBe(3);
    expect(daysUntil(new Date(now + 1), now)).toBe(1);
    expect(daysUntil(new Date(now - DAY), now)).toBe(0);
  });

  it('takes a batch expiry at least one (rounded-up) day away', () => {
    expect(
      batchExpiryDateSchema.safeParse(new Date(Date.now() + 60_000).toISOString()).success,
    ).toBe(true);
    expect(firstMessage(batchExpiryDateSchema.safeParse(Date.now() - 1))).toBe(
      VALIDATION.badge.expiryMin,
    );
    expect(firstMessage(batchExpiryDateSchema.safeParse('not a date'))).toBe(
      VALIDATION.badge.expiryNumber,
    );
  });

  it('keeps the one amount rule for the reward, then asks for at least 1 GETS', () => {
    expect(firstMessage(rewardAmountSchema.safeParse('0'))).toBe(AMOUNT_MESSAGES.zero);
    expect(firstMessage(rewardAmountSchema.safeParse('1e3'))).toBe(AMOUNT_MESSAGES.format);
    expect(firstMessage(rewardAmountSchema.safeParse('0.99'))).toBe(VALIDATION.badge.tokensMin);
    expect(rewardAmountSchema.safeParse('1').success).toBe(true);
  });

  it('takes whole numbers of badges from 1 to what a uint32 holds', () => {
    expect(numberOfBadgeSchema.parse('4')).toBe(4);
    expect(firstMessage(numberOfBadgeSchema.safeParse(0))).toBe(VALIDATION.badge.badgesPositive);
    expect(firstMessage(numberOfBadgeSchema.safeParse(MAX_BADGES_PER_BATCH + 1))).toMatch(
      /at most/,
    );
  });

  it('totals a publish as badges × reward + the 9 GETS fee', () => {
    expect(publishTotalUnits(10n ** 19n, 3)).toBe(39n * 10n ** 18n);
  });

  it("gives the form's fields the spec's messages", () => {
    const valid = {
      title: 'Solidity',
      tokens: '10',
      badges: '3',
      criteria: 'Complete every module of the course',
      expiry: '30',
      description: 'A badge',
      videoLink: '',
      badgeAccess: 'public',
      evidence: '',
    } as const;
    expect(badgeFormSchema.safeParse(valid).success).toBe(true);
    const messageOf = (change: Partial<Record<keyof typeof valid, string>>) =>
      firstMessage(badgeFormSchema.safeParse({ ...valid, ...change }));
    expect(messageOf({ tokens: '' })).toBe(VALIDATION.badge.tokensRequired);
    expect(messageOf({ tokens: 'ten' })).toBe(VALIDATION.badge.tokensNumber);
    expect(messageOf({ badges: '0' })).toBe(VALIDATION.badge.badgesPositive);
    expect(messageOf({ expiry: '0.5' })).toBe(VALIDATION.badge.expiryMin);
    expect(messageOf({ videoLink: 'ftp://x.org' })).toBe(VALIDATION.badge.videoLinkUrl);
    expect(messageOf({ title: 'x'.repeat(46) })).toBe(VALIDATION.badge.titleMax);
  });
});
