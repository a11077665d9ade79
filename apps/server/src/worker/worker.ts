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
  run(): Promise<void>;
}

export interface WorkerLog {
  error(obj: object, message: string): void;
}

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
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;

  for (const job of jobs) {
    let busy = false;
    const tick = () => {
      // A slow run is never overlapped by the next tick of the same job.
      if (stopped || busy) return;
      busy = true;
      const run = job
        .run()
        .catch((error: unknown) =>
          options.log.error({ err: error, job: job.name }, 'worker job failed'),
        )
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    timers.push(setInterval(tick, job.intervalMs));
  }

  return {
    identity,
    async stop() {
      stopped = true;
      timers.forEach(clearInterval);
      await Promise.all(running);
      await removeHeartbeat(db, identity.workerId).catch(() => undefined);
    },
  };
}
