// Debian's Chromium (never a downloaded browser) and the flags it runs with here.
import fs from 'node:fs';

const installed = (...candidates: string[]) =>
  candidates.find((candidate) => fs.existsSync(candidate));

/** The full browser (the LCP bench measures what a person's Chromium paints). */
export const chromiumPath =
  process.env.CHROMIUM_PATH ?? installed('/usr/lib/chromium/chromium', '/usr/bin/chromium');

/**
 * The journeys' browser: Debian's headless shell (package chromium-headless-shell)
 * where installed, the same engine without the browser's UI, in about a third
 * less CPU than the full browser on the same journeys. A headed run needs
 * CHROMIUM_PATH pointed at the full browser.
 */
export const journeyChromiumPath =
  process.env.CHROMIUM_PATH ??
  installed('/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell') ??
  chromiumPath;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
