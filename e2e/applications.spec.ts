// Application journeys (spec sections 2 and 4), clicked through as the
// earner and the sponsor would, against the real server, database and chain:
// apply with evidence, the sponsor reads it and approves, the earner claims
// the badge and its GETS; a private badge's whitelist; a rejection. Sponsors
// are approved and badges approved through the admin API (the admin console
// has its own journeys).
import type { Browser } from '@playwright/test';
import { expect, test, type Page } from './support/fixtures';
import { logIn, newPerson, registerThroughApi } from './support/accounts';
import { confirmConsent } from './support/admin';
import { toastCovers } from './support/boxes';
import { approveBadgeAsAdmin, fundedSponsor } from './support/badges';
import {
  applicantRow,
  claimFromDashboard,
  openApplications,
  publishBadge,
  submitApplication,
  type Person,
} from './support/applications';

test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
const sponsor = newPerson('sponsor');
const ada = newPerson('ada');
const bob = newPerson('bob');
const cy = newPerson('cy');
const publicTitle = `Engine Programmer ${run}`;
const privateTitle = `Invited Analyst ${run}`;
const EVIDENCE =
  'Notes G: a program for the Analytical Engine that computes the Bernoulli numbers, with a table of every operation.';

let publicBadgeId = '';
let bobAccount = '';

async function signedIn(browser: Browser, person: Person): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, person);
  return page;
}

/** A dashboard card reads its label, then its figure. */
async function expectCard(page: Page, label: string, value: string) {
  await expect(page.getByRole('group', { name: label, exact: true }).locator('p')).toHaveText([
    label,
    value,
  ]);
}

