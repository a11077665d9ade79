// How fast the first pages paint in Chromium on localhost: Largest Contentful
// Paint, First Contentful Paint and the JavaScript each page fetched (bytes on
// the wire, compressed as served), every run in a fresh browser context (an
// empty cache). Starts `npm start` on a fresh data directory unless --url names
// a running platform (a seeded one, say).
// Usage: npm run bench:web [-- --runs 7] [-- --url http://127.0.0.1:8080]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium.ts';
import { startPlatform } from './lib/platform.ts';

const LCP_GOAL_MS = 1000;
const PAGES = ['/', '/explore', '/how-it-works', '/login', '/register'];

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '7' }, url: { type: 'string' } },
});
const runs = Number(values.runs);

interface PageLoad {
  lcpMs: number;
  fcpMs: number;
  scriptBytes: number;
  scripts: number;
}

async function loadOnce(browser: Browser, url: string): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    // Runs in the page (as source: this file is type-checked without the DOM library).
    return (await page.evaluate(`new Promise((resolve) => {
      new PerformanceObserver((list) => {
        const entries = list.getEntries();
        const lcp = entries[entries.length - 1];
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        const scripts = performance
          .getEntriesByType('resource')
          .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'));
        resolve({
          lcpMs: lcp ? lcp.startTime : NaN,
          fcpMs: fcp ? fcp.startTime : NaN,
          scriptBytes: scripts.reduce((sum, entry) => sum + entry.transferSize, 0),
          scripts: scripts.length,
        });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    })`)) as PageLoad;
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

let dataDir: string | undefined;
let stop: (() => Promise<number>) | undefined;
let baseUrl = values.url;
if (!baseUrl) {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gets-bench-web-'));
  const platform = await startPlatform(dataDir);
  baseUrl = platform.url;
  stop = platform.stop;
}
const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
try {
  await loadOnce(browser, new URL('/', baseUrl).toString()); // warms the server, not the browser
  console.log(
    `Chromium ${browser.version()}, ${os.cpus().length} cores, ${baseUrl}, ${runs} cold loads per page`,
  );
  console.log('page            LCP median  LCP worst  FCP median  JS fetched (on the wire)');
  let worstMedian = 0;
  for (const pathname of PAGES) {
    const loads: PageLoad[] = [];
    for (let run = 0; run < runs; run++) {
      loads.push(await loadOnce(browser, new URL(pathname, baseUrl).toString()));
    }
    const lcp = median(loads.map((l) => l.lcpMs));
    worstMedian = Math.max(worstMedian, lcp);
    const last = loads[loads.length - 1]!;
    console.log(
      [
        pathname.padEnd(15),
        `${lcp.toFixed(0)} ms`.padStart(10),
        `${Math.max(...loads.map((l) => l.lcpMs)).toFixed(0)} ms`.padStart(10),
        `${median(loads.map((l) => l.fcpMs)).toFixed(0)} ms`.padStart(11),
        `  ${(last.scriptBytes / 1024).toFixed(1)} KiB in ${last.scripts} files`,
      ].join(' '),
    );
  }
  console.log(
    `slowest median LCP ${worstMedian.toFixed(0)} ms: ${worstMedian <= LCP_GOAL_MS ? 'within' : 'OVER'} the ${LCP_GOAL_MS} ms goal`,
  );
} finally {
  await browser.close();
  await stop?.();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
}
