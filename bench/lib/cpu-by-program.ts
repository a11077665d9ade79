// CPU time each program on the machine used during one phase of a benchmark,
// read from /proc (Linux). A profile of the Node process shows only its own
// share: on two cores PostgreSQL and Anvil take the rest, and a system call
// that wakes one of them can be charged to Node while the other runs.
import fs from 'node:fs/promises';

const TICKS_PER_SECOND = 100;

type Snapshot = Map<string, number>;

/** CPU ticks (user + system, all threads) by program name, summed over its processes. */
async function snapshot(): Promise<Snapshot> {
  const byProgram: Snapshot = new Map();
  const pids = (await fs.readdir('/proc').catch(() => [])).filter((name) => /^\d+$/.test(name));
  for (const pid of pids) {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
    if (!stat) continue; // the process ended meanwhile
    // The name is in brackets and may hold spaces; the numbers follow the last ")".
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // Kernel threads carry their CPU and task in the name (kworker/u8:3-writeback).
    const name = comm.startsWith('kworker/') ? 'kernel workers' : comm;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
    byProgram.set(name, (byProgram.get(name) ?? 0) + ticks);
  }
  return byProgram;
}

export interface CpuUse {
  wallSeconds: number;
  /** CPU seconds of every program together. */
  totalSeconds: number;
  /** CPU seconds by program, largest first. */
  programs: [string, number][];
}

/** Runs `phase` and answers its result with the CPU seconds each program used meanwhile. */
export async function withCpuUse<T>(phase: () => Promise<T>): Promise<[T, CpuUse]> {
  const before = await snapshot();
  const started = performance.now();
  const result = await phase();
  const wallSeconds = (performance.now() - started) / 1000;
  const after = await snapshot();
  const programs = [...after.entries()]
    .map(([name, ticks]): [string, number] => [
      name,
      (ticks - (before.get(name) ?? 0)) / TICKS_PER_SECOND,
    ])
    .filter(([, seconds]) => seconds > 0)
    .sort((a, b) => b[1] - a[1]);
  const totalSeconds = programs.reduce((sum, [, seconds]) => sum + seconds, 0);
  return [result, { wallSeconds, totalSeconds, programs }];
}

/** "node 5.1 s, postgres 4.0 s, anvil 2.2 s, others 0.3 s (11.6 CPU s in 6.5 s)". */
export function describeCpuUse(use: CpuUse, shown = 3): string {
  const others = use.programs.slice(shown).reduce((sum, [, s]) => sum + s, 0);
  const parts = use.programs.slice(0, shown).map(([name, s]) => `${name} ${s.toFixed(1)} s`);
  if (others > 0) parts.push(`others ${others.toFixed(1)} s`);
  return `${parts.join(', ')} (${use.totalSeconds.toFixed(1)} CPU s in ${use.wallSeconds.toFixed(1)} s)`;
}
