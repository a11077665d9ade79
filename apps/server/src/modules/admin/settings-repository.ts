// SQL of the record of saved settings (who confirmed which periods, when).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';

export async function insertSettingsChange(
  db: Queryable,
  change: { adminId: string; claimPeriod?: number; approvalPeriod?: number; lockPeriod?: number },
): Promise<void> {
  await db.query(
    `INSERT INTO settings_changes (id, admin_id, claim_period, approval_period, lock_period)
     VALUES ($1, $2, $3, $4, $5)`,
    [
      randomUUID(),
      change.adminId,
      change.claimPeriod ?? null,
      change.approvalPeriod ?? null,
      change.lockPeriod ?? null,
    ],
  );
}
