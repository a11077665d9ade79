// The built-in transaction page (issue 36, item 5): with no EXPLORER_URL, a
// sponsor publishes a badge (a real chain action), follows its transaction
// link from the badge's details and reads the transaction from the chain:
// status, block, time, from and to, gas used and the events in words.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/fixtures';
import { PRODUCT_NAME } from '@gets/schema';
import { logIn, newPerson } from './support/accounts';
import { fundedSponsor } from './support/badges';
import { publishBadge } from './support/applications';
import { findLayoutProblems } from './support/layout-fit';

const short = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a sponsor follows the transaction link of a published badge and reads it from the chain', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const sponsor = newPerson('txsponsor');
  const title = `Lighthouse Watch ${Date.now().toString(36)}`;
  const { account } = await fundedSponsor(request, sponsor, '100');

  await logIn(page, sponsor);
  await publishBadge(page, { title, tokens: '10', count: '2' });
  await page
    .getByRole('list', { name: 'Published badges' })
    .getByRole('button', { name: new RegExp(escape(title)) })
    .click();
  const modal = page.getByRole('dialog', { name: title });
  await modal.getByRole('link', { name: 'View the transaction' }).click();

  // The app's own page, in the same tab, with the modal gone.
  await expect(page).toHaveURL(/\/tx\/0x[0-9a-f]{64}$/);
  await expect(modal).toBeHidden();
  const hash = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction' })).toBeVisible();
  await expect(page).toHaveTitle(`Transaction ${short(hash)} - ${PRODUCT_NAME}`);
  await expect(page.getByText(hash, { exact: true })).toBeVisible();

  // The facts' labels, not an event's argument names (from, to: in lower case).
  const fact = (label: string) =>
    page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
  await expect(fact('Status')).toContainText('Success');
  await expect(fact('Block')).toHaveText(/^\d+$/);
  // One date form for people (decision 0067): "November 28, 2026 at 2:00 PM".
  await expect(fact('Time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s?[AP]M$/);
  await expect(fact('From')).toContainText(/0x[0-9a-fA-F]{40}/);
  await expect(fact('From')).toContainText('Platform relayer');
  await expect(fact('To')).toContainText('Platform forwarder');
  await expect(fact('Gas used')).toHaveText(/^\d{1,3}(,\d{3})+$/);

  const events = page.getByRole('list', { name: 'Events' });
  await expect(
    events.getByText(
      new RegExp(
        `^Badge \\d+ published by ${escape(short(account))}: 2 public badges of 10 GETS each, held in escrow$`,
      ),
    ),
  ).toBeVisible();
  await expect(
    events.getByText(new RegExp(`^Transfer of \\d+ GETS from ${escape(short(account))} to `)),
  ).toBeVisible();
  await expect(events.getByText(/^Request of .* executed$/)).toBeVisible();

  // Each event's decoded arguments are there to check.
  const created = events.getByRole('listitem').filter({ hasText: 'published by' });
  await created.getByText('Details').click();
  await expect(created.getByText(account, { exact: true })).toBeVisible();

  // The page fits its window and has no serious or critical axe violation
  // (experimental rules included), once the publish toast has gone.
  await expect(page.getByText('Badge publised successfully!')).toBeHidden();
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'experimental'])
    .analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
  ).toEqual([]);
  expect(await findLayoutProblems(page)).toEqual([]);
});
