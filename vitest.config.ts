// One vitest run covers the apps and the shared schema; each keeps its own config. The contracts'
// TypeScript tests run with their forge tests (`npm run test:contracts`). `npm run test:unit`
// runs the web project alone first: beside the server's files its renders were starved.
import { configDefaults, defineConfig } from 'vitest/config';
import server, { LongRunningFirstSequencer, MACHINE_ALONE } from './apps/server/vitest.config.ts';

export default defineConfig({
  test: {
    projects: [
      'apps/web/vitest.config.ts',
      'packages/schema/vitest.config.ts',
      {
        root: './apps/server',
        test: { ...server.test, exclude: [...configDefaults.exclude, ...MACHINE_ALONE] },
      },
      // The tests that time the platform under a load they make themselves: after every
      // other project, one file at a time, so no other file's processes share the two cores.
      {
        root: './apps/server',
        test: {
          ...server.test,
          name: 'server-alone',
          include: MACHINE_ALONE,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
    // Server test files each boot a database and an Anvil, and wait on them about a quarter of
    // the time. On two cores the server and schema projects took 263 s with two files at a
    // time (the cores 23% idle) and 210 s with three (8% idle).
    maxWorkers: 3,
    sequence: { sequencer: LongRunningFirstSequencer },
  },
});
