// What the soak needs around the browser: free ports, the journeys' mail sink
// as a process of its own, and the summary of what reached the page.
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Outcome } from './soak-page.ts';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export interface ActionRecord {
  n: number;
  who: 'sponsor' | 'earner';
  kind: string;
  cycle: number;
  /** When its first step began (ISO). */
  at: string;
  /** "not started": the steps before Confirm failed twice, so nothing was confirmed. */
  outcome: Outcome | 'not started';
  /** Confirm to the outcome shown, in ms; null when none came. */
  ms: number | null;
  shown: string;
  /** The page's status stream was dropped just after Confirm (SOAK_CUT_STREAM_EVERY). */
  streamCut: boolean;
}

/** A port free now (the product, Anvil and the mail sink each get one). */
export { freePort } from '../../apps/server/test/helpers/network.ts';

/** Starts e2e/support/mail-sink.ts (the journeys' OTP mail box); answers how to stop it. */
export async function startMailSink(smtpPort: number, httpPort: number) {
  const child = spawn('node', ['--import', 'tsx', 'e2e/support/mail-sink.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      MAIL_SINK_SMTP_PORT: String(smtpPort),
      MAIL_SINK_HTTP_PORT: String(httpPort),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${httpPort}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error('mail sink did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return async () => {
    child.kill('SIGTERM');
    await exited;
  };
}

/** Nearest rank: the smallest value with at least p% of the values at or below it. */
function percentile(sorted: number[], p: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface Row {
  kind: string;
  actions: number;
  completed: number;
  failed: number;
  none: number;
  notStarted: number;
  p50: number | null;
  p95: number | null;
  max: number | null;
  overGoal: number;
}

function row(kind: string, records: ActionRecord[], goalMs: number): Row {
  const times = records
    .filter((r) => r.ms !== null)
    .map((r) => r.ms!)
    .sort((a, b) => a - b);
  const count = (outcome: ActionRecord['outcome']) =>
    records.filter((r) => r.outcome === outcome).length;
  return {
    kind,
    actions: records.length,
    completed: count('completed'),
    failed: count('failed'),
    none: count('none'),
    notStarted: count('not started'),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1) ?? null,
    overGoal: times.filter((ms) => ms >= goalMs).length,
  };
}

export interface Summary {
  goalMaxMs: number;
  all: Row;
  byKind: Row[];
  /** Every action that did not end COMPLETED on the page, with what the page showed. */
  misses: ActionRecord[];
}

/** `kinds`: the rows' order. */
export function summarise(
  records: ActionRecord[],
  kinds: readonly string[],
  goalMaxMs: number,
): Summary {
  return {
    goalMaxMs,
    all: row('all', records, goalMaxMs),
    byKind: kinds
      .map((kind) =>
        row(
          kind,
          records.filter((r) => r.kind === kind),
          goalMaxMs,
        ),
      )
      .concat(
        row(
          'cut',
          records.filter((r) => r.streamCut),
          goalMaxMs,
        ),
      )
      .filter((r) => r.actions > 0),
    misses: records.filter((r) => r.outcome !== 'completed'),
  };
}

const ms = (value: number | null) => (value === null ? '–' : `${value} ms`);

export function printReport(summary: Summary, planned: number) {
  const { all, goalMaxMs } = summary;
  console.log(
    '\nkind     actions  completed  failed  nothing in time  not started  p50       p95       max       ≥ goal',
  );
  for (const r of [...summary.byKind, all]) {
    console.log(
      [
        r.kind.padEnd(8),
        String(r.actions).padStart(7),
        String(r.completed).padStart(10),
        String(r.failed).padStart(7),
        String(r.none).padStart(16),
        String(r.notStarted).padStart(12),
        ms(r.p50).padStart(9),
        ms(r.p95).padStart(9),
        ms(r.max).padStart(9),
        String(r.overGoal).padStart(7),
      ].join(' '),
    );
  }
  console.log(
    '(times: Confirm to the outcome the page showed, COMPLETED or FAILED; "nothing in time": no outcome within the timeout; "cut": the actions, of every kind, whose status stream was dropped just after Confirm)',
  );
  for (const miss of summary.misses) {
    console.log(
      `  #${miss.n} ${miss.who} ${miss.kind} (cycle ${miss.cycle}): ${miss.outcome}, ${miss.shown}`,
    );
  }
  const reached = all.completed + all.failed;
  const allCompleted = all.completed === planned;
  const underGoal = all.max !== null && all.max < goalMaxMs;
  console.log(
    `\n${reached} of ${planned} outcomes reached the page (${all.completed} COMPLETED); slowest ${ms(all.max)}.`,
  );
  console.log(
    `Goal (${planned} of ${planned} COMPLETED on the page, max under ${goalMaxMs} ms): ${
      allCompleted && underGoal ? 'met' : 'NOT met'
    }${allCompleted ? '' : `, ${planned - all.completed} did not complete on the page`}${
      underGoal ? '' : `, ${all.overGoal} took ${goalMaxMs} ms or more`
    }.`,
  );
}
