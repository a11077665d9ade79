// Image work runs in processes of its own, never in the API's. Every sharp
// call holds one thread of libuv's pool (4 threads a process) until libvips
// is done, and argon2 (every login), `fs` and DNS wait for the same pool: four
// slow images in the API process made a login take 22 s instead of 70 ms.
// A worker process has its own pool; it takes one image at a time on one
// libvips thread, at a lower CPU priority than the API; a few more images
// wait in a short queue, and beyond it an upload is answered "busy" at once.
// An image that takes longer than the deadline has its process ended (libvips
// checks its own timeout only between tiles, not inside a decoder or an
// encoder), and the next image starts a fresh one. Decision 0061.
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ImageMimeType } from './image-type.ts';
import type { ReencodeResult } from './reencode-image.ts';

/** What the API sends a worker process: one image. */
export interface ImageJob {
  id: number;
  bytes: Uint8Array;
  type: ImageMimeType;
  /** libvips' own timeout, whole seconds: the deadline, rounded up. */
  seconds: number;
}

/** What a worker process says: that it is ready (sharp loaded), or its result for a job. */
export type ImageWorkerMessage = { ready: true } | { id: number; result: ReencodeResult };

/** reencodeImage's answer, or `busy`: every worker taken and the queue full. */
export type ImageWorkResult = ReencodeResult | { ok: false; reason: 'busy' };

export interface ImageWorkers {
  /** Re-encodes the image in a worker process (image-worker.ts), or answers busy at once. */
  reencode(bytes: Buffer, type: ImageMimeType): Promise<ImageWorkResult>;
  /** The worker processes running now; each starts at its first image. */
  processIds(): number[];
  /** Answers waiting images busy and ends every worker process. */
  close(): Promise<void>;
}

export interface ImageWorkersOptions {
  /** Worker processes, each one image at a time (UPLOAD_IMAGE_WORKERS). */
  workers: number;
  /** Images that may wait for a worker; one more is answered busy (UPLOAD_IMAGE_QUEUE). */
  queue: number;
  /** The most an image may take once a worker has it; then its process is ended. */
  deadlineMs: number;
  log: { warn(details: object, message: string): void };
}

/** An idle worker process ends after this long; the next image starts another. */
const IDLE_EXIT_MS = 5 * 60_000;
/**
 * How long a new worker process may take to load (about a second here, with
 * tsx compiling); its first image's deadline starts once it is ready.
 */
const START_TIMEOUT_MS = 30_000;
/**
 * Niceness of the worker processes (0 is the API's, 19 the lowest): with
 * every core busy, the scheduler gives the API, and its logins, the CPU first.
 */
const WORKER_NICENESS = 10;

const here = fileURLToPath(import.meta.url);
/** The worker's entry beside this file, in the same language (TypeScript run by tsx, or built JS). */
const WORKER_ENTRY = path.join(path.dirname(here), `image-worker${path.extname(here)}`);
/** TypeScript runs through tsx's loader, as `npm run serve` runs the server. */
const WORKER_EXEC_ARGV =
  path.extname(here) === '.ts'
    ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
    : [];

interface WaitingJob {
  bytes: Buffer;
  type: ImageMimeType;
  resolve: (result: ImageWorkResult) => void;
}

interface RunningJob extends WaitingJob {
  id: number;
  child: ChildProcess;
  /** The deadline once the image is sent; until then, the wait for the process to start. */
  timer: NodeJS.Timeout;
  sent: boolean;
}

interface Slot {
  child?: ChildProcess;
  /** Whether `child` has said it is ready. */
  ready: boolean;
  job?: RunningJob;
  idle?: NodeJS.Timeout;
}

