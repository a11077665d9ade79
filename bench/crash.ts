// Crashes the embedded default under load N times in a row and says what each
// crash cost: SIGKILL of the whole process group (the server and its Anvil)
// a random 0-900 ms after a save of the chain's state, the same command again
// on the same data, and, once it settled and stopped cleanly, every transfer
// held against the chain's Transfer logs and every wallet's balance.
// Usage: npm run bench:crash [-- N]   (default N = 5)
import os from 'node:os';
import {
  crashCycle,
  prepareCrashScene,
  type CycleReport,
} from '../apps/server/test/helpers/embedded-crash.ts';

const cycles = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 5);
// The embedded default is PGlite; a DATABASE_URL would put the scene on PostgreSQL.
delete process.env.DATABASE_URL;

console.log(
  `embedded default (PGlite, Anvil), 12 people moving GETS, ${cycles} crashes; ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}, node ${process.version}`,
);
const scene = await prepareCrashScene(12);
const reports: CycleReport[] = [];
const columns = [
  'cycle',
  'queued',
  'COMPLETED',
  'of them without a hash',
  'FAILED',
  'head at kill',
  'restart at',
  'blocks lost',
  'settled batches lost',
  'their COMPLETED',
  'restart s',
  'settle s',
  'mismatches',
];
console.log(columns.join(' | '));
try {
  for (let cycle = 1; cycle <= cycles; cycle++) {
    const report = await crashCycle(scene, cycle);
    reports.push(report);
    console.log(
      [
        report.cycle,
        report.queued,
        report.completed,
        report.settledWithoutRecord,
        report.failed,
        report.headBeforeKill,
        report.headAfterRestart,
        report.blocksLost,
        report.settledBatchesLost,
        report.completedTransfersLost,
        (report.restartMs / 1000).toFixed(1),
        (report.settleMs / 1000).toFixed(1),
        report.mismatches.length,
      ].join(' | '),
    );
    for (const mismatch of report.mismatches.slice(0, 5)) console.log(`    ${mismatch}`);
    if (report.mismatches.length > 5) console.log(`    … ${report.mismatches.length - 5} more`);
    if (report.blocksLostByCleanStop !== 0n) {
      console.log(`    the clean stop lost ${report.blocksLostByCleanStop} blocks`);
    }
  }
} finally {
  await scene.remove();
}

const last = reports.at(-1);
const held = reports.filter((r) => r.mismatches.length === 0).length;
console.log(
  `\n${held} of ${reports.length} crashes ended with the database and the chain in agreement; blocks lost per kill: ${reports.map((r) => r.blocksLost).join(', ')}`,
);
if (last) {
  console.log(`failure reasons at the end: ${JSON.stringify(last.failureReasons)}`);
}
