// The invitation limit of the configuration: invitation mails per sponsor and UTC day.
import { describe, expect, it } from 'vitest';
import { INVITATIONS_PER_SPONSOR_PER_DAY } from '@gets/schema';
import { loadConfig } from './config.ts';
import { problemsOf } from '../test/helpers/config-problems.ts';

describe('invitation configuration', () => {
  it(`lets a sponsor send ${INVITATIONS_PER_SPONSOR_PER_DAY} invitations a day unless told`, () => {
    expect(INVITATIONS_PER_SPONSOR_PER_DAY).toBe(200);
    expect(loadConfig({}).invitations.perSponsorPerDay).toBe(200);
    expect(loadConfig({ INVITATIONS_PER_SPONSOR_PER_DAY: '25' }).invitations.perSponsorPerDay).toBe(
      25,
    );
  });

  it('names the variable of a bad value', () => {
    expect(problemsOf({ INVITATIONS_PER_SPONSOR_PER_DAY: '0' })).toEqual([
      'INVITATIONS_PER_SPONSOR_PER_DAY: must be at least 1',
    ]);
    expect(problemsOf({ INVITATIONS_PER_SPONSOR_PER_DAY: '2.5' })).toEqual([
      'INVITATIONS_PER_SPONSOR_PER_DAY: must be a whole number',
    ]);
    expect(problemsOf({ INVITATIONS_PER_SPONSOR_PER_DAY: 'lots' })).toEqual([
      'INVITATIONS_PER_SPONSOR_PER_DAY: must be a number',
    ]);
    expect(problemsOf({ INVITATIONS_PER_SPONSOR_PER_DAY: '1000000' })).toEqual([
      'INVITATIONS_PER_SPONSOR_PER_DAY: must be at most 100000',
    ]);
  });
});
