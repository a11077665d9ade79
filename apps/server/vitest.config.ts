import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Files that measure the platform's answers under a flood they make in this
 * process: the root config runs them as the `server-alone` project, after
 * the rest, with no other test file beside them.
 */
export const MACHINE_ALONE = ['test/faults/public-read-flood.test.ts'];

/** The fault tests start and kill several processes and run longest (up to 80 s). */
const LONG_RUNNING = /\/test\/faults\//;

/**
 * Starts the fault tests first. Without the timings of an earlier run (a fresh
 * clone, as CI's) vitest starts the largest files first, and the longest fault
 * test, a small file, came last: one worker ran it alone for its last minute.
 */
export class LongRunningFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (file: TestSpecification) => LONG_RUNNING.test(file.moduleId);
    // Within each project, as the base sort keeps the projects apart and in order.
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => {
        if (a.file.project.name !== b.file.project.name) return a.index - b.index;
        return Number(long(b.file)) - Number(long(a.file)) || a.index - b.index;
      })
      .map(({ file }) => file);
  }
}

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
