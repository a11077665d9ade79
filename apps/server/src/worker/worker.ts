// The background worker: runs the platform's periodic jobs and beats a
// heartbeat the health check reads. Later jobs (transaction pipeline,
// scheduled expiries) register here as WorkerJobs.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Database } from '../db/database.ts';
import {
  pruneHeartbeats,
  recordHeartbeat,
  removeHeartbeat,
  type WorkerIdentity,
} from './heartbeat-repository.ts';

export interface WorkerJob {
  name: string;
  intervalMs: number;
  /**
   * A job whose run answers 'idle' (it found nothing to do) waits twice as
   * long before each next run, up to this; a wake, or a run that found work,
   * brings it back to `intervalMs`. Without it, an idle run changes nothing.
   * An idle platform then polls its database a few times a second, not a
   * hundred (relay and settle would otherwise ask every 50 and 100 ms).
   */
  idleIntervalMs?: number;
  run(): Promise<void | 'idle'>;
  /**
   * Hands the job its `wake`: a call runs the job now rather than at its next
   * tick (or right after the run in progress), so one job can tell another
   * there is work for it instead of waiting for that job's next poll. And its
   * `nudge`: the same, but only while the job rests after idle runs, for a
   * stream of hints (status notices) that would otherwise run a busy job back
   * to back when its short interval already has it looking.
   */
  onWake?(wake: () => void, nudge: () => void): void;
}

export interface WorkerLog {
  error(obj: object, message: string): void;
  info?(obj: object, message: string): void;
}

/** A failing job waits longer before each next try, up to this (a database or node that is down). */
export const MAX_BACKOFF_MS = 5_000;
/** While a job keeps failing, it says so at most this often. */
const FAILURE_LOG_EVERY_MS = 30_000;

export interface Worker {
  identity: WorkerIdentity;
  stop(): Promise<void>;
}

/** A worker counts as down once its beat is this many intervals old. */
export const HEARTBEAT_STALE_INTERVALS = 5;

export async function startWorker(
  db: Database,
  options: { heartbeatIntervalMs: number; jobs?: WorkerJob[]; log: WorkerLog },
): Promise<Worker> {
  const identity: WorkerIdentity = {
    workerId: randomUUID(),
    hostname: os.hostname(),
    pid: process.pid,
    startedAt: new Date(),
  };
  const heartbeat: WorkerJob = {
    name: 'heartbeat',
    intervalMs: options.heartbeatIntervalMs,
    async run() {
      await recordHeartbeat(db, identity);
      await pruneHeartbeats(db, options.heartbeatIntervalMs * HEARTBEAT_STALE_INTERVALS * 10);
    },
  };
  await heartbeat.run();

  const jobs = [heartbeat, ...(options.jobs ?? [])];
  const timers = new Map<WorkerJob, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  for (const job of jobs) {
    let busy = false;
    // A job that fails (its database or chain is unreachable) pauses with a
    // growing delay instead of hammering, and says so once, not every tick.
    let failures = 0;
    let pausedUntil = 0;
    let lastLoggedAt = 0;
    let idleRuns = 0;
    const failed = (error: unknown) => {
      failures += 1;
      const delay = Math.min(MAX_BACKOFF_MS, job.intervalMs * 2 ** failures);
      pausedUntil = Date.now() + delay;
      if (failures === 1 || Date.now() - lastLoggedAt >= FAILURE_LOG_EVERY_MS) {
        lastLoggedAt = Date.now();
        options.log.error(
          { err: error, job: job.name, failures, retryInMs: delay },
          'worker job failed; pausing before the next try',
        );
      }
    };
    const succeeded = (outcome: void | 'idle') => {
      if (failures > 0) {
        options.log.info?.({ job: job.name, failures }, 'worker job recovered');
      }
      failures = 0;
      pausedUntil = 0;
      idleRuns = outcome === 'idle' ? idleRuns + 1 : 0;
    };
    const nextDelay = () => {
      const pause = pausedUntil - Date.now();
      if (pause > 0) return pause;
      if (idleRuns === 0 || job.idleIntervalMs === undefined) return job.intervalMs;
      return Math.min(job.idleIntervalMs, job.intervalMs * 2 ** idleRuns);
    };
    const schedule = (delayMs: number) => {
      clearTimeout(timers.get(job));
      if (!stopped) timers.set(job, setTimeout(tick, delayMs));
    };
    // Woken while running: run once more right after, so no wake-up is lost.
    let wokenWhileBusy = false;
    // The next run is timed from the end of this one, so a slow run is never
    // overlapped by the next of the same job.
    function tick() {
      if (stopped || busy) return;
      // Woken during a pause: the run waits for the pause's end.
      if (Date.now() < pausedUntil) return schedule(nextDelay());
      busy = true;
      const run = job
        .run()
        .then(succeeded, failed)
        .finally(() => {
          busy = false;
          running.delete(run);
          if (wokenWhileBusy) {
            wokenWhileBusy = false;
            tick();
          } else schedule(nextDelay());
        });
      running.add(run);
    }
    const wake = () => {
      idleRuns = 0;
      if (busy) wokenWhileBusy = true;
      else tick();
    };
    job.onWake?.(wake, () => {
      if (idleRuns > 0) wake();
    });
    schedule(job.intervalMs);
  }

  return {
    identity,
    async stop() {
      stopped = true;
      timers.forEach((timer) => clearTimeout(timer));
      await Promise.all(running);
      await removeHeartbeat(db, identity.workerId).catch(() => undefined);
    },
  };
}
