// A sponsor's whitelist CSV: one email or wallet address per row (the first
// cell; a header row is optional), read with csv-parse, and what each row
// becomes: ready (a registered earner to whitelist), unknown (an email with no
// account: invited), duplicate (earlier in the file, or whitelisted already)
// or invalid. Pure: the look-ups are done by the caller (service.ts).
import { parse } from 'csv-parse/sync';
import {
  WHITELIST_CSV_MAX_ROWS,
  WHITELIST_CSV_MESSAGES as M,
  type WhitelistCsvPreview,
  type WhitelistCsvRow,
} from '@gets/schema';
import { AppError } from '../../http/errors.ts';

export interface CsvEntry {
  /** 1-based line of the row in the file. */
  line: number;
  value: string;
}

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** A first row that names its column rather than holding an earner. */
const HEADER = /^[a-z][a-z _-]*$/i;

export const isEmail = (value: string) => EMAIL.test(value);
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
  const entries = records
    .map(({ record, info }) => ({ line: info.lines, value: record[0]?.trim() ?? '' }))
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
  email: string;
  account: `0x${string}` | null;
  fullName: string;
  isEarner: boolean;
}

export interface ClassifyFacts {
  sponsor: { email: string; account: string };
  /** Users by lower-case email and by lower-case account. */
  users: Map<string, KnownUser>;
  /** Lower-case accounts whitelisted on the badge already. */
  whitelisted: Set<string>;
  /** Lower-case emails invited to the badge before. */
  invited: Set<string>;
}

/** Each row's kind and reason, in file order, with the counts per kind. */
export function classifyWhitelistRows(
  entries: CsvEntry[],
  facts: ClassifyFacts,
): Omit<WhitelistCsvPreview, 'hasHeader'> {
  const seen = new Set<string>();
  const rows = entries.map(({ line, value }): WhitelistCsvRow => {
    const row = (kind: WhitelistCsvRow['kind'], reason: string, user?: KnownUser) => ({
      line,
      value,
      kind,
      reason,
      account: user?.account ?? null,
      fullName: user?.fullName ?? null,
    });
    const key = value.toLowerCase();
    if (!isEmail(value) && !isAddress(value)) return row('invalid', M.notEmailOrAddress);
    if (key === facts.sponsor.email.toLowerCase() || key === facts.sponsor.account.toLowerCase()) {
      return row('invalid', M.ownWallet);
    }
    const user = facts.users.get(key);
    if (!user) {
      if (isAddress(value)) return row('invalid', M.noAccountForAddress);
      if (seen.has(key)) return row('duplicate', M.duplicateInFile);
      seen.add(key);
      return row('unknown', facts.invited.has(key) ? M.invited : M.unknown);
    }
    if (!user.isEarner || !user.account) return row('invalid', M.notAnEarner, user);
    // An earner listed by email and by address is one earner.
    const earner = user.account.toLowerCase();
    if (seen.has(earner)) return row('duplicate', M.duplicateInFile, user);
    seen.add(earner);
    if (facts.whitelisted.has(earner)) return row('duplicate', M.alreadyWhitelisted, user);
    return row('ready', M.ready, user);
  });
  const counts = { ready: 0, unknown: 0, duplicate: 0, invalid: 0 };
  for (const row of rows) counts[row.kind] += 1;
  return { rows, counts };
}
