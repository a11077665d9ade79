// On a small screen (the mobile-375 project): the admin area shows only the
// spec's message that it is made for larger screens; the site's pages fit.
import { ADMIN_TEXTS } from '@gets/schema';
import { expect, test, type Page } from './support/fixtures';
import type { Locator } from '@playwright/test';
import { adminLogInKeepingWidth } from './support/admin';
import { logIn, newPerson, registerThroughApi } from './support/accounts';
import { approvedSponsor, approveBadgeAsAdmin, fundedSponsor } from './support/badges';
import {
  applicantRow,
  claimFromDashboard,
  openApplications,
  publishBadge,
  submitApplication,
} from './support/applications';
import { confirmConsent } from './support/admin';
import { VISITOR_PAGES } from './support/routes';

/** Opens each route and checks that the page is no wider than the screen. */
async function expectFits(page: Page, routes: readonly string[]) {
  for (const route of routes) {
    await page.goto(route);
    await expectPageFits(page, route);
  }
}

/** The page as it is now is no wider than the screen. */
async function expectPageFits(page: Page, what: string) {
  await expect(page.getByRole('main')).toBeVisible();
  const widths = await page.evaluate(
    '({ page: document.documentElement.scrollWidth, window: window.innerWidth })',
  );
  expect.soft(widths, `${what} is wider than the screen`).toEqual({ page: 375, window: 375 });
}

/**
 * Every part of the element, its text included, lies between the screen's
 * edges: its box does, and its text does not run out of its box (a long word
 * that does not wrap overflows a box that itself fits).
 */
async function expectWithinWidth(element: Locator, what: string) {
  const extent = await element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const text = range.getBoundingClientRect();
    const box = node.getBoundingClientRect();
    return { left: Math.min(box.left, text.left), right: Math.max(box.right, text.right) };
  });
  expect.soft(extent.left, `${what} starts left of the screen`).toBeGreaterThanOrEqual(0);
  expect.soft(extent.right, `${what} runs past the screen's edge`).toBeLessThanOrEqual(375);
}

test('at 375 px the admin area shows only the narrow-screen message', async ({ page }) => {
  await adminLogInKeepingWidth(page);
  await expect(page.getByRole('status')).toHaveText(ADMIN_TEXTS.narrowScreen);
  await expect(page.getByRole('heading', { name: 'ADMIN', exact: true })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
});

test('at 375 px the public pages fit the width: nothing scrolls the page sideways', async ({
  page,
}) => {
  await expectFits(page, VISITOR_PAGES);
});

test('at 375 px the pages of an earner and of a sponsor fit the width', async ({
  browser,
  request,
}) => {
  const earner = newPerson('narrowearner');
  const sponsor = newPerson('narrowsponsor');
  await registerThroughApi(request, earner);
  await approvedSponsor(request, sponsor);
  const earnerPage = await (await browser.newContext()).newPage();
  await logIn(earnerPage, earner);
  await expectFits(earnerPage, ['/dashboard', '/profile', '/stake', '/explore']);
  const sponsorPage = await (await browser.newContext()).newPage();
  await logIn(sponsorPage, sponsor);
  await expectFits(sponsorPage, ['/dashboard', '/profile', '/badge']);
});

test('at 375 px a sponsor reviews on the application list and the claimed badge’s shared /verify page fits, its wallet whole', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const title = `Pocket Reviewer ${Date.now().toString(36)}`;
  const sponsor = newPerson('narrowreview');
  const earner = newPerson('narrowclaim');
  await fundedSponsor(request, sponsor, '20');
  await registerThroughApi(request, earner);
  const sponsorPage = await (await browser.newContext()).newPage();
  await logIn(sponsorPage, sponsor);
  await publishBadge(sponsorPage, { title, tokens: '2', count: '1' });
  const badgeId = await approveBadgeAsAdmin(request, title);
  const earnerPage = await (await browser.newContext()).newPage();
  await logIn(earnerPage, earner);
  await earnerPage.goto(`/badge/${badgeId}`);
  await earnerPage.getByRole('button', { name: 'Apply', exact: true }).click();
  await submitApplication(earnerPage, title, {
    fullName: 'Ada Pocket',
    evidence: 'Notes on the engine, read on a phone',
  });

  // The table scrolls inside its box, says so, and Approve is reachable in it.
  await openApplications(sponsorPage, title);
  await expectPageFits(sponsorPage, 'the application list');
  await expect(
    sponsorPage.getByText('Scroll the table sideways to see Approve and Reject.'),
  ).toBeVisible();
  const approve = applicantRow(sponsorPage, 'Ada Pocket').getByRole('button', {
    name: 'Approve Ada Pocket',
  });
  await approve.scrollIntoViewIfNeeded();
  await expectWithinWidth(approve, 'Approve, scrolled to');
  await expectPageFits(sponsorPage, 'the application list scrolled to Approve');
  await approve.click();
  await confirmConsent(sponsorPage, 'Review applications');
  await expect(sponsorPage.getByText('Application Approved!')).toBeVisible({ timeout: 60_000 });
  await claimFromDashboard(earnerPage, title, '2');

  // What "Copy link" shares, opened by someone else on a phone.
  const earned = earnerPage.getByRole('list', { name: 'My badges' }).getByRole('listitem');
  const verifyLink = await earned.getByRole('link', { name: 'Verify' }).getAttribute('href');
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(verifyLink!);
  await expect(visitor.getByRole('heading', { name: 'Verified', exact: true })).toBeVisible();
  await expectPageFits(visitor, 'the shared /verify page');
  const wallet = visitor.getByRole('definition').filter({ hasText: /^0x[0-9a-fA-F]{40}$/ });
  await expect(wallet).toHaveCount(1);
  await expectWithinWidth(wallet, 'the earner’s wallet');
  await expectWithinWidth(
    visitor.getByRole('list', { name: 'Checks' }),
    'the checks, with the chain record',
  );
});
