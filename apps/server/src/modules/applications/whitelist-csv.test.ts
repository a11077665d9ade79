// What each row of a sponsor's whitelist CSV becomes, before any look-up is
// made: the reading of the file and the rules of the row kinds.
import { describe, expect, it } from 'vitest';
import { WHITELIST_CSV_MESSAGES as M, WHITELIST_CSV_MAX_ROWS } from '@gets/schema';
import { classifyWhitelistRows, readWhitelistCsv, type KnownUser } from './whitelist-csv.ts';

const SPONSOR = { email: 'sponsor@example.com', account: `0x${'5'.repeat(40)}` };
const ANN = `0x${'a'.repeat(40)}` as const;
const BOB = `0x${'b'.repeat(40)}` as const;
const SAM = `0x${'c'.repeat(40)}` as const;

const user = (email: string, account: `0x${string}`, isEarner = true): KnownUser => ({
  email,
  account,
  fullName: email.split('@')[0] ?? email,
  isEarner,
});

function facts(whitelisted: string[] = [], invited: string[] = []) {
  const users = new Map<string, KnownUser>();
  for (const u of [
    user('ann@example.com', ANN),
    user('bob@example.com', BOB),
    user('sam@example.com', SAM, false),
  ]) {
    users.set(u.email, u);
    users.set(u.account!.toLowerCase(), u);
  }
  return { sponsor: SPONSOR, users, whitelisted: new Set(whitelisted), invited: new Set(invited) };
}

const classify = (csv: string, f = facts()) => {
  const { entries, hasHeader } = readWhitelistCsv(csv);
  return { hasHeader, ...classifyWhitelistRows(entries, f) };
};

describe('readWhitelistCsv', () => {
  it('reads the first cell of each row, with or without a header, skipping blank rows', () => {
    const withHeader = readWhitelistCsv(
      'email,name\r\nann@example.com,Ann\r\n\r\n"bob@example.com"\n',
    );
    expect(withHeader.hasHeader).toBe(true);
    expect(withHeader.entries).toEqual([
      { line: 2, value: 'ann@example.com' },
      { line: 4, value: 'bob@example.com' },
    ]);
    const bare = readWhitelistCsv(`${ANN}\nann@example.com`);
    expect(bare.hasHeader).toBe(false);
    expect(bare.entries.map((e) => e.value)).toEqual([ANN, 'ann@example.com']);
  });

  it(`refuses a file of more than ${WHITELIST_CSV_MAX_ROWS} rows, an empty one and an unreadable one`, () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `e${i}@example.com`);
    expect(
      readWhitelistCsv(['email', ...rows(WHITELIST_CSV_MAX_ROWS)].join('\n')).entries,
    ).toHaveLength(WHITELIST_CSV_MAX_ROWS);
    expect(() => readWhitelistCsv(rows(WHITELIST_CSV_MAX_ROWS + 1).join('\n'))).toThrow(
      M.tooManyRows,
    );
    expect(() => readWhitelistCsv('email\n\n')).toThrow(M.empty);
    expect(() => readWhitelistCsv('"ann@example.com')).toThrow(M.unreadable);
  });
});

describe('classifyWhitelistRows', () => {
  it('gives every row its kind and reason, and counts them', () => {
    const { rows, counts } = classify(
      [
        'ann@example.com', // ready
        BOB.toUpperCase().replace('0X', '0x'), // ready, by address in any case
        'new@example.com', // unknown
        'NEW@example.com', // duplicate of the unknown above
        ANN, // duplicate: Ann by address after Ann by email
        'not an email', // invalid
        SPONSOR.account, // invalid: own wallet
        'sponsor@example.com', // invalid: own email
        `0x${'d'.repeat(40)}`, // invalid: no account
        'sam@example.com', // invalid: a sponsor
      ].join('\n'),
    );
    expect(rows.map((r) => [r.kind, r.reason])).toEqual([
      ['ready', M.ready],
      ['ready', M.ready],
      ['unknown', M.unknown],
      ['duplicate', M.duplicateInFile],
      ['duplicate', M.duplicateInFile],
      ['invalid', M.notEmailOrAddress],
      ['invalid', M.ownWallet],
      ['invalid', M.ownWallet],
      ['invalid', M.noAccountForAddress],
      ['invalid', M.notAnEarner],
    ]);
    expect(rows[0]).toMatchObject({ line: 1, account: ANN, fullName: 'ann' });
    expect(counts).toEqual({ ready: 2, unknown: 1, duplicate: 2, invalid: 5 });
  });

  it('makes an earner whitelisted already a duplicate, and says when an email was invited before', () => {
    const { rows } = classify(
      'ann@example.com\nnew@example.com',
      facts([ANN], ['new@example.com']),
    );
    expect(rows.map((r) => [r.kind, r.reason])).toEqual([
      ['duplicate', M.alreadyWhitelisted],
      ['unknown', M.invited],
    ]);
  });
});
