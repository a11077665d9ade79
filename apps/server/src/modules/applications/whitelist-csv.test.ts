// What each row of a sponsor's whitelist CSV becomes, before any look-up is
// made: the reading of the file and the rules of the row kinds, from bare
// addresses only to an email row that never says whose account it is.
import { describe, expect, it } from 'vitest';
import { WHITELIST_CSV_MESSAGES as M, WHITELIST_CSV_MAX_ROWS } from '@gets/schema';
import {
  classifyWhitelistRows,
  readWhitelistCsv,
  type ClassifyFacts,
  type KnownWallet,
} from './whitelist-csv.ts';

const SPONSOR = { email: 'sponsor@example.com', account: `0x${'5'.repeat(40)}` };
const ANN = `0x${'a'.repeat(40)}` as const;
const BOB = `0x${'b'.repeat(40)}` as const;
const SAM = `0x${'c'.repeat(40)}` as const;

/** Ann and Bob are earners, Sam a sponsor: by wallet, the only way the classification knows anyone. */
function facts(more: Partial<Omit<ClassifyFacts, 'sponsor' | 'wallets'>> = {}): ClassifyFacts {
  const wallets = new Map<string, KnownWallet>([
    [ANN, { isEarner: true }],
    [BOB, { isEarner: true }],
    [SAM, { isEarner: false }],
  ]);
  return {
    sponsor: SPONSOR,
    wallets,
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
        'ann@example.com', // invite: an email, whoever it is
        BOB.toUpperCase().replace('0X', '0x'), // ready, by address in any case
        'new@example.com', // invite
        'NEW@example.com', // duplicate of the invite above
        BOB, // duplicate of Bob's wallet above
        ANN, // ready: a wallet is never merged with an email
        'not an email', // invalid
        SPONSOR.account, // invalid: own wallet
        'sponsor@example.com', // invalid: own email
        `0x${'d'.repeat(40)}`, // invalid: no account
        SAM, // invalid: a sponsor's wallet
      ].join('\n'),
    );
    expect(rows.map((r) => [r.kind, r.reason])).toEqual([
      ['invite', M.invite],
      ['ready', M.ready],
      ['invite', M.invite],
      ['duplicate', M.duplicateInFile],
      ['duplicate', M.duplicateInFile],
      ['ready', M.ready],
      ['invalid', M.notEmailOrAddress],
      ['invalid', M.ownWallet],
      ['invalid', M.ownWallet],
      ['invalid', M.noAccountForAddress],
      ['invalid', M.notAnEarner],
    ]);
    expect(counts).toEqual({ ready: 2, invite: 2, duplicate: 2, invalid: 5, unsubscribed: 0 });
    expect(earners).toEqual([BOB.toUpperCase().replace('0X', '0x'), ANN]);
    expect(invitees).toEqual(['ann@example.com', 'new@example.com']);
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
      ["O'Brien+badges@Example.co.uk", 'invite', M.invite],
    ]);
  });

  it('merges the same address in any case: one invitation, the rest duplicates', () => {
    const { rows, invitees, counts } = classify(
      `New@Example.com\nnew@example.com\nNEW@EXAMPLE.COM\n${BOB}\n${BOB.toUpperCase().replace('0X', '0x')}`,
    );
    expect(rows.map((r) => r.kind)).toEqual([
      'invite',
      'duplicate',
      'duplicate',
      'ready',
      'duplicate',
    ]);
    expect(invitees).toEqual(['New@Example.com']);
    expect(counts).toMatchObject({ invite: 1, ready: 1, duplicate: 3 });
  });

  it('answers an email the same whoever owns it: the facts of a wallet never reach an email row', () => {
    const csv = 'ann@example.com\nstranger@example.com';
    const plain = classify(csv, facts());
    // Whatever is known of the wallets (whitelisted, sponsors, nobody), the email rows read alike.
    const known = classify(csv, facts({ whitelisted: new Set([ANN, BOB]) }));
    expect(known.rows).toEqual(plain.rows);
    expect(plain.rows.map((r) => [r.kind, r.reason])).toEqual([
      ['invite', M.invite],
      ['invite', M.invite],
    ]);
    expect(Object.keys(plain.rows[0]!).sort()).toEqual(['kind', 'line', 'reason', 'value']);
  });

  it('skips a wallet whitelisted already: no chain transaction spent on it', () => {
    expect(kinds(`${ANN}\n${BOB}`, facts({ whitelisted: new Set([BOB]) }))).toEqual([
      [ANN, 'ready', M.ready],
      [BOB, 'duplicate', M.alreadyWhitelisted],
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
      ['invite', M.invite],
    ]);
    expect(invitees).toEqual(['fresh@example.com']);
    expect(counts).toEqual({ ready: 0, invite: 1, duplicate: 2, invalid: 0, unsubscribed: 1 });
  });
});
