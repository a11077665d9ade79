// Chain actions through the browser, many in a row: a sponsor and an earner,
// each in a Chromium context of their own, side by side, stake, give each
// other GETS, and go through a badge's whole life (the sponsor publishes it,
// the admin approves it through the API, the earner applies, the sponsor
// approves the application, the earner claims). For every action: from the
// click on Confirm in the consent dialog to the outcome the page shows (its
// success toast, or an error toast), or nothing within the timeout. The goal
// of issue 33: every action reaches the page, none later than 10 s.
// The product runs as the journeys run it: own data directory, own ports,
// the e2e mail sink for the sign-up codes, wallets funded from the embedded
// chain's treasury.
// Usage: npm run bench:soak   (SOAK_ACTIONS=200, SOAK_TIMEOUT_MS=60000;
// SOAK_WEB_BUILT=1 serves the last `npm run build` instead of building;
// SOAK_CUT_STREAM_EVERY=N drops the page's status stream just after Confirm
// in every Nth action, as a network would, so the outcome must come by the
// reconnect or a status read)
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, request as apiRequest, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, journeyChromiumPath } from '../e2e/support/chromium.ts';
import { startPlatform, type RunningPlatform } from './lib/platform.ts';
import type { ActionTarget, Kind } from './lib/soak-actions.ts';
import { confirmAndTime, SOAK_RECORDER, type TimedOutcome } from './lib/soak-page.ts';
import {
  freePort,
  printReport,
  startMailSink,
  summarise,
  type ActionRecord,
} from './lib/soak-report.ts';

const ACTIONS = Number(process.env.SOAK_ACTIONS ?? 200);
const TIMEOUT_MS = Number(process.env.SOAK_TIMEOUT_MS ?? 60_000);
const GOAL_MAX_MS = 10_000;
/** Every Nth action has its page's status stream dropped just after Confirm (0: none). */
const CUT_STREAM_EVERY = Number(process.env.SOAK_CUT_STREAM_EVERY ?? 0);
const webBuilt = Boolean(process.env.SOAK_WEB_BUILT ?? process.env.E2E_WEB_BUILT);
if (!Number.isInteger(ACTIONS) || ACTIONS < 1) throw new Error('SOAK_ACTIONS: a whole number ≥ 1');
if (!Number.isInteger(CUT_STREAM_EVERY) || CUT_STREAM_EVERY < 0) {
  throw new Error('SOAK_CUT_STREAM_EVERY: a whole number ≥ 0');
}

type Who = 'sponsor' | 'earner';
interface Planned {
  who: Who;
  kind: Kind;
  cycle: number;
  streamCut: boolean;
}

/**
 * One cycle is five rounds of two actions, one per user, run side by side;
 * the badge's steps wait for each other round by round. Ten actions a cycle:
 * publish, apply, approve and claim once, stake and give three times each.
 */
const CYCLE: [Kind, Kind][] = [
  ['publish', 'stake'],
  ['stake', 'apply'],
  ['approve', 'give'],
  ['give', 'claim'],
  ['give', 'stake'],
];

function plan(count: number): Planned[][] {
  const rounds: Planned[][] = [];
  let planned = 0;
  for (let cycle = 0; planned < count; cycle++) {
    for (const [sponsorKind, earnerKind] of CYCLE) {
      const round: Planned[] = [];
      for (const [who, kind] of [
        ['sponsor', sponsorKind],
        ['earner', earnerKind],
      ] as const) {
        planned += 1;
        const streamCut = CUT_STREAM_EVERY > 0 && planned % CUT_STREAM_EVERY === 0;
        if (planned <= count) round.push({ who, kind, cycle, streamCut });
      }
      if (round.length) rounds.push(round);
    }
  }
  return rounds;
}

const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!;

/** The 1, 5 and 15 minute load averages: on two cores, above 2 means others wait for the CPU. */
const loadNow = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const loadAtStart = loadNow();
const run = Date.now().toString(36);
const started = new Date();
const resultsDir = path.join(import.meta.dirname, 'results');
await fs.mkdir(resultsDir, { recursive: true });
const stamp = started.toISOString().replace(/[:.]/g, '-');
const serverLog = path.join(resultsDir, `soak-${stamp}.server.log`);

