// Screens of issue 36, at 1366 px (chromium) and 375 px (mobile-375): toasts
// away from the header, a clean console on first load, the sponsor banner's
// words readable, a wallet address on one line at 1024 px, and one badge seen
// as a visitor: its QR code centred, the modal card's whole title, Back
// closing the details modal and leaving the page as it was.
import { expect, test, type Page } from './support/fixtures';
import { WIDE_SCREEN_TAG } from './support/e2e-env';
import { overlaps, type Box } from './support/boxes';
import { logIn, newPerson, registerThroughApi } from './support/accounts';
import { publishBadge } from './support/applications';
import { approveBadgeAsAdmin, badgeIdByName, fundedSponsor } from './support/badges';

test.describe.configure({ mode: 'serial' });

const sponsor = newPerson('sponsor');
const earner = newPerson('earner');
// 45 characters, the longest a title may be: the modal's card (Download as PNG) shows it whole.
const stamp = Date.now().toString(36).slice(-6);
const longTitle = `Analytical Engine Programming Mastery ${stamp}`.padEnd(45, 'X').slice(0, 45);

async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, `${selector} has a box`).not.toBeNull();
  return box!;
}

test('a toast shows away from the header: its search box and user menu stay clear', async ({
  page,
  request,
}) => {
  await registerThroughApi(request, earner);
  await logIn(page, earner);
  // A toast: the wallet address copied (or, without clipboard access, the failure's toast).
  await page
    .getByRole('button', { name: /^Wallet address 0x/ })
    .first()
    .click();
  const toast = page.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  // Wait for the toast's entry animation to end before measuring it.
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  const toastBox = (await toast.boundingBox())!;
  const header = page.getByRole('banner');
  const menu = header.getByRole('button', { name: new RegExp(earner.userName) });
  await expect(menu).toBeVisible();
  expect(overlaps(toastBox, (await menu.boundingBox())!), 'the toast covers the user menu').toBe(
    false,
  );
  const search = header.getByPlaceholder('Search For Badges');
  if (await search.isVisible()) {
    expect(overlaps(toastBox, (await search.boundingBox())!), 'the toast covers the search').toBe(
      false,
    );
  }
  expect(overlaps(toastBox, await boxOf(page, 'header')), 'the toast covers the header').toBe(
    false,
  );
});

test('the first load of a page prints no React Router HydrateFallback warning', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.goto('/explore');
  await expect(page.getByRole('combobox', { name: 'Filter Badge' })).toBeVisible();
  expect(warnings.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
});

test(
  'at 1024 px the wallet address stays on one line',
  { tag: WIDE_SCREEN_TAG },
  async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await logIn(page, earner);
    const address = page.getByTestId('wallet-address').first();
    await expect(address).toBeVisible();
    const lines = await address.evaluate((element) => {
      const style = getComputedStyle(element);
      return element.getBoundingClientRect().height / parseFloat(style.lineHeight);
    });
    expect(lines).toBeLessThan(1.5);
  },
);

test('the sponsor banner says its words in text of 12 px or more', async ({ page, request }) => {
  await fundedSponsor(request, sponsor, '100');
  await logIn(page, sponsor);
  const banner = page.getByRole('region', { name: 'Highlights' });
  await expect(banner.getByText('Reward what learners achieve').first()).toBeVisible();
  const sizes = await banner
    .locator('.swiper-slide [data-slide-words]')
    .evaluateAll((elements) => elements.map((e) => parseFloat(getComputedStyle(e).fontSize)));
  expect(sizes.length).toBeGreaterThanOrEqual(6);
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
});

test('a published badge: QR centred on its page, the modal card shows the whole title, Back closes the modal', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  await logIn(page, sponsor);
  await publishBadge(page, { title: longTitle, tokens: '5', count: '2' });
  await approveBadgeAsAdmin(request, longTitle);
  const id = await badgeIdByName(request, longTitle);

  const context = await browser.newContext({ viewport: page.viewportSize()! });
  const visitor = await context.newPage();
  await visitor.goto(`/badge/${id}`);
  const figure = visitor.locator('figure').filter({ hasText: 'Scan to open this badge' });
  const qr = figure.getByRole('img', { name: `QR code linking to ${longTitle}` });
  await expect(qr).toBeVisible();
  // The QR's drawing code loads lazily: its empty square (same name) is swapped
  // for the drawn SVG, so a box read once can belong to a node already gone.
  // Measure both boxes together until the QR sits in the figure's middle.
  await expect
    .poll(async () => {
      const [qrBox, figureBox] = [await qr.boundingBox(), await figure.boundingBox()];
      if (!qrBox || !figureBox) return Number.POSITIVE_INFINITY;
      return Math.abs(qrBox.x + qrBox.width / 2 - (figureBox.x + figureBox.width / 2));
    })
    .toBeLessThan(2);
  await expect(figure.locator('svg[role="img"]')).toBeVisible();

  // Explore: the card opens the modal, whose card shows the whole title.
  await visitor.goto('/explore');
  const card = visitor.getByRole('button', { name: new RegExp(longTitle) }).first();
  await card.click();
  const dialog = visitor.getByRole('dialog', { name: longTitle });
  await expect(dialog).toBeVisible();
  const title = dialog.getByTestId('badge-card-title');
  await expect(title).toHaveText(longTitle);
  const clipped = await title.evaluate((e) => e.scrollWidth > e.clientWidth + 1);
  expect(clipped, 'the card cuts the title').toBe(false);

  // Back closes the modal; the page under it stays /explore with its cards.
  await visitor.goBack();
  await expect(dialog).toBeHidden();
  await expect(visitor).toHaveURL(/\/explore$/);
  await expect(card).toBeVisible();
  await context.close();
});
