// The reminder variable of the configuration: days before the claim period ends.
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { problemsOf } from '../test/helpers/config-problems.ts';

describe('reminder configuration', () => {
  it('reminds 3 days before the claim period ends unless told', () => {
    expect(loadConfig({}).reminders.claimReminderDays).toBe(3);
    expect(loadConfig({ CLAIM_REMINDER_DAYS: '7' }).reminders.claimReminderDays).toBe(7);
  });

  it('names the variable of a bad value', () => {
    expect(problemsOf({ CLAIM_REMINDER_DAYS: '0' })).toEqual([
      'CLAIM_REMINDER_DAYS: must be at least 1',
    ]);
    expect(problemsOf({ CLAIM_REMINDER_DAYS: '1.5' })).toEqual([
      'CLAIM_REMINDER_DAYS: must be a whole number of days',
    ]);
    expect(problemsOf({ CLAIM_REMINDER_DAYS: 'soon' })).toEqual([
      'CLAIM_REMINDER_DAYS: must be a number',
    ]);
  });
});
