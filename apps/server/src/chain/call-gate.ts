// A gate for calls to a shared resource (the chain node's JSON-RPC quota): at
// most `concurrency` run at once and at most `perSecond` start in any second
// (a bucket of that many starts, refilled evenly); the rest wait in order, and
// once `maxWaiting` wait, a new call is refused at once rather than queued
// without end.

export class GateFullError extends Error {
  constructor(what: string) {
    super(`Too many ${what} are waiting; please try again in a moment.`);
    this.name = 'GateFullError';
  }
}

export interface CallGateOptions {
  concurrency: number;
  perSecond: number;
  maxWaiting: number;
  /** What the calls are, in the refusal's words ("chain reads"). */
  what: string;
  now?: () => number;
}

export interface CallGate {
  run<T>(call: () => Promise<T>): Promise<T>;
  /** Calls running and waiting now. */
  load(): { running: number; waiting: number };
}

export function createCallGate(options: CallGateOptions): CallGate {
  const now = options.now ?? Date.now;
  const waiting: (() => void)[] = [];
  let running = 0;
  let starts = options.perSecond;
  let filledAt = now();
  let timer: NodeJS.Timeout | undefined;

  const refill = () => {
    const at = now();
    starts = Math.min(options.perSecond, starts + ((at - filledAt) / 1000) * options.perSecond);
    filledAt = at;
  };

  const pump = () => {
    refill();
    while (waiting.length > 0 && running < options.concurrency && starts >= 1) {
      starts -= 1;
      running += 1;
      waiting.shift()!();
    }
    if (waiting.length > 0 && running < options.concurrency && !timer) {
      // Out of starts for now: come back when the next one is due.
      const dueInMs = Math.ceil(((1 - starts) / options.perSecond) * 1000);
      timer = setTimeout(() => {
        timer = undefined;
        pump();
      }, dueInMs);
    }
  };

  return {
    run<T>(call: () => Promise<T>): Promise<T> {
      if (waiting.length >= options.maxWaiting) {
        return Promise.reject(new GateFullError(options.what));
      }
      return new Promise<T>((resolve, reject) => {
        waiting.push(() => {
          // Through a promise, so a call that throws at once also frees its place.
          Promise.resolve()
            .then(call)
            .then(resolve, reject)
            .finally(() => {
              running -= 1;
              pump();
            });
        });
        pump();
      });
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}
