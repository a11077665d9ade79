// The GETS variables of the configuration: the first admin's allocation and
// the exchange the GET TOKENS links open.
import { describe, expect, it } from 'vitest';
import { EXTERNAL_LINKS } from '@gets/schema';
import { loadConfig } from './config.ts';
import { problemsOf } from '../test/helpers/config-problems.ts';

describe('GETS configuration', () => {
  it('gives the first admin 1,000,000 GETS and links to the default exchange unless told', () => {
    const config = loadConfig({});
    expect(config.firstAdminGetsUnits).toBe(1_000_000n * 10n ** 18n);
    expect(config.exchangeUrl).toBe(EXTERNAL_LINKS.exchange);
  });

  it('takes an exact GETS amount, 0 for none, and an http(s) exchange URL', () => {
    expect(loadConfig({ FIRST_ADMIN_GETS: '12.000000000000000001' }).firstAdminGetsUnits).toBe(
      12_000_000_000_000_000_001n,
    );
    expect(loadConfig({ FIRST_ADMIN_GETS: '0' }).firstAdminGetsUnits).toBe(0n);
    expect(loadConfig({ FIRST_ADMIN_GETS: '0.00' }).firstAdminGetsUnits).toBe(0n);
    expect(loadConfig({ EXCHANGE_URL: 'https://dex.example/swap?token=GETS' }).exchangeUrl).toBe(
      'https://dex.example/swap?token=GETS',
    );
  });

  it('names the variable of a bad value', () => {
    expect(problemsOf({ FIRST_ADMIN_GETS: '-5' })[0]).toMatch(
      /^FIRST_ADMIN_GETS: must be a GETS amount or 0/,
    );
    expect(problemsOf({ FIRST_ADMIN_GETS: '1.0000000000000000001' })[0]).toMatch(
      /at most 18 decimals/,
    );
    expect(problemsOf({ EXCHANGE_URL: 'ftp://exchange' })).toEqual([
      'EXCHANGE_URL: must start with https:// or http://',
    ]);
  });
});
