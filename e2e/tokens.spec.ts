// GETS journeys (spec section 2: Give Tokens, /stake, the admin's Community
// treasure), clicked through as people would, balances read from the chain.
import { expect, test, type Page } from './support/fixtures';
import { unitsOfGets, formatGets } from '@gets/schema';
import { logIn, newPerson, registerThroughApi } from './support/accounts';
import { adminLogIn, confirmConsent } from './support/admin';
import { adminChainAction, approvedSponsor, fundWithGets } from './support/badges';

/** The admin sends GETS from the header's SEND GETS. */
async function adminSends(page: Page, to: string, amount: string) {
  await page.getByRole('banner').getByRole('button', { name: 'SEND GETS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send GETS' });
  await dialog.getByLabel('Wallet address').fill(to);
  await dialog.getByLabel('Token amount').fill(amount);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await confirmConsent(page, `Send ${amount} GETS to ${to.slice(0, 6)}...${to.slice(-4)}`);
  await expect(page.getByText('Tokens transferred!')).toBeVisible({ timeout: 60_000 });
  await expect(dialog).toBeHidden();
}

/** The GETS figure of the dashboard. */
const getsCard = (page: Page) => page.getByRole('group', { name: 'GETS', exact: true });

/** The value of a card on /stake ("Total Staked 12.5 GETS" → "12.5"). */
async function card(page: Page, label: string) {
  const text = (await page.getByText(label, { exact: true }).locator('..').innerText()).replace(
    /\s+/g,
    ' ',
  );
  return (/([\d,.]+) GETS/.exec(text)?.[1] ?? '').replaceAll(',', '');
}

test('an earner who received GETS stakes part of it and sees the three cards change', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const person = newPerson('staker');
  const earner = await registerThroughApi(request, person);
  const adminPage = await (await browser.newContext()).newPage();
  await adminLogIn(adminPage);
  await adminSends(adminPage, earner.data.user.account, '100');

  const page = await (await browser.newContext()).newPage();
  await logIn(page, person);
  await page.goto('/stake');
  await expect(page.getByRole('heading', { name: 'Community Treasure' })).toBeVisible();
  await expect.poll(() => card(page, 'My Balance')).toBe('100');
  expect(await card(page, 'My Staking')).toBe('0');
  const totalBefore = unitsOfGets(await card(page, 'Total Staked'));

  const stake = page.getByRole('button', { name: 'Stake', exact: true });
  await expect(stake).toBeDisabled();
  await page.getByLabel('Amount').fill('100.01');
  await expect(stake).toBeDisabled();
  await page.getByLabel('Amount').fill('37.5');
  await stake.click();
  await expect(page.getByText('Waiting for approval...')).toBeVisible();
  await confirmConsent(page, 'Stake 37.5 GETS into the Community Treasure');
  await expect(page.getByText('Stake amount approved!')).toBeVisible();
  await expect(page.getByText('Staked successfully!')).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => card(page, 'My Balance')).toBe('62.5');
  expect(await card(page, 'My Staking')).toBe('37.5');
  expect(await card(page, 'Total Staked')).toBe(formatGets(totalBefore + unitsOfGets('37.5')));
  const mine = page.getByRole('region', { name: 'My stakes' });
  await expect(mine.getByText(/37\.5 GETS/)).toBeVisible();
  await expect(mine.getByRole('button', { name: /^Unstake stake #/ })).toBeDisabled();
});

test('an earner sends GETS to a sponsor and both balances change', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const earnerPerson = newPerson('giver');
  const sponsorPerson = newPerson('receiver');
  const earner = await registerThroughApi(request, earnerPerson);
  const sponsor = await approvedSponsor(request, sponsorPerson);
  const adminPage = await (await browser.newContext()).newPage();
  await adminLogIn(adminPage);
  await adminSends(adminPage, earner.data.user.account, '20');

  const page = await (await browser.newContext()).newPage();
  await logIn(page, earnerPerson);
  await expect(getsCard(page)).toHaveText('GETS20');
  await page.getByRole('button', { name: 'GIVE TOKENS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give Tokens' });
  await dialog.getByLabel('Wallet address').fill(sponsor.account);
  await dialog.getByLabel('Token amount').fill('20.5');
  await expect(dialog.getByText('Tokens cannot exceed your available balance.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  await dialog.getByLabel('Token amount').fill('7.25');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await confirmConsent(page, /Send 7\.25 GETS to 0x/);
  await expect(page.getByText('Tokens transferred!')).toBeVisible({ timeout: 60_000 });
  await expect(getsCard(page)).toHaveText('GETS12.75');

  const sponsorPage = await (await browser.newContext()).newPage();
  await logIn(sponsorPage, sponsorPerson);
  await expect(getsCard(sponsorPage)).toHaveText('GETS7.25');
});

test('the admin re-deposits into the treasury, withdraws from it, and sees both', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // A withdrawal is limited by the total staked (spec section 5): someone stakes 100 first.
  const person = newPerson('treasury-staker');
  const staker = await registerThroughApi(request, person);
  await fundWithGets(staker.data.user.account, '100');
  await adminChainAction(request, staker.data.token, 'post', '/gs-api/stake/metakeep', {
    email: person.email,
    amount: '100',
  });
  await adminLogIn(page);
  await page.getByRole('link', { name: 'Community treasure' }).click();
  await expect(page).toHaveURL(/\?menu=community$/);
  const pool = async () =>
    unitsOfGets(
      (
        /holds ([\d,.]+) GETS/.exec(
          (await page.getByRole('region', { name: 'Withdraw' }).innerText()).replace(/\s+/g, ' '),
        )?.[1] ?? 'x'
      ).replaceAll(',', ''),
    );
  await expect(page.getByRole('region', { name: 'Withdraw' })).toContainText('holds');
  const start = await pool();

  const redeposit = page.getByRole('form', { name: 'Re-deposit' });
  await redeposit.getByLabel('Re-deposit amount').fill('250');
  await redeposit.getByRole('button', { name: 'Re-deposit' }).click();
  await confirmConsent(page, 'Re-deposit 250 GETS from your wallet into the Community Treasure');
  await expect(page.getByText('250 GETS re-deposited into the Community Treasure!')).toBeVisible({
    timeout: 60_000,
  });
  await expect.poll(pool).toBe(start + unitsOfGets('250'));

  await page
    .getByRole('region', { name: 'Withdraw' })
    .getByRole('button', { name: 'Withdraw' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Enter the amount to be withdrawn' });
  await dialog.getByLabel('Amount to withdraw').fill('100');
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await confirmConsent(page, 'Withdraw 100 GETS from the Community Treasure to your wallet');
  await expect(page.getByText('Withdrawn 100 GETS from the Community Treasure!')).toBeVisible({
    timeout: 60_000,
  });
  await expect.poll(pool).toBe(start + unitsOfGets('150'));
  // Reload keeps the screen and the numbers come from the chain again.
  await page.reload();
  await expect.poll(pool).toBe(start + unitsOfGets('150'));
});
