import { describe, expect, it } from 'vitest';
import { zeroAddress } from 'viem';
import { eventInWords, unknownEventInWords } from './event-words.ts';

const ada = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const bob = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const event = (eventName: string, args: Record<string, string | boolean>) => ({
  eventName,
  address: ada,
  args,
});

describe('events in words', () => {
  it('says what GETS, badge and treasury events did, wallets by short address', () => {
    expect(
      eventInWords(
        'token',
        event('Transfer', { from: ada, to: bob, value: '1000000000000000000000' }),
      ),
    ).toBe('Transfer of 1,000 GETS from 0x7099...79C8 to 0x3C44...93BC');
    expect(
      eventInWords('badgeToken', event('Transfer', { from: zeroAddress, to: bob, tokenId: '5' })),
    ).toBe('Badge token #5 minted to 0x3C44...93BC');
    expect(
      eventInWords(
        'badges',
        event('BadgeCreated', {
          badgeId: '12',
          sponsor: ada,
          isPublic: true,
          tokensPerBadge: '10000000000000000000',
          numberOfBadges: '5',
          batchExpiry: '0',
          approvalDeadline: '0',
        }),
      ),
    ).toBe('Badge 12 published by 0x7099...79C8: 5 public badges of 10 GETS each, held in escrow');
    expect(
      eventInWords(
        'badges',
        event('BadgeClaimed', {
          requestId: '3',
          badgeId: '12',
          earner: bob,
          tokenId: '7',
          amount: '10000000000000000000',
        }),
      ),
    ).toBe('Badge 12 claimed by 0x3C44...93BC: badge token #7 and 10 GETS');
    expect(
      eventInWords(
        'treasure',
        event('Staked', {
          stakeId: '4',
          staker: ada,
          amount: '25000000000000000000',
          unlockAt: String(Date.UTC(2026, 11, 1, 9, 30) / 1000),
        }),
      ),
    ).toBe(
      'Stake 4: 25 GETS staked by 0x7099...79C8, locked until December 1, 2026 at 9:30 AM UTC',
    );
    expect(eventInWords('badges', event('BadgeBanned', { badgeId: '2', refund: '0' }))).toBe(
      'Badge 2 banned',
    );
  });

  it('names an event it has no words for, and a log it could not decode', () => {
    expect(eventInWords('token', event('RoleGranted', {}))).toBe('RoleGranted on the GETS token');
    expect(unknownEventInWords(bob, null)).toBe('Unknown event of contract 0x3C44...93BC');
    expect(unknownEventInWords(bob, 'treasure')).toBe('Unknown event of the Community Treasure');
  });
});
