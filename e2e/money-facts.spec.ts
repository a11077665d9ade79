// Money facts before commitment (issue 36, item 1), at 1366 and at 375 px: a
// sponsor sees the balance, what the badges hold in escrow, the 9 GETS fee,
// the total and the balance after on the create page before the consent; an
// earner sees the lock period, the date a stake made now unlocks and the same
// facts on /stake before the consent, then the stake's unlock date; a badge
// card, its details modal and its page show the claim deadline and expiry.
import type { Locator } from '@playwright/test';
import { expect, test, type Page } from './support/fixtures';
import { logIn, newPerson, registerThroughApi } from './support/accounts';
import { confirmConsent } from './support/admin';
import { fillBadgeAndPublish } from './support/applications';
import { approveBadgeAsAdmin, badgeIdByName, fundedSponsor, fundWithGets } from './support/badges';

test.describe.configure({ mode: 'serial' });

const DAY = 86_400_000;
const longDate = (ms: number) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(ms);
const sponsor = newPerson('facts-sponsor');
const title = `Ledger Basics ${Date.now().toString(36)}`;
let publishedAt = 0;

/** A money facts list (components/ui/money-facts) as { term: value }. */
async function facts(page: Page, label: string): Promise<Record<string, string>> {
  return page
    .locator(`dl[aria-label="${label}"]`)
    .evaluate((list) =>
      Object.fromEntries(
        [...list.querySelectorAll('dt')].map((dt) => [
          dt.textContent ?? '',
          dt.nextElementSibling?.textContent ?? '',
        ]),
      ),
    );
}

/** The text a control's aria-describedby points at. */
async function reasonOf(control: Locator): Promise<string> {
  const ids = (await control.getAttribute('aria-describedby'))?.split(/\s+/) ?? [];
  expect(ids.length).toBeGreaterThan(0);
  const texts = [];
  for (const id of ids) {
    const hint = control.page().locator(`[id="${id}"]`);
    await expect(hint).toBeVisible();
    texts.push((await hint.textContent()) ?? '');
  }
  return texts.join(' ').trim();
}

test('a sponsor sees the balance, escrow, fee, total and balance after before consenting to publish', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await fundedSponsor(request, sponsor, '1200');
  await logIn(page, sponsor);
  await page.goto('/badge');
  await expect
    .poll(async () => (await facts(page, 'What publishing costs'))['Your balance'])
    .toBe('1,200 GETS');
  await page.getByLabel('Tokens per badge (GETS)').fill('100');
  await page.getByLabel('Number of badges').fill('12');
  // 12 x 100 + 9 = 1,209 is above the 1,200 held: Publish is disabled and says why.
  const publish = page.getByRole('button', { name: 'Publish', exact: true });
  await expect(publish).toBeDisabled();
  expect(await reasonOf(publish)).toBe("You don't have enough balance to create these badges.");
  expect((await facts(page, 'What publishing costs'))['Your balance after']).toBe('-9 GETS');

  publishedAt = Date.now();
  await fillBadgeAndPublish(page, { title, tokens: '100', count: '10' });
  // The consent is open: the facts were on the page before it, and still are.
  await expect(page.getByRole('alertdialog')).toBeVisible();
  expect(await facts(page, 'What publishing costs')).toEqual({
    'Your balance': '1,200 GETS',
    'Rewards held in escrow': '1,000 GETS',
    'Badge creation fee': '9 GETS',
    'Total to publish': '1,009 GETS',
    'Your balance after': '191 GETS',
  });
  await confirmConsent(page, 'Publish badge');
  await expect(page.getByText('Badge publised successfully!')).toBeVisible({ timeout: 60_000 });
});

test('an earner sees the lock period, the unlock date and the money facts before consenting to stake', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const person = newPerson('facts-staker');
  const earner = await registerThroughApi(request, person);
  await fundWithGets(earner.data.user.account, '2500');
  await logIn(page, person);
  await page.goto('/stake');
  const lock = page.getByText(/^Lock period: \d+ days?\./);
  await expect(lock).toBeVisible();
  const days = Number(/Lock period: (\d+)/.exec((await lock.textContent()) ?? '')?.[1]);
  await expect(lock.locator('..')).toContainText(
    `A stake made now unlocks on ${longDate(Date.now() + days * DAY)}.`,
  );

  const stake = page.getByRole('button', { name: 'Stake', exact: true });
  await expect
    .poll(async () => (await facts(page, 'What staking does to your wallet'))['Your balance'])
    .toBe('2,500 GETS');
  await expect(stake).toBeDisabled();
  expect(await reasonOf(stake)).toBe('Enter an amount first.');
  await page.getByLabel('Amount').fill('1234.5');
  expect(await facts(page, 'What staking does to your wallet')).toEqual({
    'Your balance': '2,500 GETS',
    'Amount to stake': '1,234.5 GETS',
    'Fee (the platform pays the network fee)': '0 GETS',
    'Total leaving your wallet': '1,234.5 GETS',
    'Your balance after': '1,265.5 GETS',
  });
  await stake.click();
  await confirmConsent(page, 'Stake 1,234.5 GETS into the Community Treasure');
  await expect(page.getByText('Staked successfully!')).toBeVisible({ timeout: 60_000 });

  const mine = page.getByRole('region', { name: 'My stakes' });
  await expect(mine.getByText(/1,234\.5 GETS/)).toBeVisible();
  const unstake = mine.getByRole('button', { name: /^Unstake stake #/ });
  await expect(unstake).toBeDisabled();
  expect(await reasonOf(unstake)).toMatch(
    new RegExp(
      `^Locked until ${new Intl.DateTimeFormat('en-US', { month: 'long' }).format(new Date(Date.now() + days * DAY))} `,
    ),
  );
});

test('an earner sees the batch expiry and expiry on the card, in the modal and on the page', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await approveBadgeAsAdmin(request, title);
  const approvedAt = Date.now();
  const id = await badgeIdByName(request, title);
  const person = newPerson('facts-earner');
  await registerThroughApi(request, person);
  await logIn(page, person);

  // Publish set the batch expiry 30 days on; the admin's expiry is 90 days on.
  const batchExpiry = [longDate(publishedAt + 30 * DAY), longDate(Date.now() + 30 * DAY)];
  const expires = [longDate(approvedAt + 90 * DAY - 120_000), longDate(Date.now() + 90 * DAY)];
  const oneOf = (dates: string[]) => new RegExp(`^(${dates.join('|')})$`);

  await page.goto('/explore');
  const card = page.getByTestId('badge-card').filter({ hasText: title });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText('Badge No.')).toBeVisible();
  await expect(card.getByText('Batch expiry:').locator('+ dd')).toHaveText(oneOf(batchExpiry));
  await expect(card.getByText('Expires:').locator('+ dd')).toHaveText(oneOf(expires));

  await card.click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByText('Batch expiry', { exact: true }).locator('+ dd')).toHaveText(
    oneOf(batchExpiry),
  );
  await expect(dialog.getByText('Expires', { exact: true }).locator('+ dd')).toHaveText(
    oneOf(expires),
  );

  await page.goto(`/badge/${id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const figure = (label: string) =>
    page.locator('p', { hasText: new RegExp(`^${label}$`) }).locator('+ p');
  await expect(figure('Batch expiry')).toHaveText(oneOf(batchExpiry));
  await expect(figure('Expires')).toHaveText(oneOf(expires));
});
