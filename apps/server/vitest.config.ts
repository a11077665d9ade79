import { defineConfig } from 'vitest/config';

/**
 * Files that measure the platform's answers under a flood they make in this
 * process: the root config runs them as the `server-alone` project, after
 * the rest, with no other test file beside them.
 */
export const MACHINE_ALONE = ['test/faults/public-read-flood.test.ts'];

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file boots its own database and chain and shares no module state
    // (no module mocks, no stubbed globals), so the files of a worker share
    // one module graph: about 30% less time than loading the server per file.
    isolate: false,
  },
});
