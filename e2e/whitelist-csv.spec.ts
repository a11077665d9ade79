// Whitelisting from a CSV file (issue 13), clicked through as a sponsor would
// against the real server, database and chain: 50 registered earners and one
// email without an account in one file; the preview counts them, one consent
// whitelists all 50, the newcomer gets an invitation to register that leads
// to the badge (with its unsubscribe link), an earner from the file can then
// apply, and the sponsor withdraws the newcomer's invitation.
import { expect, test } from './support/fixtures';
import { logIn, newPerson, registerThroughApi } from './support/accounts';
import { approveBadgeAsAdmin, fundedSponsor } from './support/badges';
import { confirmConsent } from './support/admin';
import { openApplications, publishBadge, submitApplication } from './support/applications';
import { MAIL_SINK_URL } from './support/mail';
import type { SinkMessage } from './support/mail-sink';

const run = Date.now().toString(36);
const sponsor = newPerson('csvsponsor');
const earners = Array.from({ length: 50 }, () => newPerson('csvearner'));
const newcomer = newPerson('csvnewcomer');
const title = `Fifty Analysts ${run}`;

test('a sponsor whitelists 50 earners from a CSV in one consent', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  await fundedSponsor(request, sponsor, '100');
  for (let i = 0; i < earners.length; i += 10) {
    await Promise.all(
      earners.slice(i, i + 10).map((earner) => registerThroughApi(request, earner)),
    );
  }

  await logIn(page, sponsor);
  await publishBadge(page, { title, tokens: '1', count: '5', access: 'private' });
  const badgeId = await approveBadgeAsAdmin(request, title);

  await openApplications(page, title);
  // Every consent dialog that opens from here on is counted.
  // (A script string: this project's e2e types have no DOM.)
  await page.evaluate(`(() => {
    const seen = new WeakSet();
    window.consentDialogs = 0;
    new MutationObserver(() => {
      for (const dialog of document.querySelectorAll('[role="alertdialog"]')) {
        if (!seen.has(dialog)) {
          seen.add(dialog);
          window.consentDialogs += 1;
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  })()`);

  await page.getByRole('button', { name: 'Whitelist from CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Whitelist from CSV' });
  const csv = ['email', ...earners.map((e) => e.email), newcomer.email, earners[0]!.email].join(
    '\n',
  );
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'earners.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  const counts = dialog.getByRole('list', { name: 'Row counts' });
  await expect(counts.getByRole('listitem')).toHaveText([
    'Ready: 50',
    'Unknown user: 1',
    'Duplicate: 1',
    'Invalid: 0',
    'Unsubscribed: 0',
  ]);
  await expect(dialog.getByRole('row')).toHaveCount(53);

  await dialog.getByRole('button', { name: 'Whitelist 50 earners and invite 1' }).click();
  await confirmConsent(page, 'Whitelist from CSV', /Whitelist 50 earners for your private badge/);
  await expect(page.getByText('50 earners whitelisted!')).toBeVisible({ timeout: 60_000 });
  await expect(dialog).toBeHidden();
  expect(await page.evaluate('window.consentDialogs')).toBe(1);

  // The newcomer is invited once, to register and then open the badge.
  const mails = async () =>
    ((await (await fetch(`${MAIL_SINK_URL}/messages`)).json()) as SinkMessage[]).filter((m) =>
      m.to.includes(newcomer.email.toLowerCase()),
    );
  await expect.poll(async () => (await mails()).length).toBe(1);
  expect((await mails())[0]!.text).toContain(
    `/register?next=${encodeURIComponent(`/badge/${badgeId}`)}`,
  );
  expect((await mails())[0]!.text).toMatch(/\/unsubscribe\?token=[A-Za-z0-9_-]{43}/);
  await expect(
    page.getByRole('list', { name: 'Pending invitees' }).getByText(newcomer.email),
  ).toBeVisible();

  // An earner from the file opens the badge and applies.
  const earner = await (await browser.newContext()).newPage();
  await logIn(earner, earners[17]!);
  await earner.goto(`/badge/${badgeId}`);
  await earner.getByRole('button', { name: 'Apply', exact: true }).click();
  await submitApplication(earner, title, { fullName: 'Seventeen Tester' });
  await expect(earner.getByRole('button', { name: 'Applied' })).toBeDisabled();

  // The sponsor withdraws the newcomer's invitation, after saying yes.
  await page
    .getByRole('button', { name: `Withdraw the invitation of ${newcomer.email.toLowerCase()}` })
    .click();
  const withdraw = page.getByRole('alertdialog', { name: 'Withdraw the invitation' });
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('Invitation withdrawn!')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Pending invitees' })).toBeHidden();
});
