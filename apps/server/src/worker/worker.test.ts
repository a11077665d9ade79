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

  it('a job that finds nothing waits twice as long each time, up to its idle interval; a wake runs it at once', async () => {
    let wake = () => {};
    const runsAt: number[] = [];
    let sixRuns = () => {};
    const six = new Promise<void>((resolve) => (sixRuns = resolve));
    workers.push(
      await startWorker(db, {
        heartbeatIntervalMs: NEVER_BY_INTERVAL_MS,
        log: silent,
        jobs: [
          {
            name: 'idle',
            intervalMs: 10,
            idleIntervalMs: 40,
            onWake: (w) => (wake = w),
            async run() {
              runsAt.push(performance.now());
              if (runsAt.length === 6) sixRuns();
              return 'idle';
            },
          },
        ],
      }),
    );
    await six;
    const gaps = runsAt.slice(1, 6).map((at, i) => at - runsAt[i]!);
    // A timer never fires early (1 ms for the clock's rounding): 20, 40, then 40 and 40.
    [20, 40, 40, 40].forEach((least, i) => expect(gaps[i]).toBeGreaterThanOrEqual(least - 1));
    // The sixth run's bookkeeping ends in this turn; its next run is 40 ms away.
    await new Promise((resolve) => setImmediate(resolve));
    const before = runsAt.length;
    wake();
    expect(runsAt.length).toBe(before + 1);
  });

  it('a nudge runs only a resting job: one whose last run found nothing', async () => {
    let wake = () => {};
    let nudge = () => {};
    let idle = false;
    let runs = 0;
    workers.push(
      await startWorker(db, {
        heartbeatIntervalMs: NEVER_BY_INTERVAL_MS,
        log: silent,
        jobs: [
          {
            name: 'nudged',
            intervalMs: NEVER_BY_INTERVAL_MS,
            idleIntervalMs: NEVER_BY_INTERVAL_MS,
            onWake: (w, n) => {
              wake = w;
              nudge = n;
            },
            async run() {
              runs += 1;
              return idle ? 'idle' : undefined;
            },
          },
        ],
      }),
    );
    // Each run's bookkeeping ends within the turn it resolves in.
    const afterRun = () => new Promise((resolve) => setImmediate(resolve));
    nudge();
    wake();
    await afterRun();
    // Never run, then a run that found work: neither rests, a nudge changes nothing.
    nudge();
    expect(runs).toBe(1);
    idle = true;
    wake();
    await afterRun();
    nudge();
    expect(runs).toBe(3);
  });
});
