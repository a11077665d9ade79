import { describe, expect, it } from 'vitest';
import { passesForPlatform } from './issuer-name.ts';

describe('passesForPlatform', () => {
  it.each([
    ['GETS Badges'],
    ['gets badges'],
    ['GETS  BADGES'],
    ['gets-badges'],
    ['G.E.T.S. Badges'],
    ['G\u200bETS Badges'], // a zero-width space
    ['ＧＥＴＳ Ｂａｄｇｅｓ'], // full-width forms
    ['G\u0395TS \u0412adges'], // Greek Epsilon, Cyrillic Ve
    ['GET5 8adges'],
    ['GETS Badges Official'],
    ['The GETS Badges Foundation'],
    ['GETS Bad\u0261es'], // Latin script g
    ['GETS Badgeѕ'], // Cyrillic dze
  ])('flags %j', (name) => {
    expect(passesForPlatform(name)).toBe(true);
  });

  it.each([['Other Academy'], ['GETS'], ['Badges Inc.'], ['Gets Bridges'], ['']])(
    'leaves %j alone',
    (name) => {
      expect(passesForPlatform(name)).toBe(false);
    },
  );
});
