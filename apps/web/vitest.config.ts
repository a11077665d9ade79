// The web project of the root vitest run: the Vite config (aliases, React)
// plus happy-dom and the testing-library set-up. happy-dom in worker threads,
// each file still in its own environment: the same 410 tests in 105 s where jsdom
// in forked processes took 170 s on two cores (its window cost 1.5 s a file).
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
      setupFiles: ['./src/test/setup.ts'],
      restoreMocks: true,
      // Twice the longest wait of a query (src/test/setup.ts) and more: a loaded CI machine.
      testTimeout: 30_000,
      unstubGlobals: true,
      pool: 'threads',
    },
  }),
);
