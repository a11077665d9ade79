// SQL of the relayers' fair use: what an account has in flight and the relayer
// gas its requests were budgeted today (UTC), counted where the pipeline
// records them, so every API process sees the same counts.
import type { Queryable } from '../../db/database.ts';
import type { OwnerKind } from '../../keys/owner-kind.ts';

export interface AccountUse {
  /** The account's chain transactions QUEUED or SENT. */
  inFlight: number;
  /** Relayer gas budgeted to its requests sent today (UTC). */
  gasToday: bigint;
  /** Seconds until the next UTC day, by the database clock. */
  secondsToNextDay: number;
}

/**
 * SQL that is true while the account named by the parameters `$kind`, `$id`
 * is within its limits `$max` (actions in flight) and `$gas` (today's gas);
 * with `$max` NULL (no limits: the system wallet) it is always true. Folded
 * into the consent statements, so the check costs no statement of its own.
 */
export const withinAccountLimits = (kind: string, id: string, max: string, gas: string) =>
  `(${max}::int IS NULL OR (
      (SELECT count(*) FROM chain_transactions f
        WHERE f.owner_kind = ${kind} AND f.owner_id = ${id}
          AND f.status IN ('QUEUED', 'SENT')) < ${max}::int
      AND COALESCE((SELECT g.gas FROM account_gas_usage g
                     WHERE g.owner_kind = ${kind} AND g.owner_id = ${id}
                       AND g.day = (now() AT TIME ZONE 'UTC')::date), 0) < ${gas}::numeric))`;

/** Advisory lock space of an account's submissions (the key's first half). */
const ACCOUNT_LOCK_SPACE = 7_214_301;

/**
 * Holds the account's submissions until this transaction ends, so two
 * submissions at once cannot both find room under the in-flight limit.
 */
export async function lockAccountSubmissions(
  tx: Queryable,
  owner: { kind: OwnerKind; id: string },
): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
    ACCOUNT_LOCK_SPACE,
    `${owner.kind}:${owner.id}`,
  ]);
}

export async function accountUse(
  db: Queryable,
  owner: { kind: OwnerKind; id: string },
): Promise<AccountUse> {
  const rows = await db.query<{
    in_flight: number;
    gas_today: string;
    seconds_to_next_day: string | number;
  }>(
    `SELECT (SELECT count(*) FROM chain_transactions
              WHERE owner_kind = $1 AND owner_id = $2 AND status IN ('QUEUED', 'SENT'))::int AS in_flight,
            COALESCE((SELECT gas FROM account_gas_usage
                       WHERE owner_kind = $1 AND owner_id = $2
                         AND day = (now() AT TIME ZONE 'UTC')::date), 0)::text AS gas_today,
            EXTRACT(EPOCH FROM (date_trunc('day', now() AT TIME ZONE 'UTC') + interval '1 day'
                                - (now() AT TIME ZONE 'UTC')))::float8 AS seconds_to_next_day`,
    [owner.kind, owner.id],
  );
  const row = rows[0]!;
  return {
    inFlight: Number(row.in_flight),
    gasToday: BigInt(row.gas_today),
    secondsToNextDay: Number(row.seconds_to_next_day),
  };
}

/**
 * Adds the gas budgeted to requests just sent to their accounts' use of the
 * day, one row per account and UTC day.
 */
export async function addGasUse(
  db: Queryable,
  sent: { ownerKind: OwnerKind; ownerId: string; gas: bigint }[],
): Promise<void> {
  if (sent.length === 0) return;
  await db.query(
    `INSERT INTO account_gas_usage (owner_kind, owner_id, day, gas)
     SELECT s.kind, s.id::uuid, (now() AT TIME ZONE 'UTC')::date, sum(s.gas::numeric)
       FROM unnest($1::text[], $2::text[], $3::text[]) AS s(kind, id, gas)
      GROUP BY s.kind, s.id
     ON CONFLICT (owner_kind, owner_id, day)
       DO UPDATE SET gas = account_gas_usage.gas + EXCLUDED.gas`,
    [sent.map((s) => s.ownerKind), sent.map((s) => s.ownerId), sent.map((s) => s.gas.toString())],
  );
}

/** Deletes days of gas use older than `keepDays`; answers how many rows went. */
export async function pruneGasUse(db: Queryable, keepDays: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM account_gas_usage
      WHERE day < (now() AT TIME ZONE 'UTC')::date - $1::int RETURNING 1`,
    [keepDays],
  );
  return rows.length;
}
