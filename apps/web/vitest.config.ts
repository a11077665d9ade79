// The web project of the root vitest run: the Vite config (aliases, React)
// plus jsdom and the testing-library set-up.
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
      setupFiles: ['./src/test/setup.ts'],
      restoreMocks: true,
      // Twice the longest wait of a query (src/test/setup.ts) and more: a loaded CI machine.
      testTimeout: 30_000,
      unstubGlobals: true,
    },
  }),
);
