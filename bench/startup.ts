// Times `npm start` on a fresh data directory and again on the same one, from
// spawn to the "ready" line, stopping each with SIGINT to its process group
// as Ctrl-C in a terminal does. Usage: npm run bench:startup [-- runs]
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');
const runs = Number(process.argv[2] ?? 3);

async function timeStart(dataDir: string) {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const readyMs = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/is ready at http/.test(output)) resolve(performance.now() - started);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start exited ${code}:\n${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stopStarted = performance.now();
  process.kill(-child.pid!, 'SIGINT');
  await exited;
  return { readyMs, stopMs: performance.now() - stopStarted };
}

const rows: { run: number; first: number; second: number; stop: number }[] = [];
for (let run = 1; run <= runs; run++) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gets-bench-start-'));
  try {
    const first = await timeStart(dataDir);
    const second = await timeStart(dataDir);
    rows.push({ run, first: first.readyMs, second: second.readyMs, stop: second.stopMs });
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(`npm start, ${os.cpus().length} cores, node ${process.version}`);
console.log('run  first start (fresh data)  second start (same data)  stop (SIGINT)');
for (const r of rows) {
  console.log(
    `${String(r.run).padEnd(4)} ${fmt(r.first).padEnd(26)} ${fmt(r.second).padEnd(25)} ${fmt(r.stop)}`,
  );
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `median: first ${fmt(median(rows.map((r) => r.first)))}, second ${fmt(median(rows.map((r) => r.second)))}`,
);
