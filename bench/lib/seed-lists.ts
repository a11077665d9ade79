// Fills a platform's database with N badges and their applications and awards,
// in a handful of set-based statements, for the list benchmark. The rows look
// like the ones the product writes (statuses, counts, chain ids), but no chain
// call is made: the lists read only the database.
//
// Shape, for N badges: N/10 sponsors with 10 badges each, N/2 earners, and on
// every badge that is not a draft 5 applications (2 awarded, 1 approved, 1
// pending, 1 rejected). Of the badges, 1 in 20 is a draft, 2 in 20 wait for
// approval, 1 in 20 is banned, the rest are verified; 1 in 10 is private.
// The measured sponsor owns the first 10 badges; the measured earner holds
// the first application of each of them.
import type { Queryable } from '../../apps/server/src/db/database.ts';

export const SEARCH_WORDS = [
  'Astronomy',
  'Biology',
  'Chemistry',
  'Design',
  'Economics',
  'Forestry',
  'Geology',
  'History',
  'Informatics',
  'Journalism',
  'Kinetics',
  'Linguistics',
  'Mathematics',
  'Nursing',
  'Oceanography',
  'Philosophy',
  'Quantum',
  'Robotics',
  'Statistics',
  'Theatre',
  'Urbanism',
  'Virology',
  'Welding',
  'Xylography',
  'Yoga',
  'Zoology',
];

/** A stable id (UUID version 4 in shape) for a seed key: the API checks ids are UUIDs. */
const seedId = (key: string) =>
  `(overlay(overlay(md5(${key}) placing '4' from 13) placing '8' from 17))::uuid`;

export interface Seeded {
  badges: number;
  applications: number;
  /** A verified public badge of the measured sponsor, with applications and awards. */
  sampleBadgeId: string;
}

/** Approved sponsors or earners number from..to, with a wallet address each. */
async function insertPeople(db: Queryable, kind: 'sponsor' | 'earner', from: number, to: number) {
  await db.query(
    `INSERT INTO users (id, email, password_hash, full_name, user_name, user_type, status,
                        is_verified, email_verified, account)
     SELECT ${seedId(`'${kind}' || k`)}, '${kind}' || k || '@bench.example', 'x',
            initcap('${kind}') || ' ' || k, 'bench_${kind}_' || k, upper('${kind}'), 'APPROVED',
            true, true,
            '0x' || substr(md5('${kind}-account' || k) || md5('${kind}-account2' || k), 1, 40)
       FROM generate_series($1::int, $2::int) AS k`,
    [from, to],
  );
}

