// Accessibility (issues 14 and 36): every route of the web app, as each role that can
// see it (visitor, earner, sponsor approved or not, admin), and the main dialogs, checked with axe
// against WCAG 2.0, 2.1 and 2.2 A and AA, its best practices and its experimental rules.
// A serious or critical violation fails the check, listed with its rule,
// impact, help text and the selectors of the elements at fault.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { ADMIN_MENU_KEYS } from '../apps/web/src/features/admin/lib/menu';
import { expect, test, type Page } from './support/fixtures';
import { fillRegisterForm, logIn, newPerson, registerThroughApi } from './support/accounts';
import { adminLogIn } from './support/admin';
import { approveBadgeAsAdmin, fundedSponsor } from './support/badges';
import { publishBadge, type Person } from './support/applications';
import { VISITOR_PAGES } from './support/routes';
import { findControlsWithoutVisibleLabel } from './support/visible-labels';
import { findLayoutProblems } from './support/layout-fit';
import { WIDE_SCREEN_TAG } from './support/e2e-env';

// The setup test goes first (one worker, in file order); its people and badge
// are kept in a file, so every check runs and reports even after one fails
// (Playwright starts a fresh worker after a failure).
// One file per project: the projects may run side by side.
const stateFile = () =>
  path.join(
    process.env.E2E_DATA_DIR ?? os.tmpdir(),
    `accessibility-state-${test.info().project.name}.json`,
  );
type State = {
  sponsor: Person;
  earner: Person;
  title: string;
  badgeId: string;
  sponsorId: string;
  earnerAccount: string;
};
const state = (): State => JSON.parse(fs.readFileSync(stateFile(), 'utf8')) as State;

// WCAG 2.0, 2.1 and 2.2 A and AA, axe's best practices, and its experimental
// rules (off by default; label-content-name-mismatch, WCAG 2.5.3, is one).
const AXE_TAGS = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  'wcag22aa',
  'best-practice',
  'experimental',
];
const BLOCKING = new Set(['serious', 'critical']);

/** What settle() reads of the page's document (the e2e code has no DOM types). */
interface AnimatedDocument {
  getAnimations(): {
    playState: string;
    effect: { getComputedTiming(): { iterations?: number } } | null;
  }[];
}

/**
 * Waits until the page has drawn what it will show: no loading bar or
 * "Loading ..." text, no request still on its way (a control enabled by data
 * that lands mid-check was once read at its disabled opacity), and no
 * transition or animation on its way.
 */
