// Whitelisting from a CSV file (issue 13; emails as invitations, decision
// 0063), clicked through as a sponsor would against the real server,
// database and chain: 50 earners' wallet addresses and two emails in one
// file, one of a registered earner and one of a newcomer. The preview counts
// them, shows the two emails alike and says what confirming does; one consent
// whitelists the 50 wallets, both emails get an invitation (the newcomer's
// leads to registering, the earner's to logging in; both with their
// unsubscribe link), nobody behind an email is whitelisted, an earner from the
// file can then apply, and the sponsor withdraws the newcomer's invitation.
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
const member = newPerson('csvmember');
const newcomer = newPerson('csvnewcomer');
const title = `Fifty Analysts ${run}`;

const mailsTo = async (email: string) =>
  ((await (await fetch(`${MAIL_SINK_URL}/messages`)).json()) as SinkMessage[]).filter((m) =>
    m.to.includes(email.toLowerCase()),
  );

test('a sponsor whitelists 50 wallets from a CSV in one consent and invites its emails', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  await fundedSponsor(request, sponsor, '100');
  const wallets: `0x${string}`[] = [];
  for (let i = 0; i < earners.length; i += 10) {
    const registered = await Promise.all(
      earners.slice(i, i + 10).map((earner) => registerThroughApi(request, earner)),
    );
    wallets.push(...registered.map((answer) => answer.data.user.account));
  }
  await registerThroughApi(request, member);

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
  const csv = ['wallet or email', ...wallets, member.email, newcomer.email, wallets[0]!].join('\n');
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'earners.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  const counts = dialog.getByRole('list', { name: 'Row counts' });
  await expect(counts.getByRole('listitem')).toHaveText([
    'Wallet to whitelist: 50',
    'Invitation: 2',
    'Duplicate: 1',
    'Invalid: 0',
    'Unsubscribed: 0',
  ]);
  await expect(dialog.getByRole('row')).toHaveCount(54);
  // The member's email and the newcomer's read alike: nothing says who has an account.
  const rowOf = (email: string) => dialog.getByRole('row').filter({ hasText: email });
  const memberRow = (await rowOf(member.email).innerText()).replace(member.email, '<email>');
  const newcomerRow = (await rowOf(newcomer.email).innerText()).replace(newcomer.email, '<email>');
  expect(memberRow.replace(/^\d+/, '')).toBe(newcomerRow.replace(/^\d+/, ''));
  await expect(dialog.getByRole('group', { name: 'What happens' })).toContainText(
    "50 wallets of earners go on this badge's whitelist once you consent.",
  );
  await expect(dialog.getByRole('group', { name: 'What happens' })).toContainText(
    'You will not see who has an account.',
  );

  await dialog.getByRole('button', { name: 'Whitelist 50 wallets and invite 2 emails' }).click();
  await confirmConsent(page, 'Whitelist from CSV', /Whitelist 50 earners for your private badge/);
  await expect(page.getByText('50 earners whitelisted!')).toBeVisible({ timeout: 60_000 });
  await expect(dialog).toBeHidden();
  expect(await page.evaluate('window.consentDialogs')).toBe(1);

  // Both emails are invited once: the newcomer to register, the member to log in, then the badge.
  await expect.poll(async () => (await mailsTo(newcomer.email)).length).toBe(1);
  const [toNewcomer] = await mailsTo(newcomer.email);
  expect(toNewcomer!.text).toContain(`/register?next=${encodeURIComponent(`/badge/${badgeId}`)}`);
  expect(toNewcomer!.text).toMatch(/\/unsubscribe\?token=[A-Za-z0-9_-]{43}/);
  await expect.poll(async () => (await mailsTo(member.email)).length).toBeGreaterThan(1);
  const toMember = (await mailsTo(member.email)).find((m) => m.text.includes('/login?next='));
  expect(toMember!.subject).toBe(toNewcomer!.subject);
  expect(toMember!.text).toContain(`/login?next=${encodeURIComponent(`/badge/${badgeId}`)}`);
  const invitees = page.getByRole('list', { name: 'Pending invitees' });
  for (const email of [newcomer.email, member.email]) {
    await expect(invitees.getByText(email.toLowerCase())).toBeVisible();
  }

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
  await expect(invitees.getByText(newcomer.email.toLowerCase())).toBeHidden();
  await expect(invitees.getByText(member.email.toLowerCase())).toBeVisible();
});
