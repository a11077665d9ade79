// The `test` every journey uses: Playwright's, plus a guard on each page that
// fails the journey on a Content-Security-Policy violation or an uncaught
// error in the page, since either breaks something a person would notice.
// When a journey fails, the guard prints what the pages showed (address,
// accessibility tree, every toast seen, every refused API call) to the run's
// output, since CI keeps only the output and not the traces.
import { expect, test as base, type Page } from '@playwright/test';

const SNAPSHOT_MAX_LINES = 120;

/**
 * Runs in each page: remembers every text each toast showed, since toasts go
 * away, and a progress toast turns into its outcome in place (one node whose
 * text changes): each change of a toast's text is noted as it happens.
 */
const REMEMBER_TOASTS = `(() => {
  const seen = (window.__toastsSeen = []);
  const shown = new WeakMap();
  const note = (toast) => {
    const text = toast.textContent;
    if (!text || shown.get(toast) === text) return;
    shown.set(toast, text);
    seen.push(text);
  };
  new MutationObserver((changes) => {
    for (const change of changes) {
      const at = change.target instanceof Element ? change.target : change.target.parentElement;
      const toast = at && at.closest('[data-sonner-toast]');
      if (toast) note(toast);
      for (const node of change.addedNodes)
        if (node instanceof Element)
          for (const toast of [node, ...node.querySelectorAll('[data-sonner-toast]')])
            if (toast.matches('[data-sonner-toast]')) note(toast);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
})()`;

/** Every text the page's toasts showed so far, in order (the progress a journey may have missed). */
export const toastsSeen = (page: Page): Promise<string[]> =>
  page.evaluate('window.__toastsSeen ?? []') as Promise<string[]>;

export const test = base.extend<{ pageGuard: void }>({
  pageGuard: [
    async ({ page }, use, testInfo) => {
      const problems: string[] = [];
      const refusedCalls: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          problems.push(`CSP: ${message.text()}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('response', (response) => {
        if (response.status() < 400 || !response.url().includes('/gs-api/')) return;
        void response.text().then(
          (body) => {
            const { pathname } = new URL(response.url());
            refusedCalls.push(
              `${response.request().method()} ${pathname} ${response.status()} ${body.slice(0, 300)}`,
            );
          },
          () => {},
        );
      });
      await page.context().addInitScript(REMEMBER_TOASTS);
      await use();
      if (testInfo.status !== testInfo.expectedStatus) {
        console.log(
          `\n--- refused API calls of the journey's first page ---\n${refusedCalls.join('\n') || '(none)'}`,
        );
        await printWhatPagesShowed(page);
        const health = await page.request
          .get('/gs-api/health')
          .then(async (r) => `${r.status()} ${await r.text()}`)
          .catch((error: unknown) => String(error));
        console.log(`--- /gs-api/health when the journey failed ---\n${health}\n`);
      }
      expect(problems, 'the page broke its Content-Security-Policy or threw').toEqual([]);
    },
    { auto: true },
  ],
});

async function printWhatPagesShowed(page: Page) {
  const pages = page
    .context()
    .browser()
    ?.contexts()
    .flatMap((c) => c.pages()) ?? [page];
  for (const shown of pages) {
    if (shown.isClosed()) continue;
    const toasts = await toastsSeen(shown)
      .then((texts) => texts.join('\n'))
      .catch(() => '(unknown)');
    const tree = await shown
      .locator('body')
      .ariaSnapshot({ timeout: 2_000 })
      .catch((error: unknown) => `(no snapshot: ${String(error)})`);
    const lines = tree.split('\n');
    const kept = lines.slice(0, SNAPSHOT_MAX_LINES).join('\n');
    const cut =
      lines.length > SNAPSHOT_MAX_LINES
        ? `\n(${lines.length - SNAPSHOT_MAX_LINES} more lines)`
        : '';
    console.log(
      `\n--- what ${shown.url()} showed when the journey failed ---\ntoasts seen:\n${String(toasts) || '(none)'}\n${kept}${cut}\n`,
    );
  }
}

export { expect };
export type { Page } from '@playwright/test';
