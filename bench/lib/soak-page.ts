// The soak's stopwatch, kept inside each page: the moment Confirm of the
// consent dialog is clicked and the moment each toast appears or changes its
// text are both read from the page's own clock, so the figure is what a person
// at the screen would wait, not Playwright's round trips (which on two busy
// cores can add tens of milliseconds each way).
import type { Page } from '@playwright/test';
import { TOASTS } from '@gets/schema';

/**
 * Runs in every page of a soak context. Toasts are recorded when added and
 * again whenever their text changes, since a FAILED outcome replaces the
 * "Processing request..." toast in place (same id) rather than adding one.
 */
export const SOAK_RECORDER = `(() => {
  const soak = (window.__soak = { confirms: [], toasts: [], streams: [] });
  // The status stream's fetch gets a signal the soak can pull: cutStreams()
  // drops the page's live connection as a network would, mid-action.
  const realFetch = window.fetch.bind(window);
  window.fetch = (input, init = {}) => {
    const url = typeof input === 'string' ? input : String(input.url ?? input);
    if (!url.includes('/metakeep/transaction/stream')) return realFetch(input, init);
    const cut = new AbortController();
    init.signal?.addEventListener('abort', () => cut.abort());
    soak.streams.push(cut);
    return realFetch(input, { ...init, signal: cut.signal });
  };
  soak.cutStreams = () => {
    const open = soak.streams.splice(0);
    for (const stream of open) stream.abort();
    return open.length;
  };
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element
      ? event.target.closest('[role="alertdialog"] button') : null;
    if (button && button.textContent.trim() === 'Confirm') soak.confirms.push(performance.now());
  }, true);
  const lastText = new WeakMap();
  const scan = () => {
    const at = performance.now();
    for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
      const text = (toast.textContent ?? '').trim();
      if (!text || lastText.get(toast) === text) continue;
      lastText.set(toast, text);
      soak.toasts.push({ at, text, type: toast.getAttribute('data-type') ?? '' });
    }
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
})()`;

export type Outcome = 'completed' | 'failed' | 'none';

export interface TimedOutcome {
  outcome: Outcome;
  /** Confirm to the outcome's toast, in the page's clock; null when none came. */
  ms: number | null;
  /** The outcome toast's text, or, when none came, what the page showed at the deadline. */
  shown: string;
}

interface SeenToast {
  at: number;
  text: string;
  type: string;
}

/**
 * Error toasts that are not an outcome: a status read that failed is retried
 * by the page (it ends the wait only on 401/403/404, with a generic error
 * toast after it), and the consent's own refusal comes before Confirm.
 */
const NOT_AN_OUTCOME = new Set<string>([TOASTS.error.transactionStatusFailed]);

/** After Confirm, before the outcome is likely pushed: the push then has no stream to ride. */
export const STREAM_CUT_AFTER_CONFIRM_MS = 100;

/**
 * Clicks Confirm in the open consent dialog and waits for the page to show
 * the outcome: a toast with one of `successTexts` (COMPLETED), or any error
 * toast (FAILED, refused at submit, or the page gave up reading the status).
 * Nothing within `timeoutMs` is "did not reach the page". With `cutStream`
 * the page's status stream is dropped just after Confirm, so the outcome has
 * to come by the reconnect (snapshot, Last-Event-ID) or by a status read.
 */
export async function confirmAndTime(
  page: Page,
  successTexts: readonly string[],
  timeoutMs: number,
  { cutStream = false }: { cutStream?: boolean } = {},
): Promise<TimedOutcome> {
  const marks = (await page.evaluate(
    '({ confirms: window.__soak.confirms.length, toasts: window.__soak.toasts.length })',
  )) as { confirms: number; toasts: number };
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  if (cutStream) {
    await new Promise((resolve) => setTimeout(resolve, STREAM_CUT_AFTER_CONFIRM_MS));
    await page.evaluate('window.__soak.cutStreams()');
  }
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { confirmAt, toasts } = (await page
      .evaluate(
        `({ confirmAt: window.__soak.confirms[${marks.confirms}] ?? null,
            toasts: window.__soak.toasts.slice(${marks.toasts}) })`,
      )
      .catch(() => ({ confirmAt: null, toasts: [] }))) as {
      confirmAt: number | null;
      toasts: SeenToast[];
    };
    const outcome = toasts.find(
      (t) => successTexts.includes(t.text) || (t.type === 'error' && !NOT_AN_OUTCOME.has(t.text)),
    );
    if (outcome && confirmAt !== null) {
      return {
        outcome: successTexts.includes(outcome.text) ? 'completed' : 'failed',
        ms: Math.round(outcome.at - confirmAt),
        shown: outcome.text,
      };
    }
    if (Date.now() >= deadline) {
      return { outcome: 'none', ms: null, shown: await whatThePageShows(page, toasts) };
    }
    // The time is read from the page's records, so this interval costs no precision.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The address, the toasts since Confirm and any status lines: why nothing came. */
async function whatThePageShows(page: Page, toasts: SeenToast[]): Promise<string> {
  const statuses = await page
    .getByRole('status')
    .allInnerTexts()
    .catch(() => [] as string[]);
  const dialog = await page
    .getByRole('alertdialog')
    .isVisible()
    .catch(() => false);
  return [
    `at ${new URL(page.url()).pathname}`,
    `toasts since Confirm: ${toasts.map((t) => `"${t.text}"`).join(', ') || 'none'}`,
    `status lines: ${
      statuses
        .map((s) => s.replace(/\s+/g, ' ').trim())
        .filter(Boolean)
        .map((s) => `"${s}"`)
        .join(', ') || 'none'
    }`,
    dialog ? 'the consent dialog was still open' : '',
  ]
    .filter(Boolean)
    .join('; ');
}
