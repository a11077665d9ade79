// One claim deadline (decision 0067), at both sides of it: an earner approved
// for a badge sees Claim with their own deadline (approval plus the claim
// period) on My Applications, in the details modal and on the badge page;
// the chain's clock is then moved past that deadline (the embedded Anvil's
// evm_increaseTime, the journeys' known RPC port) and so is the browser's
// (Playwright's clock: the person comes back later), and no screen offers
// Claim any more: each says the claim period ended, the API refuses the
// claim, and once the platform has released the approval on chain, a
// browser whose clock never moved reads the same. The chain's clock is set
// back to the wall clock at the end, so the journeys after this one meet a
// chain whose time is today's.
import { createPublicClient, http } from 'viem';
import { expect, test, type Page } from './support/fixtures';
import { logIn, newPerson, registerThroughApi } from './support/accounts';
import { confirmConsent } from './support/admin';
import { approveBadgeAsAdmin, fundedSponsor } from './support/badges';
import {
  applicantRow,
  openApplications,
  publishBadge,
  submitApplication,
} from './support/applications';
import { E2E_ANVIL_PORT } from './support/e2e-env';

const DAY_MS = 86_400_000;
const run = Date.now().toString(36);
const sponsor = newPerson('deadline-sponsor');
const earner = newPerson('deadline-earner');
const title = `Deadline Keeper ${run}`;

const chain = createPublicClient({ transport: http(`http://127.0.0.1:${E2E_ANVIL_PORT}`) });
const rpc = (method: string, params: unknown[]) =>
  chain.request({ method: method as never, params: params as never });
const chainNowMs = async () => Number((await chain.getBlock()).timestamp) * 1000;

/** "December 8, 2026", as the screens write a date (lib/format.ts), in this machine's zone. */
const longDate = (ms: number) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(ms));

const myApplicationsRow = (page: Page) =>
  page
    .getByRole('region', { name: 'My Applications' })
    .getByRole('row', { name: new RegExp(title) });

async function openDetailsFromSearch(page: Page) {
  await page.goto(`/search?name=${encodeURIComponent(title)}`);
  await page.getByRole('button', { name: `${title}: open details` }).click();
  return page.getByRole('dialog', { name: title });
}

