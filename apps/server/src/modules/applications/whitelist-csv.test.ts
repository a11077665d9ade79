// What each row of a sponsor's whitelist CSV becomes, before any look-up is
// made: the reading of the file and the rules of the row kinds, from bare
// addresses only to what a row may say of the earner behind it.
import { describe, expect, it } from 'vitest';
import { WHITELIST_CSV_MESSAGES as M, WHITELIST_CSV_MAX_ROWS } from '@gets/schema';
import {
  classifyWhitelistRows,
  readWhitelistCsv,
  type Applicant,
  type ClassifyFacts,
  type KnownUser,
} from './whitelist-csv.ts';

const SPONSOR = { email: 'sponsor@example.com', account: `0x${'5'.repeat(40)}` };
const ANN = `0x${'a'.repeat(40)}` as const;
const BOB = `0x${'b'.repeat(40)}` as const;
const SAM = `0x${'c'.repeat(40)}` as const;

const user = (email: string, account: `0x${string}`, isEarner = true): KnownUser => ({
  id: email,
  email,
  account,
  isEarner,
});

/** Ann applied to one of the sponsor's badges (as "Ann Applicant"); Bob never did; Sam is a sponsor. */
function facts(more: Partial<Omit<ClassifyFacts, 'sponsor' | 'users'>> = {}): ClassifyFacts {
  const users = new Map<string, KnownUser>();
  for (const u of [
    user('ann@example.com', ANN),
    user('bob@example.com', BOB),
    user('sam@example.com', SAM, false),
  ]) {
    users.set(u.email, u);
    users.set(u.account!.toLowerCase(), u);
  }
  const applicants = new Map<string, Applicant>([
    [ANN, { account: ANN, fullName: 'Ann Applicant' }],
  ]);
  return {
    sponsor: SPONSOR,
    users,
    applicants,
    whitelisted: new Set(),
    invited: new Set(),
    invitedRecently: new Set(),
    unsubscribed: new Set(),
    ...more,
  };
}

const classify = (csv: string, f = facts()) => {
  const { entries, hasHeader } = readWhitelistCsv(csv);
  return { hasHeader, ...classifyWhitelistRows(entries, f) };
};
const kinds = (csv: string, f = facts()) =>
  classify(csv, f).rows.map((r) => [r.value, r.kind, r.reason]);

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

  it('keeps a line break inside a quoted cell, at its ends too, for the classification to refuse', () => {
    const { entries } = readWhitelistCsv('"ann@example.com\r\nBcc: x@y.com"\n"bob@example.com\n"');
    expect(entries.map((entry) => entry.value)).toEqual([
      'ann@example.com\r\nBcc: x@y.com',
      'bob@example.com\n',
    ]);
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
    const { rows, counts, earners, invitees } = classify(
      [
        'ann@example.com', // ready
        BOB.toUpperCase().replace('0X', '0x'), // ready, by address in any case
        'new@example.com', // unknown
        'NEW@example.com', // duplicate of the unknown above
        ANN, // duplicate: Ann (an applicant) by address after Ann by email
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
    expect(counts).toEqual({ ready: 2, unknown: 1, duplicate: 2, invalid: 5, unsubscribed: 0 });
    expect(earners).toEqual([ANN, BOB]);
    expect(invitees).toEqual(['new@example.com']);
  });

  it('takes one bare address per row: no display name, brackets, line breaks or separators', () => {
    const refused = [
      'Name <victim@example.com>',
      '<victim@example.com>',
      '"Name" victim@example.com',
      'victim@example.com (Name)',
      'victim@example.com\r\nBcc: x@y.com',
      'victim@example.com\nBcc: x@y.com',
      'victim@example.com\r',
      'victim@example.com;other@example.com',
      '"victim@example.com,other@example.com"',
      'victim @example.com',
      'victim@example',
      'victim@@example.com',
      '"quoted"@example.com',
    ];
    const csv = refused.map((value) => `"${value.replace(/"/g, '""')}"`).join('\n');
    const { rows, invitees } = classify(csv);
    expect(rows.map((r) => [r.value, r.kind, r.reason])).toEqual(
      refused.map((value) => [value, 'invalid', M.notEmailOrAddress]),
    );
    expect(invitees).toEqual([]);
    // The bare address itself is fine, in any case and with the characters an addr-spec allows.
    expect(kinds("O'Brien+badges@Example.co.uk")).toEqual([
      ["O'Brien+badges@Example.co.uk", 'unknown', M.unknown],
    ]);
  });

  it('merges the same address in any case: one invitation, the rest duplicates', () => {
    const { rows, invitees, counts } = classify(
      'New@Example.com\nnew@example.com\nNEW@EXAMPLE.COM\nbob@example.com\nBOB@example.com',
    );
    expect(rows.map((r) => r.kind)).toEqual([
      'unknown',
      'duplicate',
      'duplicate',
      'ready',
      'duplicate',
    ]);
    expect(invitees).toEqual(['New@Example.com']);
    expect(counts).toMatchObject({ unknown: 1, ready: 1, duplicate: 3 });
  });

  it("names an earner (name and wallet) only when they applied to one of the sponsor's badges", () => {
    const { rows } = classify(`ann@example.com\nbob@example.com\n${BOB}`);
    expect(rows[0]).toMatchObject({ kind: 'ready', account: ANN, fullName: 'Ann Applicant' });
    // Bob never applied: by email or by wallet, nothing of him beyond the kind.
    expect(rows[1]).toMatchObject({ kind: 'ready', account: null, fullName: null });
    expect(rows[2]).toMatchObject({ kind: 'ready', account: null, fullName: null });
    expect(JSON.stringify(rows[1])).not.toMatch(/b{40}/i);
  });

  it("never tells whose wallet a stranger's email is: no merging, no whitelist look-up by email", () => {
    // Bob's email and wallet in one file are two ready rows (whitelisting twice changes nothing)...
    const both = classify(`bob@example.com\n${BOB}`);
    expect(both.rows.map((r) => r.kind)).toEqual(['ready', 'ready']);
    expect(both.earners).toEqual([BOB, BOB]);
    // ...and his email does not say his wallet is whitelisted; the wallet itself does (the chain is public).
    const whitelisted = facts({ whitelisted: new Set([BOB, ANN]) });
    expect(kinds(`bob@example.com\n${BOB}\nann@example.com`, whitelisted)).toEqual([
      ['bob@example.com', 'ready', M.ready],
      [BOB, 'duplicate', M.alreadyWhitelisted],
      // Ann applied: the sponsor knows her wallet, so her email may say it.
      ['ann@example.com', 'duplicate', M.alreadyWhitelisted],
    ]);
  });

  it('invites an address once per badge, once a week per sponsor, and never after it unsubscribed', () => {
    const { rows, invitees, counts } = classify(
      'before@example.com\nrecent@example.com\ngone@example.com\nfresh@example.com',
      facts({
        invited: new Set(['before@example.com']),
        invitedRecently: new Set(['recent@example.com', 'before@example.com']),
        unsubscribed: new Set(['gone@example.com']),
      }),
    );
    expect(rows.map((r) => [r.kind, r.reason])).toEqual([
      ['duplicate', M.invited],
      ['duplicate', M.invitedRecently],
      ['unsubscribed', M.addressUnsubscribed],
      ['unknown', M.unknown],
    ]);
    expect(invitees).toEqual(['fresh@example.com']);
    expect(counts).toEqual({ ready: 0, unknown: 1, duplicate: 2, invalid: 0, unsubscribed: 1 });
  });
});
