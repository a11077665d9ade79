// SQL of the record of whitelisted-earner mails: one row per badge and wallet.
import type { Queryable } from '../../db/database.ts';

/**
 * Records that these wallets are mailed about this badge; answers the ones
 * that were not yet (lower case), so each is mailed once.
 */
export async function recordWhitelistNotices(
  db: Queryable,
  badgeChainId: string,
  accounts: string[],
): Promise<string[]> {
  if (accounts.length === 0) return [];
  const rows = await db.query<{ account: string }>(
    `INSERT INTO whitelist_notices (badge_chain_id, account)
     SELECT $1, account FROM unnest($2::text[]) AS t(account)
     ON CONFLICT DO NOTHING
     RETURNING account`,
    [badgeChainId, [...new Set(accounts.map((account) => account.toLowerCase()))]],
  );
  return rows.map((row) => row.account);
}
