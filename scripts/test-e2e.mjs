// `npm run test:e2e` after the build: the browser journeys in lanes side by
// side, each lane one Playwright run against a platform of its own (server,
// embedded Anvil and mail sink on ports of its own, a fresh data directory).
// Both projects (desktop, 375 px) are split into E2E_SHARDS shards by
// Playwright's --shard, so the journeys, which mostly wait on the platform
// and the browser rather than use a core, keep two cores busy. Lane i listens
// on each base port (README, "Browser tests") plus 10 × i.
import { concurrently } from 'concurrently';

const PROJECTS = [
  { project: 'chromium', label: 'desktop' },
  { project: 'mobile-375', label: '375px' },
];
const LANE_PORT_STEP = 10;

/** A whole number from the environment within [min, max], else the default; anything else stops the run. */
function intFromEnv(name, fallback, min, max) {
  const value = process.env[name];
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new Error(
      `${name}: ${JSON.stringify(value)} is not a whole number from ${min} to ${max}`,
    );
  }
  return number;
}

const shards = intFromEnv('E2E_SHARDS', 1, 1, 8);
const base = {
  E2E_PORT: intFromEnv('E2E_PORT', 18080, 1, 65535),
  MAIL_SINK_SMTP_PORT: intFromEnv('MAIL_SINK_SMTP_PORT', 18025, 1, 65535),
  MAIL_SINK_HTTP_PORT: intFromEnv('MAIL_SINK_HTTP_PORT', 18026, 1, 65535),
};

const lanes = PROJECTS.flatMap(({ project, label }) =>
  Array.from({ length: shards }, (_, shard) => ({ project, label, shard: shard + 1 })),
).map(({ project, label, shard }, index) => {
  const name = shards === 1 ? label : `${label}-${shard}`;
  const offset = index * LANE_PORT_STEP;
  const port = base.E2E_PORT + offset;
  return {
    name,
    command: `playwright test --project=${project}${shards === 1 ? '' : ` --shard=${shard}/${shards}`}`,
    env: {
      E2E_WEB_BUILT: '1',
      E2E_LANE: name,
      E2E_PORT: String(port),
      E2E_ANVIL_PORT: String(port + 1),
      MAIL_SINK_SMTP_PORT: String(base.MAIL_SINK_SMTP_PORT + offset),
      MAIL_SINK_HTTP_PORT: String(base.MAIL_SINK_HTTP_PORT + offset),
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
