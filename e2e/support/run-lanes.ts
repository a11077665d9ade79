// `npm run test:e2e` after the build: the browser journeys in lanes side by
// side, each lane one Playwright run against a platform of its own (server,
// embedded Anvil and mail sink on ports of its own, a fresh data directory).
// Both projects (desktop, 375 px) are split into E2E_SHARDS shards by
// Playwright's --shard (default 1: one lane per project). Lane i listens on
// each base port of e2e-env.ts plus 10 × i, its Anvil on its port + 1.
import { concurrently } from 'concurrently';
import { E2E_PORT, MAIL_SINK_HTTP_PORT, MAIL_SINK_SMTP_PORT } from './e2e-env';

const PROJECTS = [
  { project: 'chromium', label: 'desktop' },
  { project: 'mobile-375', label: '375px' },
];
const LANE_PORT_STEP = 10;
const MAX_SHARDS = 8;

function shardsFromEnv(): number {
  const value = process.env.E2E_SHARDS;
  if (value === undefined || value.trim() === '') return 1;
  const shards = Number(value);
  if (!Number.isInteger(shards) || shards < 1 || shards > MAX_SHARDS) {
    throw new Error(
      `E2E_SHARDS: ${JSON.stringify(value)} is not a whole number from 1 to ${MAX_SHARDS}`,
    );
  }
  return shards;
}

const shards = shardsFromEnv();
const lanes = PROJECTS.flatMap(({ project, label }) =>
  Array.from({ length: shards }, (_, shard) => ({ project, label, shard: shard + 1 })),
).map(({ project, label, shard }, index) => {
  const name = shards === 1 ? label : `${label}-${shard}`;
  const offset = index * LANE_PORT_STEP;
  const port = E2E_PORT + offset;
  return {
    name,
    command: `playwright test --project=${project}${shards === 1 ? '' : ` --shard=${shard}/${shards}`}`,
    env: {
      E2E_WEB_BUILT: '1',
      E2E_LANE: name,
      E2E_PORT: String(port),
      E2E_ANVIL_PORT: String(port + 1),
      MAIL_SINK_SMTP_PORT: String(MAIL_SINK_SMTP_PORT + offset),
      MAIL_SINK_HTTP_PORT: String(MAIL_SINK_HTTP_PORT + offset),
      PLAYWRIGHT_HTML_OUTPUT_DIR: `playwright-report/${name}`,
    },
  };
});

const { result } = concurrently(lanes, { prefixColors: 'auto' });
try {
  await result;
} catch {
  // concurrently has printed each lane's exit; a failed lane fails the run.
  process.exitCode = 1;
}
