import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { startWorker, type Worker } from './worker.ts';

const silent = { error: () => undefined };
/** Far longer than any test: a run that happens came from a wake-up, not the interval. */
const NEVER_BY_INTERVAL_MS = 600_000;

describe('worker jobs woken by another job', () => {
  let db: Database;
  const workers: Worker[] = [];
  beforeAll(async () => {
    db = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await migrate(db);
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await db.close();
  });

  it('runs at once when woken, and once more right after when woken during a run', async () => {
    let wake = () => {};
    const runs: string[] = [];
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let secondDone = () => {};
    const second = new Promise<void>((resolve) => (secondDone = resolve));
    workers.push(
      await startWorker(db, {
        heartbeatIntervalMs: NEVER_BY_INTERVAL_MS,
        log: silent,
        jobs: [
          {
            name: 'woken',
            intervalMs: NEVER_BY_INTERVAL_MS,
            onWake: (w) => (wake = w),
            async run() {
              runs.push(`run ${runs.length + 1}`);
              if (runs.length === 1) await firstHeld;
              if (runs.length === 2) secondDone();
            },
          },
        ],
      }),
    );
    wake();
    expect(runs).toEqual(['run 1']);
    // Woken twice while the first run is held: one more run, not two, and none lost.
    wake();
    wake();
    releaseFirst();
    await second;
    expect(runs).toEqual(['run 1', 'run 2']);
  });
});