// The e2e helpers read these ports when first imported: set before importing them (or
// anything that imports them, as soak-actions.ts does).
const [anvilPort, smtpPort, mailHttpPort] = [await freePort(), await freePort(), await freePort()];
process.env.E2E_ANVIL_PORT = String(anvilPort);
process.env.MAIL_SINK_SMTP_PORT = String(smtpPort);
process.env.MAIL_SINK_HTTP_PORT = String(mailHttpPort);
const { E2E_ADMIN } = await import('../e2e/support/e2e-env.ts');
const { newPerson, registerThroughApi, logIn } = await import('../e2e/support/accounts.ts');
const { ACTION_GETS, KINDS, SUCCESS_TEXTS, openConsent } = await import('./lib/soak-actions.ts');
const { approvedSponsor, approveBadgeAsAdmin, fundWithGets } =
  await import('../e2e/support/badges.ts');

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gets-bench-soak-'));
const stopMailSink = await startMailSink(smtpPort, mailHttpPort);
let platform: RunningPlatform | undefined;
let browser: Browser | undefined;
const records: ActionRecord[] = [];
// The product runs in a process group of its own, which Ctrl-C does not reach.
process.once('SIGINT', () => {
  console.log('interrupted: stopping the product');
  void Promise.allSettled([browser?.close(), platform?.stop(), stopMailSink()]).then(() =>
    process.exit(130),
  );
});
try {
  platform = await startPlatform(
    dataDir,
    {
      ANVIL_PORT: String(anvilPort),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_LOGIN_SECRET: E2E_ADMIN.loginSecret,
      // One address signs up, logs in and uploads every badge picture (as in the journeys).
      RATE_LIMIT_IP_MAX: '10000',
      ANONYMOUS_UPLOADS_PER_IP_PER_HOUR: '10000',
    },
    {
      script: webBuilt ? 'serve' : 'start',
      onOutput: (text) => void fs.appendFile(serverLog, text),
    },
  );
  const api = await apiRequest.newContext({ baseURL: platform.url });

  const sponsorPerson = newPerson('soaksponsor');
  const earnerPerson = newPerson('soakearner');
  const sponsor = await approvedSponsor(api, sponsorPerson);
  const earner = (await registerThroughApi(api, earnerPerson)).data.user;
  // Enough for every action at 1 GETS (a badge also costs its 9 GETS fee).
  const cycles = Math.ceil(ACTIONS / 10);
  await fundWithGets(sponsor.account, String(cycles * 20 + 100));
  await fundWithGets(earner.account, String(cycles * 10 + 100));

  browser = await chromium.launch({ executablePath: journeyChromiumPath, args: CHROMIUM_ARGS });
  const pages = {} as Record<Who, Page>;
  for (const [who, person] of [
    ['sponsor', sponsorPerson],
    ['earner', earnerPerson],
  ] as const) {
    const context = await browser.newContext({ baseURL: platform.url });
    context.setDefaultTimeout(30_000);
    await context.addInitScript(SOAK_RECORDER);
    pages[who] = await context.newPage();
    await logIn(pages[who], person);
  }
  const applicant = 'Soak Earner';
  const accounts: Record<Who, `0x${string}`> = { sponsor: sponsor.account, earner: earner.account };
  const badges = new Map<number, { title: string; id?: string }>();

  console.log(
    `soak: ${ACTIONS} chain actions through Chromium ${browser.version()}, ${os.cpus().length} cores (load ${loadNow()}), ${platform.url}, timeout ${TIMEOUT_MS} ms`,
  );

  const act = async ({ who, kind, cycle, streamCut }: Planned): Promise<ActionRecord> => {
    const page = pages[who];
    if (!badges.has(cycle)) badges.set(cycle, { title: `Soak ${run} ${cycle + 1}` });
    const target: ActionTarget = {
      to: accounts[who === 'sponsor' ? 'earner' : 'sponsor'],
      badge: badges.get(cycle),
      applicant,
    };
    const at = new Date().toISOString();
    const base = { n: 0, who, kind, cycle: cycle + 1, at, streamCut };
    if (kind !== 'publish' && kind !== 'stake' && kind !== 'give' && !target.badge?.id) {
      return {
        ...base,
        outcome: 'not started',
        ms: null,
        shown: "the cycle's badge was not approved",
      };
    }
    // The steps before Confirm are not timed: one more try after a fresh load if they stall.
    let prepared: unknown;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await openConsent(page, kind, target);
        prepared = null;
        break;
      } catch (error) {
        prepared = error;
        await page.goto('about:blank');
      }
    }
    if (prepared) return { ...base, outcome: 'not started', ms: null, shown: firstLine(prepared) };
    let timed: TimedOutcome;
    try {
      timed = await confirmAndTime(page, SUCCESS_TEXTS[kind], TIMEOUT_MS, { cutStream: streamCut });
    } catch (error) {
      // Confirm could not be clicked: nothing was confirmed.
      await page.goto('about:blank');
      return { ...base, outcome: 'not started', ms: null, shown: firstLine(error) };
    }
    // Anything but COMPLETED may leave the page mid-action: the next one starts on a fresh load.
    if (timed.outcome !== 'completed') await page.goto('about:blank');
    return { ...base, ...timed };
  };

  for (const round of plan(ACTIONS)) {
    const done = await Promise.all(round.map(act));
    for (const record of done) {
      record.n = records.length + 1;
      records.push(record);
      console.log(
        `${String(record.n).padStart(4)} ${record.who.padEnd(7)} ${record.kind.padEnd(7)} ${
          record.ms === null ? '     –' : `${record.ms} ms`.padStart(8)
        } ${record.outcome}${record.outcome === 'completed' ? '' : `: ${record.shown}`}${
          record.streamCut ? ' (stream cut)' : ''
        }`,
      );
    }
    const published = done.find((r) => r.kind === 'publish');
    if (published) {
      // The admin's approval is setup, not timed: through the API, as the journeys do it.
      const badge = badges.get(published.cycle - 1)!;
      badge.id = await approveBadgeAsAdmin(api, badge.title).catch((error: unknown) => {
        console.log(`  badge ${badge.title} not approved: ${String(error).split('\n')[0]}`);
        return undefined;
      });
    }
  }
  await api.dispose();
} finally {
  await browser?.close();
  await platform?.stop();
  await stopMailSink();
  await fs.rm(dataDir, { recursive: true, force: true });
}

const loadAtEnd = loadNow();
console.log(`load average at the end: ${loadAtEnd}`);
const summary = summarise(records, KINDS, GOAL_MAX_MS);
printReport(summary, ACTIONS);
const resultFile = path.join(resultsDir, `soak-${stamp}.json`);
await fs.writeFile(
  resultFile,
  `${JSON.stringify(
    {
      started: started.toISOString(),
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      node: process.version,
      // Other work on the machine shows here: the figures are the page's waits under it.
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: loadAtEnd,
      actions: ACTIONS,
      timeoutMs: TIMEOUT_MS,
      cutStreamEvery: CUT_STREAM_EVERY,
      actionGets: ACTION_GETS,
      summary,
      records,
    },
    null,
    2,
  )}\n`,
);
console.log(
  `results: ${path.relative(process.cwd(), resultFile)}, server warnings: ${path.relative(process.cwd(), serverLog)}`,
);