async function settle(page: Page) {
  await expect(page.locator('main, [role="status"]').first()).toBeVisible();
  await expect(page.getByLabel('Loading the page')).toHaveCount(0);
  await expect(page.getByText(/^Loading\b/).filter({ visible: true })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  // A spinner turns forever: only animations that end are waited for. (A
  // function, not a string: the app's Content-Security-Policy forbids eval.)
  await page.waitForFunction(() =>
    (globalThis as unknown as { document: AnimatedDocument }).document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/**
 * Runs axe on the page (or one part of it) and fails on serious or critical
 * violations, or on a form control without a label a person can see; a whole
 * page also fails when it does not fit its window (layout-fit.ts).
 */
async function expectAccessible(page: Page, what: string, include?: string) {
  await settle(page);
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const blocking = violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ` +
        violation.nodes.map((node) => node.target.join(' ')).join(' | '),
    );
  // Soft, so one run lists the violations of every page a test visits.
  expect.soft(blocking, `${what} has serious or critical accessibility violations`).toEqual([]);
  expect
    .soft(
      await findControlsWithoutVisibleLabel(page, include),
      `${what} has form controls without a visible label`,
    )
    .toEqual([]);
  if (!include) {
    expect.soft(await findLayoutProblems(page), `${what} does not fit its window`).toEqual([]);
  }
}

async function visit(page: Page, route: string, what = route) {
  await page.goto(route);
  await expectAccessible(page, what);
}

test.use({ reducedMotion: 'reduce' });
// Each check below visits a few screens or dialogs of one role and signs in on
// its own: 3 to 20 s on an idle machine, and 2 minutes leave room for two cores
// running both projects side by side (one check a role ran past 2 minutes there).
test.describe.configure({ timeout: 120_000 });

test('setup: an approved sponsor publishes a badge the admin approves', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const sponsor = newPerson('a11ysponsor');
  const earner = newPerson('a11yearner');
  const title = `Accessible Engine ${Date.now().toString(36)}`;
  const approved = await fundedSponsor(request, sponsor, '100');
  const earnerAccount = (await registerThroughApi(request, earner)).data.user.account;
  await logIn(page, sponsor);
  await publishBadge(page, { title, tokens: '5', count: '3' });
  const badgeId = await approveBadgeAsAdmin(request, title);
  const saved: State = { sponsor, earner, title, badgeId, sponsorId: approved.id, earnerAccount };
  fs.writeFileSync(stateFile(), JSON.stringify(saved));
});

// The pages a visitor reads, apart from the forms of an account (next check).
const ACCOUNT_FORMS = /^\/(login|register|verify-email|forgot-password|admin\/login)\b/;

test("a visitor: home, how it works, stake, get crypto, explore, search, a badge's page, verify, unsubscribe and the 404 page", async ({
  page,
}) => {
  const { title, badgeId } = state();
  for (const route of [
    ...VISITOR_PAGES.filter((route) => !ACCOUNT_FORMS.test(route)),
    `/search?name=${encodeURIComponent(title)}`,
    `/badge/${badgeId}`,
  ]) {
    await visit(page, route);
  }
});

test('a visitor: the log in, register, verify email, forgot password and admin login forms', async ({
  page,
}) => {
  for (const route of VISITOR_PAGES.filter((route) => ACCOUNT_FORMS.test(route))) {
    await visit(page, route);
  }
});

test('a visitor: the one-time code dialog of a registration, and the side menu on a phone', async ({
  page,
}) => {
  await page.goto('/register');
  await fillRegisterForm(page, newPerson('a11yvisitor'));
  await page.getByRole('button', { name: 'Register with OTP' }).click();
  await expect(page.getByRole('dialog', { name: 'Enter the OTP' })).toBeVisible();
  await expectAccessible(page, 'the one-time code dialog', '[role="dialog"]');

  // The side menu: a dialog of its own where the header has no room for its links.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await expectAccessible(page, 'the side menu', '[role="dialog"]');
});

test('an earner: home, how it works, dashboard, profile, stake and get crypto', async ({
  page,
}) => {
  await logIn(page, state().earner);
  for (const route of ['/', '/how-it-works', '/dashboard', '/profile', '/stake', '/get-crypto']) {
    await visit(page, route, `${route} (earner)`);
  }
});

test("an earner: explore, a badge's page and search", async ({ page }) => {
  const { earner, title, badgeId } = state();
  await logIn(page, earner);
  await visit(page, '/explore', '/explore (earner)');
  await visit(page, `/badge/${badgeId}`, 'the badge page (earner)');
  await visit(page, `/search?name=${encodeURIComponent(title)}`, 'search (earner)');
});

test('an earner: the badge details and apply dialogs', async ({ page }) => {
  const { earner, title } = state();
  await logIn(page, earner);
  await page.goto(`/search?name=${encodeURIComponent(title)}`);
  await page.getByRole('button', { name: `${title}: open details` }).click();
  const details = page.getByRole('dialog', { name: title });
  await expect(details).toBeVisible();
  await expectAccessible(page, 'the badge details dialog', '[role="dialog"]');
  await details.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('dialog', { name: `Apply for ${title}` })).toBeVisible();
  await expectAccessible(page, 'the apply dialog', '[role="dialog"]');
});

test("an approved sponsor: home (also at 1600 px), dashboard, profile, create badge and a badge's applications", async ({
  page,
}) => {
  const { sponsor, badgeId } = state();
  await logIn(page, sponsor);
  // The home page's header is the fullest: Community Treasure and Create Badge both show.
  for (const route of ['/', '/dashboard', '/profile', '/badge', `/badge/application/${badgeId}`]) {
    await visit(page, route, `${route} (sponsor)`);
  }
  // Past 1280 px the header grows no wider: a wide window once showed the
  // user's name beside the links, and the menu ran off the page.
  await page.setViewportSize({ width: 1600, height: 900 });
  await visit(page, '/', '/ at 1600 px (sponsor)');
});

test("an approved sponsor: stake, get crypto, explore, a badge's page and search", async ({
  page,
}) => {
  const { sponsor, badgeId, title } = state();
  await logIn(page, sponsor);
  for (const route of ['/stake', '/get-crypto', '/explore']) {
    await visit(page, route, `${route} (sponsor)`);
  }
  await visit(page, `/badge/${badgeId}`, 'the badge page (sponsor)');
  await visit(page, `/search?name=${encodeURIComponent(title)}`, 'search (sponsor)');
});

test('an approved sponsor: the badge details, Give Tokens and consent dialogs', async ({
  page,
}) => {
  const { sponsor, earnerAccount, title } = state();
  await logIn(page, sponsor);
  // The badge details dialog as its sponsor sees it (Application List).
  await page.goto(`/search?name=${encodeURIComponent(title)}`);
  await page.getByRole('button', { name: `${title}: open details` }).click();
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  await expectAccessible(page, 'the badge details dialog (sponsor)', '[role="dialog"]');

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'GIVE TOKENS' }).click();
  const give = page.getByRole('dialog', { name: 'Give Tokens' });
  await expect(give).toBeVisible();
  await expectAccessible(page, 'the Give Tokens dialog', '[role="dialog"]');
  await give.getByLabel('Wallet address').fill(earnerAccount);
  await give.getByLabel('Token amount').fill('1');
  await give.getByRole('button', { name: 'Send' }).click();
  const consent = page.getByRole('alertdialog');
  await expect(consent).toBeVisible();
  await expectAccessible(page, 'the consent dialog', '[role="alertdialog"]');
  await consent.getByRole('button', { name: 'Cancel' }).click();
  await expect(consent).toBeHidden();
});

test('a sponsor not yet approved: the dashboard with its notice, profile, stake, explore, and create badge telling why it is closed', async ({
  page,
  request,
}) => {
  const pending = newPerson('a11ypending');
  await registerThroughApi(request, pending, 'sponsor');
  await logIn(page, pending);
  await expect(page.getByText(/Your account is currently under verification\./)).toBeVisible();
  for (const route of ['/dashboard', '/profile', '/stake', '/get-crypto', '/explore']) {
    await visit(page, route, `${route} (sponsor not approved)`);
  }
  // Create badge is for approved sponsors: the page says why it is closed.
  await page.goto('/badge');
  await expect(page.getByText('Create Badge is not open yet')).toBeVisible();
  await expectAccessible(page, '/badge closed (sponsor not approved)');
});

// The admin console, tagged for wide screens only: below 1000 px it shows only
// a message (small-screens.spec.ts checks it), so the 375 px project leaves it out.
// Its screens by menu key, in two halves.
const half = Math.ceil(ADMIN_MENU_KEYS.length / 2);
const ADMIN_KEYS_FIRST = ADMIN_MENU_KEYS.slice(0, half);
const ADMIN_KEYS_LAST = ADMIN_MENU_KEYS.slice(half);

test(
  `an admin: the console's screens by menu key, first half (${ADMIN_KEYS_FIRST.join(', ')})`,
  { tag: WIDE_SCREEN_TAG },
  async ({ page }) => {
    await adminLogIn(page);
    for (const key of ADMIN_KEYS_FIRST) {
      await visit(page, `/dashboard?menu=${key}`, `admin ${key}`);
    }
  },
);

test(
  `an admin: the console's screens by menu key, second half (${ADMIN_KEYS_LAST.join(', ')}), and Settings' Add more admins`,
  { tag: WIDE_SCREEN_TAG },
  async ({ page }) => {
    await adminLogIn(page);
    for (const key of ADMIN_KEYS_LAST) {
      await visit(page, `/dashboard?menu=${key}`, `admin ${key}`);
    }
    await visit(page, '/dashboard?menu=settings&tab=admins', 'admin settings, Add more admins');
  },
);

test(
  "an admin: a sponsor's page with its Send GETS dialog, and a badge's Credentials panel",
  { tag: WIDE_SCREEN_TAG },
  async ({ page }) => {
    const { sponsorId, title } = state();
    await adminLogIn(page);
    await visit(page, `/admin/sponsor/${sponsorId}`, 'the admin sponsor page');
    // The sponsor page's SEND GETS dialog.
    await page.getByRole('button', { name: 'SEND GETS' }).click();
    await expect(page.getByRole('dialog', { name: 'Send GETS' })).toBeVisible();
    await expectAccessible(page, 'the Send GETS dialog', '[role="dialog"]');
    await page.keyboard.press('Escape');
    // A published badge's Credentials side panel.
    await page.goto('/dashboard?menu=badges');
    await page.getByRole('button', { name: `Credentials of ${title}` }).click();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    await expectAccessible(page, "a badge's Credentials panel (admin)", '[role="dialog"]');
  },
);
