// How the refusals of the public-read and login limits say when to try again.
import { describe, expect, it } from 'vitest';
import { loginDelayMessage, tooManyRequestsMessage } from './limits.ts';

describe('loginDelayMessage', () => {
  it.each([
    [1, '1 second'],
    [2, '2 seconds'],
    [119, '119 seconds'],
    [120, '2 minutes'],
    [121, '3 minutes'],
    [900, '15 minutes'],
  ])('%i s: seconds up to two minutes, then whole minutes rounded up (%s)', (seconds, wait) => {
    expect(loginDelayMessage(seconds)).toBe(
      `Too many failed logins to this account. Please wait ${wait} before trying again, or reset your password`,
    );
  });
});

describe('tooManyRequestsMessage', () => {
  it('says the seconds, one or many', () => {
    expect(tooManyRequestsMessage(1)).toBe(
      'Too many requests from your network. Please try again in 1 second',
    );
    expect(tooManyRequestsMessage(42)).toBe(
      'Too many requests from your network. Please try again in 42 seconds',
    );
  });
});