export async function seedLists(
  db: Queryable,
  n: number,
  measured: { sponsorId: string; earnerId: string; earnerAddress: string },
): Promise<Seeded> {
  const sponsors = Math.max(1, Math.floor(n / 10));
  const earners = Math.max(10, Math.floor(n / 2));
  await insertPeople(db, 'sponsor', 1, sponsors);
  await insertPeople(db, 'earner', 0, earners - 1);
  // Badge i: published i minutes before now, so lists have a stable order.
  await db.query(
    `INSERT INTO badges (id, sponsor_id, status, name, description, award_criteria, image,
                         is_public, amount_of_token, number_of_badge, approved_count,
                         application_count, batch_expiry_date, on_chain_id, transaction_hash,
                         approval_deadline, expiry_date, created_at, updated_at, published_at,
                         approved_at)
     SELECT ${seedId(`'badge' || i`)},
            CASE WHEN i < 10 THEN $2::uuid ELSE ${seedId(`'sponsor' || (1 + (i / 10) % $3::int)`)} END,
            kind.status,
            ($4::text[])[1 + i % array_length($4::text[], 1)] || ' badge ' || i,
            'A badge for the list benchmark, number ' || i,
            'Complete the work of badge ' || i,
            'bafkreibenchmarkimage' || i,
            i % 10 <> 7,
            (1 + i % 50)::numeric * 10::numeric ^ 18,
            10,
            CASE WHEN kind.status = 'DRAFT' THEN 0 ELSE 3 END,
            CASE WHEN kind.status = 'DRAFT' THEN 0 ELSE 5 END,
            now() + interval '60 days',
            CASE WHEN kind.status = 'DRAFT' THEN NULL ELSE i + 1 END,
            CASE WHEN kind.status = 'DRAFT' THEN NULL ELSE '0x' || md5('badge-tx' || i) || md5('badge-tx2' || i) END,
            CASE WHEN kind.status = 'DRAFT' THEN NULL ELSE now() + interval '7 days' END,
            CASE WHEN kind.status IN ('VERIFIED', 'BANNED') THEN now() + interval '90 days' END,
            now() - i * interval '1 minute',
            now() - i * interval '1 minute',
            CASE WHEN kind.status = 'DRAFT' THEN NULL ELSE now() - i * interval '1 minute' END,
            CASE WHEN kind.status IN ('VERIFIED', 'BANNED') THEN now() - i * interval '1 minute' END
       FROM generate_series(0, $1::int - 1) AS i,
            LATERAL (SELECT CASE
              WHEN i < 10 THEN 'VERIFIED'
              WHEN i % 20 = 0 THEN 'DRAFT'
              WHEN i % 20 IN (1, 11) THEN 'UNDER_VERIFICATION'
              WHEN i % 20 = 2 THEN 'BANNED'
              ELSE 'VERIFIED' END AS status) AS kind`,
    [n, measured.sponsorId, sponsors, SEARCH_WORDS],
  );
  // Application j of badge i: 0 and 1 awarded, 2 approved, 3 pending, 4 rejected.
  await db.query(
    `INSERT INTO badge_applications (id, badge_id, earner_id, earner_address, status, full_name,
                                     award_criteria, awarding_criteria_evidence, on_chain_id,
                                     request_transaction_id, reviewed_at, claim_deadline,
                                     claim_transaction_id, token_id, reward_amount,
                                     assigned_hash, assigned_at, created_at, updated_at)
     SELECT ${seedId(`'application' || i || '-' || j`)}, b.id, earner.id, earner.account,
            CASE j WHEN 0 THEN 'TOKEN_CLAIMED' WHEN 1 THEN 'TOKEN_CLAIMED' WHEN 2 THEN 'APPROVED'
                   WHEN 3 THEN 'APPLIED' ELSE 'REJECTED' END,
            'Earner ' || (i * 5 + j) % $2::int, true, false,
            i * 5 + j + 1, ${seedId(`'request' || i || '-' || j`)},
            CASE WHEN j <> 3 THEN b.published_at + interval '2 hours' END,
            CASE WHEN j = 2 THEN now() + interval '30 days' END,
            CASE WHEN j < 2 THEN ${seedId(`'claim' || i || '-' || j`)} END,
            CASE WHEN j < 2 THEN i * 5 + j + 1 END,
            CASE WHEN j < 2 THEN b.amount_of_token END,
            CASE WHEN j < 2 THEN '0x' || md5('claim-tx' || i || j) || md5('claim-tx2' || i || j) END,
            CASE WHEN j < 2 THEN b.published_at + interval '3 hours' END,
            b.published_at + interval '1 hour', b.published_at + interval '1 hour'
       FROM generate_series(0, $1::int - 1) AS i
       JOIN badges b ON b.id = ${seedId(`'badge' || i`)} AND b.status <> 'DRAFT'
       CROSS JOIN generate_series(0, 4) AS j
       CROSS JOIN LATERAL (
         SELECT CASE WHEN i < 10 AND j = 0 THEN $3::uuid
                     ELSE ${seedId(`'earner' || (i * 5 + j) % $2::int`)} END AS id,
                CASE WHEN i < 10 AND j = 0 THEN $4::text
                     ELSE '0x' || substr(md5('earner-account' || (i * 5 + j) % $2::int)
                                        || md5('earner-account2' || (i * 5 + j) % $2::int), 1, 40)
                END AS account) AS earner`,
    [n, earners, measured.earnerId, measured.earnerAddress],
  );
  // As autovacuum would in time: the count triggers left dead rows behind.
  for (const table of ['users', 'badges', 'badge_counts', 'badge_applications']) {
    await db.query(`VACUUM ANALYZE ${table}`);
  }
  // Write the seed's pages out now, not while the calls are measured.
  try {
    await db.query('CHECKPOINT');
  } catch (error) {
    console.warn(
      `  CHECKPOINT refused (${(error as Error).message}): the database may still be ` +
        'writing the seed out during the first measurements',
    );
  }
  const [counted] = await db.query<{ badges: string; applications: string }>(
    `SELECT (SELECT count(*) FROM badges) AS badges,
            (SELECT count(*) FROM badge_applications) AS applications`,
  );
  const [sample] = await db.query<{ id: string }>(`SELECT ${seedId(`'badge' || 0`)}::text AS id`);
  return {
    badges: Number(counted!.badges),
    applications: Number(counted!.applications),
    sampleBadgeId: sample!.id,
  };
}
