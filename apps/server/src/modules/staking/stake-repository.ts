// SQL of the Community Treasure's records: stakes (by their chain id) and the
// admins' treasury movements. The chain stays the truth of amounts; these
// rows say whose each stake is and when it was made.
import type { Queryable } from '../../db/database.ts';

export interface StakeRow {
  onChainId: string;
  ownerKind: 'user' | 'admin';
  ownerId: string;
  account: `0x${string}`;
  /** 18-decimal units, as a decimal string. */
  amount: string;
  unlockAt: Date;
  createdAt: Date;
  withdrawnAt: Date | null;
}

interface Row {
  on_chain_id: string;
  owner_kind: 'user' | 'admin';
  owner_id: string;
  account: `0x${string}`;
  amount: string;
  unlock_at: Date | string;
  created_at: Date | string;
  withdrawn_at: Date | string | null;
}

const COLUMNS = `on_chain_id::text, owner_kind, owner_id, account, amount::text, unlock_at,
  created_at, withdrawn_at`;

const toStake = (row: Row): StakeRow => ({
  onChainId: row.on_chain_id,
  ownerKind: row.owner_kind,
  ownerId: row.owner_id,
  account: row.account,
  amount: row.amount,
  unlockAt: new Date(row.unlock_at),
  createdAt: new Date(row.created_at),
  withdrawnAt: row.withdrawn_at ? new Date(row.withdrawn_at) : null,
});

/** Records a stake once (a repeat of the same chain id changes nothing). */
export async function insertStake(
  db: Queryable,
  stake: {
    onChainId: string;
    ownerKind: 'user' | 'admin';
    ownerId: string;
    account: string;
    amount: string;
    unlockAtSeconds: string;
    transactionId: string | null;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO stakes (on_chain_id, owner_kind, owner_id, account, amount, unlock_at, transaction_id)
     VALUES ($1, $2, $3, $4, $5, to_timestamp($6::double precision), $7)
     ON CONFLICT (on_chain_id) DO NOTHING`,
    [
      stake.onChainId,
      stake.ownerKind,
      stake.ownerId,
      stake.account,
      stake.amount,
      stake.unlockAtSeconds,
      stake.transactionId,
    ],
  );
}

export async function markStakeWithdrawn(
  db: Queryable,
  onChainId: string,
  transactionId: string,
): Promise<void> {
  await db.query(
    `UPDATE stakes SET withdrawn_at = now(), withdraw_transaction_id = $2
      WHERE on_chain_id = $1 AND withdrawn_at IS NULL`,
    [onChainId, transactionId],
  );
}

export async function findStake(db: Queryable, onChainId: string): Promise<StakeRow | null> {
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM stakes WHERE on_chain_id = $1`, [
    onChainId,
  ]);
  return rows[0] ? toStake(rows[0]) : null;
}

/** One owner's stakes, newest first. */
export async function listStakesOf(
  db: Queryable,
  owner: { kind: 'user' | 'admin'; id: string },
): Promise<StakeRow[]> {
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM stakes WHERE owner_kind = $1 AND owner_id = $2
      ORDER BY created_at DESC, on_chain_id DESC`,
    [owner.kind, owner.id],
  );
  return rows.map(toStake);
}

export interface OpenStakeListing extends StakeRow {
  user: { id: string; fullName: string; userName: string; profilePic: string | null } | null;
}

/** A page of the open stakes, newest first, with their users; and how many there are. */
export async function pageOpenStakes(
  db: Queryable,
  page: { limit: number; offset: number },
): Promise<{ stakes: OpenStakeListing[]; total: number }> {
  const rows = await db.query<
    Row & {
      user_id: string | null;
      full_name: string | null;
      user_name: string | null;
      profile_pic: string | null;
      total: number;
    }
  >(
    `SELECT s.on_chain_id::text, s.owner_kind, s.owner_id, s.account, s.amount::text, s.unlock_at,
            s.created_at, s.withdrawn_at, u.id AS user_id, u.full_name, u.user_name, u.profile_pic,
            count(*) OVER ()::int AS total
       FROM stakes s
       LEFT JOIN users u ON s.owner_kind = 'user' AND u.id = s.owner_id
      WHERE s.withdrawn_at IS NULL
      ORDER BY s.created_at DESC, s.on_chain_id DESC
      LIMIT $1 OFFSET $2`,
    [page.limit, page.offset],
  );
  const total =
    rows[0]?.total ??
    Number(
      (
        await db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM stakes WHERE withdrawn_at IS NULL',
        )
      )[0]?.n ?? 0,
    );
  return {
    total,
    stakes: rows.map((row) => ({
      ...toStake(row),
      user: row.user_id
        ? {
            id: row.user_id,
            fullName: row.full_name ?? '',
            userName: row.user_name ?? '',
            profilePic: row.profile_pic,
          }
        : null,
    })),
  };
}

/** Sum of the open stakes recorded here, in 18-decimal units. */
export async function sumOpenStakes(db: Queryable): Promise<bigint> {
  const rows = await db.query<{ total: string }>(
    'SELECT COALESCE(sum(amount), 0)::text AS total FROM stakes WHERE withdrawn_at IS NULL',
  );
  return BigInt(rows[0]?.total ?? '0');
}

export async function insertTreasuryMovement(
  db: Queryable,
  movement: {
    transactionId: string;
    adminId: string;
    kind: 'WITHDRAW' | 'DEPOSIT';
    amount: string;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO treasury_movements (transaction_id, admin_id, kind, amount)
     VALUES ($1, $2, $3, $4) ON CONFLICT (transaction_id) DO NOTHING`,
    [movement.transactionId, movement.adminId, movement.kind, movement.amount],
  );
}

/** Marks this admin's latest unconfirmed completed withdrawal of `amount` as recorded. */
export async function confirmTreasuryWithdrawal(
  db: Queryable,
  adminId: string,
  amount: string,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE treasury_movements SET confirmed_at = now()
      WHERE transaction_id = (
        SELECT transaction_id FROM treasury_movements
         WHERE admin_id = $1 AND kind = 'WITHDRAW' AND amount = $2 AND confirmed_at IS NULL
         ORDER BY created_at DESC LIMIT 1)
      RETURNING transaction_id`,
    [adminId, amount],
  );
  return rows.length > 0;
}
