// A sponsor's whitelist CSV: one bare email or wallet address per row (the
// first cell; a header row is optional), read with csv-parse, and what each
// row becomes: ready (a registered earner to whitelist), unknown (an email
// with no account: invited), duplicate (earlier in the file, whitelisted or
// invited already), unsubscribed (the address asked for no more invitations)
// or invalid. Pure: the look-ups are done by the caller (service.ts).
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

/** What the platform knows of a row's email or address. */
export interface KnownUser {
  id: string;
  email: string;
  account: `0x${string}` | null;
  isEarner: boolean;
}

/** The name and wallet of an earner as the sponsor saw them on an application to their badge. */
export interface Applicant {
  account: `0x${string}`;
  fullName: string;
}

export interface ClassifyFacts {
  sponsor: { email: string; account: string };
  /** Users by lower-case email and by lower-case account. */
  users: Map<string, KnownUser>;
  /** Earners who applied to one of the sponsor's badges, by lower-case account. */
  applicants: Map<string, Applicant>;
  /** Lower-case accounts whitelisted on the badge already (read for wallets and applicants only). */
  whitelisted: Set<string>;
  /** Lower-case emails invited to this badge before (withdrawn ones too). */
  invited: Set<string>;
  /** Lower-case emails the sponsor invited to any badge within INVITATION_ADDRESS_DAYS. */
  invitedRecently: Set<string>;
  /** Lower-case emails that asked for no more invitations. */
  unsubscribed: Set<string>;
}

export interface Classified extends Pick<WhitelistCsvPreview, 'rows' | 'counts'> {
  /** The wallets to whitelist, one per ready row. */
  earners: `0x${string}`[];
  /** The emails to invite, one per unknown row, as written. */
  invitees: string[];
}

/**
 * Each row's kind and reason, in file order, with the counts per kind. A
 * row names an earner (full name, wallet) only when that earner applied to
 * one of the sponsor's badges: for anyone else the answer must not tell whose
 * wallet an email is, so an email and a wallet of one such earner are not
 * merged as one, and an email's earner is not looked up on the whitelist
 * (whitelisting again changes nothing on chain).
 */
export function classifyWhitelistRows(entries: CsvEntry[], facts: ClassifyFacts): Classified {
  const seen = new Set<string>();
  const earners: `0x${string}`[] = [];
  const invitees: string[] = [];
  const rows = entries.map(({ line, value }): WhitelistCsvRow => {
    const row = (kind: WhitelistCsvRow['kind'], reason: string, applicant?: Applicant) => ({
      line,
      value,
      kind,
      reason,
      account: applicant?.account ?? null,
      fullName: applicant?.fullName ?? null,
    });
    const key = value.toLowerCase();
    const byAddress = isAddress(value);
    if (!byAddress && !isEmail(value)) return row('invalid', M.notEmailOrAddress);
    if (key === facts.sponsor.email.toLowerCase() || key === facts.sponsor.account.toLowerCase()) {
      return row('invalid', M.ownWallet);
    }
    const user = facts.users.get(key);
    if (!user) {
      if (byAddress) return row('invalid', M.noAccountForAddress);
      if (seen.has(key)) return row('duplicate', M.duplicateInFile);
      seen.add(key);
      if (facts.unsubscribed.has(key)) return row('unsubscribed', M.addressUnsubscribed);
      if (facts.invited.has(key)) return row('duplicate', M.invited);
      if (facts.invitedRecently.has(key)) return row('duplicate', M.invitedRecently);
      invitees.push(value);
      return row('unknown', M.unknown);
    }
    if (!user.isEarner || !user.account) return row('invalid', M.notAnEarner);
    const account = user.account.toLowerCase();
    const applicant = facts.applicants.get(account);
    // A wallet the sponsor typed, or an applicant's email, may stand for its earner.
    const known = byAddress || applicant !== undefined;
    const earner = known ? account : key;
    if (seen.has(earner)) return row('duplicate', M.duplicateInFile, applicant);
    seen.add(earner);
    if (known && facts.whitelisted.has(account)) {
      return row('duplicate', M.alreadyWhitelisted, applicant);
    }
    earners.push(user.account);
    return row('ready', M.ready, applicant);
  });
  const counts = Object.fromEntries(
    WHITELIST_ROW_KINDS.map((kind) => [kind, 0]),
  ) as Classified['counts'];
  for (const row of rows) counts[row.kind] += 1;
  return { rows, counts, earners, invitees };
}
