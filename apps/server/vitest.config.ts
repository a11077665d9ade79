import { defineConfig } from 'vitest/config';

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
