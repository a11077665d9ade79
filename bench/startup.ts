// Times `npm start` on a fresh data directory and again on the same one, from
// spawn to the "ready" line, stopping each with SIGINT to its process group
// as Ctrl-C in a terminal does. Usage: npm run bench:startup [-- runs]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startPlatform } from './lib/platform.ts';

const runs = Number(process.argv[2] ?? 3);

async function timeStart(dataDir: string) {
  const platform = await startPlatform(dataDir);
  return { readyMs: platform.readyMs, stopMs: await platform.stop() };
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