test('an earner applies with evidence, the sponsor reads it and approves, and the earner claims the badge and its GETS', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  await fundedSponsor(request, sponsor, '200');
  await registerThroughApi(request, ada);
  bobAccount = (await registerThroughApi(request, bob)).data.user.account;
  await registerThroughApi(request, cy);

  // The sponsor publishes a public badge of 2 × 10 GETS; the admin approves it.
  await logIn(page, sponsor);
  await expect(page.getByRole('region', { name: 'Highlights' })).toBeVisible();
  await expect(page.getByText('No Award Winner found.')).toBeVisible();
  await publishBadge(page, { title: publicTitle, tokens: '10', count: '2' });
  publicBadgeId = await approveBadgeAsAdmin(request, publicTitle);

  // The earner starts with nothing.
  const earner = await signedIn(browser, ada);
  await expect(earner.getByRole('heading', { name: 'Earner Dashboard' })).toBeVisible();
  await expect(earner.getByText('You have not earned any badges yet!')).toBeVisible();
  await expect(earner.getByText('No applications found!')).toBeVisible();
  await expectCard(earner, 'GETS', '0');
  await expectCard(earner, 'MY AWARDS', '0');
  await expect(earner.getByRole('link', { name: 'EARNER FREEDOM AWARD' })).toHaveAttribute(
    'href',
    '/stake',
  );

  // Finds the badge, opens it and applies with evidence.
  await earner.goto(`/search?name=${encodeURIComponent(publicTitle)}`);
  await expect(earner.getByRole('heading', { name: 'Click To Apply' })).toBeVisible();
  await earner.getByRole('button', { name: `${publicTitle}: open details` }).click();
  const modal = earner.getByRole('dialog', { name: publicTitle });
  await modal.getByRole('button', { name: 'Apply', exact: true }).click();
  await submitApplication(earner, publicTitle, {
    fullName: 'Ada Lovelace',
    program: 'Analytical Engines 101',
    evidence: EVIDENCE,
  });
  await expect(modal.getByRole('button', { name: 'Apply', exact: true })).toHaveCount(0);
  await expect(modal.getByText('Under review')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Claim Tokens' })).toBeDisabled();
  await earner.goto(`/badge/${publicBadgeId}`);
  await expect(earner.getByRole('button', { name: 'Applied' })).toBeDisabled();
  await earner.goto('/dashboard');
  const mine = earner.getByRole('region', { name: 'My Applications' });
  await expect(mine.getByRole('row', { name: new RegExp(publicTitle) })).toContainText(
    'Under review',
  );

  // The sponsor reads the evidence and approves, with one consent.
  await openApplications(page, publicTitle);
  const row = applicantRow(page, 'Ada Lovelace');
  await expect(row).toContainText('Analytical Engines 101');
  await expect(row).toContainText(`${EVIDENCE.slice(0, 50)}...`);
  await row.getByRole('button', { name: /Read More/ }).click();
  const proof = page.getByRole('dialog', { name: 'Evidence Proof' });
  await expect(proof.getByText(EVIDENCE)).toBeVisible();
  await proof.getByRole('button', { name: 'Close' }).click();
  await row.getByRole('button', { name: 'Approve Ada Lovelace' }).click();
  await confirmConsent(page, 'Review applications', /Approve 1 application for/);
  await expect(page.getByText('Application Approved!')).toBeVisible({ timeout: 60_000 });
  await expect(row.getByRole('cell', { name: 'Approved' })).toBeVisible();
  await expect(page.getByText('Remaining badges: 1 of 2')).toBeVisible();

  // The earner claims badge and tokens: the GETS balance grows by the reward.
  await claimFromDashboard(earner, publicTitle, '10');
  await expectCard(earner, 'GETS', '10');
  await expectCard(earner, 'MY AWARDS', '0'); // always 0 (spec section 2)
  await expect(
    earner
      .getByRole('list', { name: 'My badges' })
      .getByRole('button', { name: `${publicTitle}: open details` }),
  ).toBeVisible();
  await expect(mine.getByRole('row', { name: new RegExp(publicTitle) })).toContainText('Claimed');
  // Claim Tokens now reads "Tokens Claimed", disabled.
  await earner
    .getByRole('list', { name: 'My badges' })
    .getByRole('button', { name: `${publicTitle}: open details` })
    .click();
  await expect(
    earner
      .getByRole('dialog', { name: publicTitle })
      .getByRole('button', { name: 'Tokens Claimed' }),
  ).toBeDisabled();

  // The badge page lists the earner; the sponsor sees the winner and the GETS awarded.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/badge/${publicBadgeId}`);
  await expect(visitor.getByRole('cell', { name: 'Ada Lovelace' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(
    page.getByRole('list', { name: 'Award winners' }).getByText('Ada Lovelace'),
  ).toBeVisible();
  await expect(page.getByText('Total tokens awarded in badges: 10 GETS')).toBeVisible();
});

test('a sponsor whitelists an earner for a private badge, who then applies', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await logIn(page, sponsor);
  await publishBadge(page, { title: privateTitle, tokens: '5', count: '1', access: 'private' });
  const privateBadgeId = await approveBadgeAsAdmin(request, privateTitle);

  // Not whitelisted yet: the application is refused before anything is signed.
  const earner = await signedIn(browser, bob);
  await earner.goto(`/badge/${privateBadgeId}`);
  await earner.getByRole('button', { name: 'Apply', exact: true }).click();
  const modal = earner.getByRole('dialog', { name: `Apply for ${privateTitle}` });
  await modal
    .getByRole('group', { name: 'Do you meet all of the awarding criteria?' })
    .getByLabel('Yes')
    .check();
  await modal
    .getByRole('group', { name: 'Do you need to send evidence?' })
    .getByLabel('No')
    .check();
  await modal.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(earner.getByText('Consent failed!')).toBeVisible();
  await expect(
    earner.getByText('This private badge accepts only earners its sponsor whitelisted'),
  ).toBeVisible();
  // The toast leaves the dialog's buttons clear (on a phone it moves to the top
  // while a dialog is open): the earner cancels at once.
  const toast = earner.locator('[data-sonner-toast]').first();
  const cancel = modal.getByRole('button', { name: 'Cancel' });
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  expect(await toastCovers(toast, cancel), 'the toast covers Cancel').toBe(false);
  expect(await toastCovers(toast, modal.getByRole('button', { name: 'Apply', exact: true }))).toBe(
    false,
  );
  await cancel.click();

  // The sponsor whitelists the earner's wallet from the badge's Applications page.
  await openApplications(page, privateTitle);
  await expect(page.getByText('No Badge Application Found!')).toBeVisible();
  await page.getByLabel('Earner wallet address').fill(bobAccount);
  await page.getByRole('button', { name: 'Whitelist', exact: true }).click();
  await confirmConsent(page, 'Whitelist earner', /Whitelist the wallet/);
  await expect(page.getByText('Earner whitelisted!')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(`/badge/${privateBadgeId}`)).toBeVisible();

  // The earner opens the badge's link and applies.
  await earner.goto(`/badge/${privateBadgeId}`);
  await earner.getByRole('button', { name: 'Apply', exact: true }).click();
  await submitApplication(earner, privateTitle, { fullName: 'Bob Babbage' });
  await expect(earner.getByRole('button', { name: 'Applied' })).toBeDisabled();

  await page.reload();
  await expect(applicantRow(page, 'Bob Babbage')).toBeVisible();
});

test('a sponsor rejects an application and the earner sees "Rejected"', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const earner = await signedIn(browser, cy);
  await earner.goto(`/badge/${publicBadgeId}`);
  await earner.getByRole('button', { name: 'Apply', exact: true }).click();
  await submitApplication(earner, publicTitle, { fullName: 'Cy Young' });

  // The sponsor selects the application and rejects the selection, with one consent.
  await logIn(page, sponsor);
  await openApplications(page, publicTitle);
  await page.getByRole('checkbox', { name: 'Cy Young' }).check();
  await page.getByRole('button', { name: 'Reject selected (1)' }).click();
  await confirmConsent(page, 'Review applications', /Reject 1 application for/);
  await expect(page.getByText('Application Rejected!')).toBeVisible({ timeout: 60_000 });
  await expect(
    applicantRow(page, 'Cy Young').getByRole('cell', { name: 'Rejected' }),
  ).toBeVisible();

  await earner.goto('/dashboard');
  await expect(
    earner
      .getByRole('region', { name: 'My Applications' })
      .getByRole('row', { name: new RegExp(publicTitle) }),
  ).toContainText('Rejected');
});
