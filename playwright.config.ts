// Browser journeys against the product started as `npm start` starts it, on a
// fresh data directory, driven in Debian's Chromium. `npm run test:e2e` builds
// the web once and runs both projects in shards side by side, each lane against
// a platform of its own (own ports, data and chain; e2e/support/run-lanes.ts):
// `playwright test` alone runs both against one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  WIDE_SCREEN_TAG,
  E2E_ADMIN,
  E2E_ANVIL_PORT,
  E2E_PORT,
  MAIL_SINK_HTTP_PORT,
  MAIL_SINK_SMTP_PORT,
} from './e2e/support/e2e-env';
import { CHROMIUM_ARGS, journeyChromiumPath } from './e2e/support/chromium';

/** Specs only the small-screen project runs. */
const SMALL_SCREEN_ONLY = /\/small-screens\.spec\.ts$/;
/** Specs without a screen (a wallet's protocol calls): the desktop project runs them once. */
const NO_SCREEN = /\/wallet-offer\.spec\.ts$/;

// Ports: E2E_PORT (18080), E2E_ANVIL_PORT (E2E_PORT + 1), MAIL_SINK_SMTP_PORT
// (18025) and MAIL_SINK_HTTP_PORT (18026), read in e2e/support/e2e-env.ts.
const port = E2E_PORT;
/** The lane of `npm run test:e2e` this run is (e2e/support/run-lanes.ts): its results apart from the others'. */
const lane = process.env.E2E_LANE ?? '';
const baseURL = `http://localhost:${port}`;
// Kept stable across Playwright's config reloads in its worker processes.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'gets-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  // No retries: a journey that fails once fails the run, since a second try
  // that passes hides the very race a person would meet. A failed journey
  // prints what its pages showed (e2e/support/fixtures.ts), and the server's
  // warnings are in the output (stdout piped below).
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // No trace: recording one for every journey (which 'retain-on-failure'
    // does, to keep the failed ones) cost about a fifth of the browser's and
    // the runner's CPU on two cores. The screenshot and the printed snapshot
    // of a failure cost nothing until then.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: SMALL_SCREEN_ONLY,
      outputDir: path.join('test-results', lane, 'chromium'),
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: journeyChromiumPath, args: CHROMIUM_ARGS },
      },
    },
    {
      // A 375 px phone: every journey again but the admin console's, whose
      // narrow-screen message small-screens.spec.ts checks instead, and those
      // with no screen at all.
      name: 'mobile-375',
      grepInvert: new RegExp(WIDE_SCREEN_TAG),
      testIgnore: NO_SCREEN,
      outputDir: path.join('test-results', lane, 'mobile-375'),
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 375, height: 740 },
        launchOptions: { executablePath: journeyChromiumPath, args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: [
    {
      // Receives the OTP mails the app sends, and lists them for the journeys.
      command: 'node --import tsx e2e/support/mail-sink.ts',
      url: `http://127.0.0.1:${MAIL_SINK_HTTP_PORT}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        MAIL_SINK_SMTP_PORT: String(MAIL_SINK_SMTP_PORT),
        MAIL_SINK_HTTP_PORT: String(MAIL_SINK_HTTP_PORT),
      },
    },
    {
      // `npm start` is the web's build, then `npm run serve`; test:e2e builds once for both projects.
      command: process.env.E2E_WEB_BUILT ? 'npm run serve' : 'npm start',
      url: `${baseURL}/gs-api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      // Its log (LOG_LEVEL warn: warnings and errors only) goes to stdout.
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        PORT: String(port),
        // A known port, so journeys can fund test wallets from the embedded chain's treasury.
        ANVIL_PORT: String(E2E_ANVIL_PORT),
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SINK_SMTP_PORT}`,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        ADMIN_LOGIN_SECRET: E2E_ADMIN.loginSecret,
        // Every journey comes from one address; the per-IP limits are tested by the server suite.
        RATE_LIMIT_IP_MAX: '10000',
        ANONYMOUS_UPLOADS_PER_IP_PER_HOUR: '10000',
        // developers.spec.ts's webhook receiver listens on 127.0.0.1 over plain http.
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      },
    },
  ],
});
