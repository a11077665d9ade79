// SQL of awards (claimed applications): the earners holding a badge, the
// award winners of a sponsor's badges and what they were paid.
import type { Queryable } from '../../db/database.ts';

export interface Award {
  applicationId: string;
  badgeId: string;
  badgeName: string;
  fullName: string;
  earnerAddress: string;
  assignedHash: string;
  assignedAt: Date;
  rewardAmount: bigint;
}

interface AwardRow {
  id: string;
  badge_id: string;
  badge_name: string;
  full_name: string;
  earner_address: string;
  assigned_hash: string;
  assigned_at: Date | string;
  reward_amount: string;
}

const AWARDS = `SELECT a.id, a.badge_id, b.name AS badge_name, a.full_name, a.earner_address,
    a.assigned_hash, a.assigned_at, a.reward_amount::text
  FROM badge_applications a JOIN badges b ON b.id = a.badge_id`;

const toAward = (row: AwardRow): Award => ({
  applicationId: row.id,
  badgeId: row.badge_id,
  badgeName: row.badge_name,
  fullName: row.full_name,
  earnerAddress: row.earner_address,
  assignedHash: row.assigned_hash,
  assignedAt: new Date(row.assigned_at),
  rewardAmount: BigInt(row.reward_amount),
});

/** The earners holding a badge, most recent first. */
export async function listAwardsOfBadge(db: Queryable, badgeId: string): Promise<Award[]> {
  const rows = await db.query<AwardRow>(
    `${AWARDS} WHERE a.badge_id = $1 AND a.status = 'TOKEN_CLAIMED'
      ORDER BY a.assigned_at DESC, a.id DESC`,
    [badgeId],
  );
  return rows.map(toAward);
}

/** The award winners of a sponsor's badges, most recent first. */
export async function listAwardsOfSponsor(db: Queryable, sponsorId: string): Promise<Award[]> {
  const rows = await db.query<AwardRow>(
    `${AWARDS} WHERE b.sponsor_id = $1 AND a.status = 'TOKEN_CLAIMED'
      ORDER BY a.assigned_at DESC, a.id DESC`,
    [sponsorId],
  );
  return rows.map(toAward);
}

/** Awards of a sponsor's badges and the GETS (base units) they paid. */
export async function sumAwardsOfSponsor(
  db: Queryable,
  sponsorId: string,
): Promise<{ count: number; units: bigint }> {
  const rows = await db.query<{ total: string | number; units: string | null }>(
    `SELECT count(*) AS total, sum(a.reward_amount)::text AS units
       FROM badge_applications a JOIN badges b ON b.id = a.badge_id
      WHERE b.sponsor_id = $1 AND a.status = 'TOKEN_CLAIMED'`,
    [sponsorId],
  );
  return { count: Number(rows[0]?.total ?? 0), units: BigInt(rows[0]?.units ?? '0') };
}
