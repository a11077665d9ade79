// On a small screen (the mobile-375 project): the admin area shows only the
// spec's message that it is made for larger screens; the site's pages fit.
import { ADMIN_TEXTS } from '@gets/schema';
import { expect, test, type Page } from './support/fixtures';
import { adminLogInKeepingWidth } from './support/admin';
import { logIn, newPerson, registerThroughApi } from './support/accounts';
import { approvedSponsor } from './support/badges';
import { VISITOR_PAGES } from './support/routes';

/** Opens each route and checks that the page is no wider than the screen. */
async function expectFits(page: Page, routes: readonly string[]) {
  for (const route of routes) {
    await page.goto(route);
    await expect(page.getByRole('main')).toBeVisible();
    const widths = await page.evaluate(
      '({ page: document.documentElement.scrollWidth, window: window.innerWidth })',
    );
    expect.soft(widths, `${route} is wider than the screen`).toEqual({ page: 375, window: 375 });
  }
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
