// An invitation by email reaches a registered earner on the platform, and
// their wallet goes on chain only once they accept (decision 0063), clicked
// through against the real server, database and chain: the sponsor invites
// two earners from a CSV; one accepts on their dashboard, the other declines
// on the badge's page; the sponsor sees one accepted and the other as not
// accepted (a decline reads like no answer), whitelists the one who accepted
// with one more consent without ever being shown the wallet, and that earner
// applies.
import { expect, test } from './support/fixtures';
import { logIn, newPerson, registerThroughApi } from './support/accounts';
import { approveBadgeAsAdmin, fundedSponsor } from './support/badges';
import { confirmConsent } from './support/admin';
import { openApplications, publishBadge, submitApplication } from './support/applications';

const run = Date.now().toString(36);
const sponsor = newPerson('invsponsor');
const ivy = newPerson('invaccepts');
const ned = newPerson('invdeclines');
const title = `Invited Analysts ${run}`;

test('an invited earner accepts on the platform, and only then is whitelisted', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  await fundedSponsor(request, sponsor, '100');
  const ivyWallet = (await registerThroughApi(request, ivy)).data.user.account;
  const nedWallet = (await registerThroughApi(request, ned)).data.user.account;

  await logIn(page, sponsor);
  await publishBadge(page, { title, tokens: '1', count: '5', access: 'private' });
  const badgeId = await approveBadgeAsAdmin(request, title);

  await openApplications(page, title);
  await page.getByRole('button', { name: 'Whitelist from CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Whitelist from CSV' });
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'invitees.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${ivy.email}\n${ned.email}\n`),
  });
  await dialog.getByRole('button', { name: 'Send 2 invitations' }).click();
  await expect(page.getByText('Invitations sent!')).toBeVisible();
  const invitees = page.getByRole('list', { name: 'Pending invitees' });
  await expect(invitees.getByRole('listitem')).toHaveCount(2);

  // Ivy accepts on her dashboard, told first what accepting does.
  const ivyPage = await (await browser.newContext()).newPage();
  await logIn(ivyPage, ivy);
  const headline = `${sponsor.fullName} invites you to apply for ${title}`;
  const invitation = ivyPage
    .getByRole('list', { name: 'Invitations' })
    .getByRole('article', { name: headline });
  await expect(invitation).toContainText('the whitelist is on the public chain');
  await expect(invitation).toContainText('Declining tells the sponsor nothing.');
  await invitation.getByRole('button', { name: `Accept the invitation to ${title}` }).click();
  await expect(ivyPage.getByText('Invitation accepted!')).toBeVisible();
  await expect(invitation).toContainText('The sponsor whitelists your wallet next');
  await expect(invitation.getByRole('button')).toHaveCount(0);

  // Ned declines on the badge's page.
  const nedPage = await (await browser.newContext()).newPage();
  await logIn(nedPage, ned);
  await nedPage.goto(`/badge/${badgeId}`);
  const onBadge = nedPage.getByRole('article', { name: headline });
  await onBadge.getByRole('button', { name: `Decline the invitation to ${title}` }).click();
  await expect(nedPage.getByText('Invitation declined!')).toBeVisible();
  await expect(onBadge).toBeHidden();

  // The sponsor sees Ivy accepted, Ned not (as if he had not answered); no wallet anywhere.
  await page.reload();
  await expect(invitees.getByRole('listitem').filter({ hasText: ivy.email })).toContainText(
    'Accepted, not whitelisted yet',
  );
  await expect(invitees.getByRole('listitem').filter({ hasText: ned.email })).toContainText(
    'not accepted yet',
  );
  await page.getByRole('button', { name: 'Whitelist 1 who accepted' }).click();
  await confirmConsent(page, /Whitelist 1 invitee who accepted your invitation/);
  await expect(page.getByText('Earner whitelisted!')).toBeVisible({ timeout: 60_000 });
  await expect(invitees.getByRole('listitem')).toHaveCount(1);
  const seen = (await page.content()).toLowerCase();
  for (const wallet of [ivyWallet, nedWallet]) expect(seen).not.toContain(wallet.toLowerCase());

  // Ivy's invitation is done: she applies.
  await ivyPage.goto(`/badge/${badgeId}`);
  await expect(ivyPage.getByRole('article', { name: headline })).toBeHidden();
  await ivyPage.getByRole('button', { name: 'Apply', exact: true }).click();
  await submitApplication(ivyPage, title, { fullName: 'Ivy Tester' });
  await expect(ivyPage.getByRole('button', { name: 'Applied' })).toBeDisabled();
});