/** Worker processes start at the first image they are given, not here. */
export function createImageWorkers(options: ImageWorkersOptions): ImageWorkers {
  const slots: Slot[] = Array.from({ length: options.workers }, () => ({ ready: false }));
  const waiting: WaitingJob[] = [];
  let lastJobId = 0;
  let closed = false;

  function start(slot: Slot): ChildProcess {
    const child = fork(WORKER_ENTRY, [], {
      execArgv: WORKER_EXEC_ARGV,
      // Structured clone: image bytes cross as bytes, not as JSON arrays of numbers.
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      if (child.pid) os.setPriority(child.pid, WORKER_NICENESS);
    } catch {
      // A system that refuses it still bounds the work by count and deadline.
    }
    // An idle worker keeps nothing alive; a running image keeps its deadline timer.
    child.unref();
    child.channel?.unref();
    child.on('message', (message: ImageWorkerMessage) => {
      if (slot.child !== child) return;
      if ('ready' in message) {
        slot.ready = true;
        if (slot.job && !slot.job.sent) send(slot, slot.job);
      } else if (slot.job?.id === message.id) {
        finish(slot, withBuffer(message.result));
      }
    });
    child.on('exit', (code, signal) => {
      if (slot.child === child) slot.child = undefined;
      if (slot.job?.child !== child) return;
      // Not ended by us while it had an image: the decoder crashed on it, or
      // the system ended it (out of memory): the file is what it could not
      // read. Ended before it was ready: no fault of the image.
      options.log.warn(
        { code, signal, started: slot.job.sent },
        'an image worker process ended while it had an image',
      );
      finish(slot, { ok: false, reason: slot.job.sent ? 'unreadable' : 'busy' });
    });
    child.on('error', (error) => {
      options.log.warn({ err: error }, 'an image worker process failed');
      // It could not start: no fault of the image; the sender may try again.
      if (slot.job?.child === child && !child.pid) {
        slot.child = undefined;
        finish(slot, { ok: false, reason: 'busy' });
      }
    });
    slot.child = child;
    slot.ready = false;
    return child;
  }

  function run(slot: Slot, job: WaitingJob) {
    clearTimeout(slot.idle);
    const child = slot.child ?? start(slot);
    const timer = setTimeout(() => {
      options.log.warn(
        { startTimeoutMs: START_TIMEOUT_MS },
        'an image worker process did not start in time; it is ended',
      );
      end(slot, child);
      finish(slot, { ok: false, reason: 'busy' });
    }, START_TIMEOUT_MS);
    slot.job = { ...job, id: (lastJobId += 1), child, timer, sent: false };
    if (slot.ready) send(slot, slot.job);
  }

  function send(slot: Slot, job: RunningJob) {
    clearTimeout(job.timer);
    job.sent = true;
    job.timer = setTimeout(() => {
      options.log.warn(
        { deadlineMs: options.deadlineMs, type: job.type, bytes: job.bytes.length },
        'an image took longer than its deadline; its worker process is ended',
      );
      end(slot, job.child);
      finish(slot, { ok: false, reason: 'too-slow' });
    }, options.deadlineMs);
    const message: ImageJob = {
      id: job.id,
      bytes: job.bytes,
      type: job.type,
      seconds: Math.ceil(options.deadlineMs / 1000),
    };
    // A process that died before it read the job is found by its 'exit'.
    job.child.send(message, () => undefined);
  }

  /** Ends a worker process at once; the slot's next image starts another. */
  function end(slot: Slot, child: ChildProcess) {
    if (slot.child === child) slot.child = undefined;
    child.kill('SIGKILL');
  }

  function finish(slot: Slot, result: ImageWorkResult) {
    const job = slot.job;
    if (!job) return;
    slot.job = undefined;
    clearTimeout(job.timer);
    job.resolve(result);
    const next = waiting.shift();
    if (next) {
      run(slot, next);
    } else if (slot.child) {
      const idleChild = slot.child;
      slot.idle = setTimeout(() => {
        if (slot.child === idleChild && !slot.job) {
          slot.child = undefined;
          idleChild.kill();
        }
      }, IDLE_EXIT_MS);
      slot.idle.unref();
    }
  }

  return {
    reencode(bytes, type) {
      return new Promise((resolve) => {
        const job = { bytes, type, resolve };
        const free = closed ? undefined : slots.find((slot) => !slot.job);
        if (free) run(free, job);
        else if (!closed && waiting.length < options.queue) waiting.push(job);
        else resolve({ ok: false, reason: 'busy' });
      });
    },
    processIds() {
      return slots.flatMap((slot) => (slot.child?.pid ? [slot.child.pid] : []));
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.resolve({ ok: false, reason: 'busy' });
      const children = slots.flatMap((slot) => {
        clearTimeout(slot.idle);
        const child = slot.child;
        slot.child = undefined;
        return child ? [child] : [];
      });
      for (const slot of slots) finish(slot, { ok: false, reason: 'busy' });
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}

/** Structured clone hands bytes back as a Uint8Array; the callers work with Buffers. */
function withBuffer(result: ReencodeResult): ReencodeResult {
  if (!result.ok) return result;
  const bytes = result.bytes as Uint8Array;
  return { ...result, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}