test('an approved earner claims until their own deadline; past it no screen offers Claim', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  // The platform's claim period, as anyone reads it (another journey may have changed it).
  const platform = await request.get('/gs-api/platform');
  const { claimPeriod } = ((await platform.json()) as { data: { claimPeriod: number } }).data;
  const days = `${claimPeriod} ${claimPeriod === 1 ? 'day' : 'days'}`;
  await fundedSponsor(request, sponsor, '100');
  const { token } = (await registerThroughApi(request, earner)).data;
  const asEarner = { authorization: `Bearer ${token}` };

  // The sponsor publishes a badge (its batch expiry 30 days on); the admin approves it.
  await logIn(page, sponsor);
  await publishBadge(page, { title, tokens: '5', count: '1' });
  const badgeId = await approveBadgeAsAdmin(request, title);

  // Before applying, the badge page gives the window an approval opens, and the batch
  // expiry under its own name.
  const person = await (await browser.newContext()).newPage();
  await logIn(person, earner);
  await person.goto(`/badge/${badgeId}`);
  const figure = (label: string) =>
    person.locator('p', { hasText: new RegExp(`^${label}$`) }).locator('+ p');
  await expect(figure('Claim period')).toHaveText(`${days} from approval`);
  await expect(figure('Batch expiry')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await expect(person.getByText('Claim deadline')).toHaveCount(0);

  await person.getByRole('button', { name: 'Apply', exact: true }).click();
  await submitApplication(person, title, { fullName: 'Dora Deadline' });
  await expect(person.getByText(`You will have ${days} to claim once approved.`)).toBeVisible();

  // The sponsor approves: the contract sets the deadline from the approval's block time.
  await openApplications(page, title);
  await applicantRow(page, 'Dora Deadline')
    .getByRole('button', { name: 'Approve Dora Deadline' })
    .click();
  await confirmConsent(page, 'Review applications');
  await expect(page.getByText('Application Approved!')).toBeVisible({ timeout: 60_000 });

  const mine = async () => {
    const answer = await request.get('/gs-api/badge/applied/earner', { headers: asEarner });
    expect(answer.ok()).toBe(true);
    const list = (
      (await answer.json()) as {
        data: {
          status: string;
          claimDeadline: string | null;
          onChainId: string;
          badgeId: string;
        }[];
      }
    ).data;
    return list.find((a) => a.badgeId === badgeId)!;
  };
  const approved = await mine();
  expect(approved.status).toBe('APPROVED');
  const deadline = Date.parse(approved.claimDeadline!);
  // Approval (just now, by the chain's clock) plus the claim period, not the batch expiry.
  expect(Math.abs(deadline - ((await chainNowMs()) + claimPeriod * DAY_MS))).toBeLessThan(
    5 * 60_000,
  );
  const deadlineText = `Claim deadline: ${longDate(deadline)} at`;

  // Before the deadline: Claim on every screen, with that deadline.
  await person.goto('/dashboard');
  await expect(
    myApplicationsRow(person).getByRole('button', { name: `Claim ${title}` }),
  ).toBeVisible();
  await expect(myApplicationsRow(person)).toContainText(deadlineText);
  let modal = await openDetailsFromSearch(person);
  await expect(modal.getByRole('button', { name: 'Claim Tokens' })).toBeEnabled();
  await expect(modal.getByRole('status').filter({ hasText: deadlineText })).toBeVisible();
  await person.goto(`/badge/${badgeId}`);
  await expect(person.getByRole('button', { name: 'Claim Tokens' })).toBeEnabled();

  try {
    // The chain's clock passes the deadline by a minute.
    const jump = Math.ceil((deadline - (await chainNowMs())) / 1000) + 60;
    await rpc('evm_increaseTime', [jump]);
    await rpc('evm_mine', []);
    expect(await chainNowMs()).toBeGreaterThan(deadline);

    // The person comes back after the deadline: their browser's clock is past it too.
    const later = await (await browser.newContext()).newPage();
    await later.clock.install({ time: new Date(deadline + 2 * 60_000) });
    await logIn(later, earner);
    const ended = later.getByText(/^Claim period ended on /);
    await expect(myApplicationsRow(later)).toContainText(
      `Claim period ended on ${longDate(deadline)}`,
    );
    await expect(myApplicationsRow(later).getByRole('button')).toHaveCount(0);
    modal = await openDetailsFromSearch(later);
    await expect(modal.getByText(/Claim period ended on /)).toBeVisible();
    await expect(modal.getByRole('button', { name: /Claim/ })).toHaveCount(0);
    await later.goto(`/badge/${badgeId}`);
    await expect(ended).toBeVisible();
    await expect(later.getByRole('button', { name: /Claim/ })).toHaveCount(0);

    // The API agrees with the contract: the claim is refused.
    const refused = await request.post('/gs-api/user/metakeep/claimBadge', {
      headers: asEarner,
      data: { onChainId: approved.onChainId, email: earner.email },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'The claim period of this badge has ended',
    );

    // The platform releases the lapsed approval on chain (its worker, every 30 s)...
    await expect.poll(async () => (await mine()).status, { timeout: 120_000 }).toBe('EXPIRED');
    // ...and a browser whose clock never moved reads the same: no Claim anywhere.
    await person.goto('/dashboard');
    await expect(myApplicationsRow(person)).toContainText(
      `Claim period ended on ${longDate(deadline)}`,
    );
    await expect(myApplicationsRow(person).getByRole('button')).toHaveCount(0);
    modal = await openDetailsFromSearch(person);
    await expect(modal.getByText(/Claim period ended on /)).toBeVisible();
    await expect(modal.getByRole('button', { name: /Claim/ })).toHaveCount(0);
    await person.goto(`/badge/${badgeId}`);
    await expect(person.getByText(/^Claim period ended on /)).toBeVisible();
    await expect(person.getByRole('button', { name: /Claim/ })).toHaveCount(0);
  } finally {
    // Today's time again for the journeys that follow (Anvil takes a clock set back).
    await rpc('evm_setTime', [Math.floor(Date.now() / 1000)]);
    await rpc('evm_mine', []);
  }
});
