import type { Queryable } from '../db/database.ts';

export interface WorkerIdentity {
  workerId: string;
  hostname: string;
  pid: number;
  startedAt: Date;
}

export async function recordHeartbeat(db: Queryable, worker: WorkerIdentity): Promise<void> {
  await db.query(
    `INSERT INTO worker_heartbeats (worker_id, hostname, pid, started_at, last_beat_at)
     VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (worker_id) DO UPDATE SET last_beat_at = now()`,
    [worker.workerId, worker.hostname, worker.pid, worker.startedAt.toISOString()],
  );
}

export async function removeHeartbeat(db: Queryable, workerId: string): Promise<void> {
  await db.query('DELETE FROM worker_heartbeats WHERE worker_id = $1', [workerId]);
}

/** The newest beat of any worker, and how many milliseconds ago it was (by the database clock). */
export async function latestHeartbeat(
  db: Queryable,
): Promise<{ lastBeatAt: Date; ageMs: number } | null> {
  const rows = await db.query<{ last_beat_at: Date | string; age_ms: string | number }>(
    `SELECT last_beat_at, EXTRACT(EPOCH FROM (now() - last_beat_at)) * 1000 AS age_ms
       FROM worker_heartbeats ORDER BY last_beat_at DESC LIMIT 1`,
  );
  const row = rows[0];
  return row ? { lastBeatAt: new Date(row.last_beat_at), ageMs: Number(row.age_ms) } : null;
}

export async function pruneHeartbeats(db: Queryable, olderThanMs: number): Promise<void> {
  await db.query(
    `DELETE FROM worker_heartbeats WHERE last_beat_at < now() - ($1::double precision * interval '1 millisecond')`,
    [olderThanMs],
  );
}
