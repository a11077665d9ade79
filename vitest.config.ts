// One vitest run covers the apps and the shared schema; each keeps its own config. The contracts'
// TypeScript tests run with their forge tests (`npm run test:contracts`). `npm run test:unit`
// runs the web project alone first: beside the server's files its renders were starved.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['apps/*/vitest.config.ts', 'packages/schema/vitest.config.ts'],
    // Server test files each boot a database and an Anvil: two at a time fit two cores.
    maxWorkers: 2,
  },
});
