// A crash of the embedded default (PGlite and its own Anvil in the one
// process `npm start` runs) under load: SIGKILL of its whole process group
// right after a save of the chain's state, so the blocks mined since are
// lost, then the same command again on the same data. Every start succeeds,
// and every transfer's end agrees with the chain: each COMPLETED one in the
// token's Transfer logs, every wallet exact. Three kills in a row: one that
// passes by luck proves nothing (`npm run bench:crash -- 20` runs more).
import { afterEach, describe, expect, it } from 'vitest';
import { crashCycle, describeCycle, prepareCrashScene } from '../helpers/embedded-crash.ts';
import { expectTransfersMatchChain } from '../helpers/chain-truth.ts';

// The embedded default is PGlite: the PostgreSQL pass has nothing to add.
const onPostgres = !!process.env.DATABASE_URL;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

const CYCLES = 3;

describe.skipIf(onPostgres)('a crash of the embedded default under load', () => {
  it(
    'SIGKILL of the process group right after a state save, three times: every restart starts, every COMPLETED transfer is on the chain, every wallet exact',
    async () => {
      const scene = await prepareCrashScene(12);
      cleanups.push(() => scene.remove());
      let blocksLost = 0n;
      for (let cycle = 1; cycle <= CYCLES; cycle++) {
        const report = await crashCycle(scene, cycle, {
          inspect: async (db, publicClient, report) => {
            const what = describeCycle(report);
            expect(report.mismatches, `${what}; the database and the chain disagree`).toEqual([]);
            await expectTransfersMatchChain(db, publicClient, scene.token);
            expect(report.blocksLostByCleanStop, `${what}; the clean stop lost blocks`).toBe(0n);
          },
        });
        expect(report.queued, `${describeCycle(report)}: no transfer queued`).toBeGreaterThan(0);
        blocksLost += report.blocksLost;
      }
      // Kills that took no block would have tested nothing.
      expect(blocksLost).toBeGreaterThan(0n);
    },
    15 * 60_000,
  );
});
