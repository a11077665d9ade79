// A sponsor's whitelist CSV: one bare email or wallet address per row (the
// first cell; a header row is optional), read with csv-parse, and what each
// row becomes. A wallet address is the sponsor's own word: ready (an earner's
// wallet to whitelist), or why not. An email is never looked up (decision
// 0063): it becomes an invitation, whoever it belongs to, unless the file,
// the sponsor's own invitations or the address's wish say otherwise
// (duplicate, unsubscribed). Pure: the look-ups are done by the caller
// (whitelist-csv-service.ts).
import { parse } from 'csv-parse/sync';
import {
  isValidEmail,
  WHITELIST_CSV_MAX_ROWS,
  WHITELIST_CSV_MESSAGES as M,
  WHITELIST_ROW_KINDS,
  type WhitelistCsvPreview,
  type WhitelistCsvRow,
} from '@gets/schema';
import { AppError } from '../../http/errors.ts';

export interface CsvEntry {
  /** 1-based line of the row in the file. */
  line: number;
  value: string;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** A first row that names its column rather than holding an earner. */
const HEADER = /^[a-z][a-z _-]*$/i;

/**
 * One bare mailbox: an RFC 5322 addr-spec in its dot-atom form, the one
 * registration accepts. No display name, angle brackets, quotes, spaces,
 * CR/LF, commas or semicolons, so a row is exactly one recipient and carries
 * nothing a mail header could take further.
 */
export const isEmail = (value: string) => isValidEmail(value);
export const isAddress = (value: string): value is `0x${string}` => ADDRESS.test(value);

/** The rows of the file (first cell each, blank rows skipped); refuses an unreadable or too long file. */
export function readWhitelistCsv(text: string): { hasHeader: boolean; entries: CsvEntry[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch {
    throw new AppError(400, M.unreadable);
  }
  // Spaces around a cell go; a line break inside a quoted cell stays, and makes the row invalid.
  const entries = records
    .map(({ record, info }) => ({
      line: info.lines,
      value: record[0]?.replace(/^[ \t]+|[ \t]+$/g, '') ?? '',
    }))
    .filter((entry) => entry.value !== '');
  const first = entries[0];
  const hasHeader = Boolean(first && HEADER.test(first.value) && !isEmail(first.value));
  const rows = hasHeader ? entries.slice(1) : entries;
  if (rows.length === 0) throw new AppError(400, M.empty);
  if (rows.length > WHITELIST_CSV_MAX_ROWS) throw new AppError(400, M.tooManyRows);
  return { hasHeader, entries: rows };
}

/** What the platform knows of a wallet address the sponsor typed. */
export interface KnownWallet {
  isEarner: boolean;
}

export interface ClassifyFacts {
  sponsor: { email: string; account: string };
  /** The accounts of the file's wallet addresses, by lower-case address (emails are not looked up). */
  wallets: Map<string, KnownWallet>;
  /** Lower-case wallet addresses of the file whitelisted on the badge already. */
  whitelisted: Set<string>;
  /** Lower-case emails invited to this badge before (withdrawn ones too). */
  invited: Set<string>;
  /** Lower-case emails the sponsor invited to any badge within INVITATION_ADDRESS_DAYS. */
  invitedRecently: Set<string>;
  /** Lower-case emails that asked for no more invitations. */
  unsubscribed: Set<string>;
}

export interface Classified extends Pick<WhitelistCsvPreview, 'rows' | 'counts'> {
  /** The wallets to whitelist, one per ready row: every one typed by the sponsor. */
  earners: `0x${string}`[];
  /** The emails to invite, one per invite row, as written. */
  invitees: string[];
}

/**
 * Each row's kind and reason, in file order, with the counts per kind. Two
 * files that differ only in which emails have an account get the same
 * answer: nothing here is read from an account behind an email, and an
 * email and a wallet are never merged as one person.
 */
export function classifyWhitelistRows(entries: CsvEntry[], facts: ClassifyFacts): Classified {
  const seen = new Set<string>();
  const earners: `0x${string}`[] = [];
  const invitees: string[] = [];
  const rows = entries.map(({ line, value }): WhitelistCsvRow => {
    const row = (kind: WhitelistCsvRow['kind'], reason: string) => ({ line, value, kind, reason });
    const key = value.toLowerCase();
    const byAddress = isAddress(value);
    if (!byAddress && !isEmail(value)) return row('invalid', M.notEmailOrAddress);
    if (key === facts.sponsor.email.toLowerCase() || key === facts.sponsor.account.toLowerCase()) {
      return row('invalid', M.ownWallet);
    }
    if (byAddress) {
      const wallet = facts.wallets.get(key);
      if (!wallet) return row('invalid', M.noAccountForAddress);
      if (!wallet.isEarner) return row('invalid', M.notAnEarner);
      if (seen.has(key)) return row('duplicate', M.duplicateInFile);
      seen.add(key);
      // Whitelisting again would spend a chain transaction on nothing.
      if (facts.whitelisted.has(key)) return row('duplicate', M.alreadyWhitelisted);
      earners.push(value);
      return row('ready', M.ready);
    }
    if (seen.has(key)) return row('duplicate', M.duplicateInFile);
    seen.add(key);
    if (facts.unsubscribed.has(key)) return row('unsubscribed', M.addressUnsubscribed);
    if (facts.invited.has(key)) return row('duplicate', M.invited);
    if (facts.invitedRecently.has(key)) return row('duplicate', M.invitedRecently);
    invitees.push(value);
    return row('invite', M.invite);
  });
  const counts = Object.fromEntries(
    WHITELIST_ROW_KINDS.map((kind) => [kind, 0]),
  ) as Classified['counts'];
  for (const row of rows) counts[row.kind] += 1;
  return { rows, counts, earners, invitees };
}
