// The invitation limits of the configuration: invitation mails per sponsor
// and UTC day, and whitelist CSV calls per sponsor and hour.
import { describe, expect, it } from 'vitest';
import {
  INVITATIONS_PER_SPONSOR_PER_DAY,
  WHITELIST_CSV_CALLS_PER_SPONSOR_PER_HOUR,
} from '@gets/schema';
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

  it(`lets a sponsor make ${WHITELIST_CSV_CALLS_PER_SPONSOR_PER_HOUR} whitelist CSV calls an hour unless told`, () => {
    expect(WHITELIST_CSV_CALLS_PER_SPONSOR_PER_HOUR).toBe(60);
    expect(loadConfig({}).invitations.csvCallsPerSponsorPerHour).toBe(60);
    expect(
      loadConfig({ WHITELIST_CSV_CALLS_PER_HOUR: '5' }).invitations.csvCallsPerSponsorPerHour,
    ).toBe(5);
    expect(problemsOf({ WHITELIST_CSV_CALLS_PER_HOUR: '0' })).toEqual([
      'WHITELIST_CSV_CALLS_PER_HOUR: must be at least 1',
    ]);
  });
});
