// A badge link that leads somewhere (issue 36, items 2 to 4), clicked through
// at 1366 and 375 px against the real server, database, chain and mail: a
// visitor on /badge/{id} logs in (or registers) from "Log in to apply" and
// lands back on the badge; a whitelisted earner is mailed the badge's link;
// a revoked credential reads Revoked with its date and reason and offers no
// Download or Share; a sponsor's open Create Badge page says why it is closed
// and opens when an admin approves them, without a reload. On wide screens
// (the admin console's): an approval in the console reaches the sponsor's open
// dashboard, and the sponsor ban dialog lists what the ban does first.
import { expect, test, type Page } from './support/fixtures';
import { logIn, newPerson, registerOnForm, registerThroughApi } from './support/accounts';
import { adminLogIn, confirmConsent } from './support/admin';
import { WIDE_SCREEN_TAG } from './support/e2e-env';
import { adminChainAction, adminToken, approveBadgeAsAdmin, fundedSponsor } from './support/badges';
import { applyApproveAndClaim, openApplications, publishBadge } from './support/applications';
import { MAIL_SINK_URL } from './support/mail';
import type { SinkMessage } from './support/mail-sink';

test.describe.configure({ mode: 'serial' });

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const sponsor = newPerson('linksponsor');
const ada = newPerson('linkada');
const publicTitle = `Open Door ${run}`;
const privateTitle = `Invited Only ${run}`;
let publicId = '';
let privateId = '';

/** Logs in from the form the page is on (it carries ?next=). */
async function logInHere(page: Page, person: { email: string; password: string }) {
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function mailsTo(email: string): Promise<SinkMessage[]> {
  const all = (await (await fetch(`${MAIL_SINK_URL}/messages`)).json()) as SinkMessage[];
  return all.filter((message) => message.to.includes(email.toLowerCase()));
}

test('a sponsor publishes a public and a private badge (set-up of the journeys below)', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await fundedSponsor(request, sponsor, '50');
  await registerThroughApi(request, ada);
  await logIn(page, sponsor);
  await publishBadge(page, { title: publicTitle, tokens: '2', count: '2' });
  await publishBadge(page, { title: privateTitle, tokens: '1', count: '2', access: 'private' });
  publicId = await approveBadgeAsAdmin(request, publicTitle);
  privateId = await approveBadgeAsAdmin(request, privateTitle);
});

test('a visitor opens a badge link, logs in from "Log in to apply" and lands back on the badge', async ({
  page,
}) => {
  await page.goto(`/badge/${publicId}`);
  await expect(page.getByRole('heading', { level: 1, name: publicTitle })).toBeVisible();
  await page.getByRole('link', { name: 'Log in to apply' }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fbadge%2F${publicId}$`));
  await logInHere(page, ada);
  await expect(page).toHaveURL(new RegExp(`/badge/${publicId}$`));
  await expect(page.getByRole('heading', { level: 1, name: publicTitle })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply', exact: true })).toBeEnabled();
});

test('a visitor registers from "Log in to apply" and lands back on the badge', async ({ page }) => {
  test.setTimeout(120_000);
  const newcomer = newPerson('linknew');
  await page.goto(`/badge/${publicId}`);
  await page.getByRole('link', { name: 'Log in to apply' }).click();
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(new RegExp(`/register\\?next=%2Fbadge%2F${publicId}$`));
  await registerOnForm(page, newcomer);
  await expect(page).toHaveURL(new RegExp(`/badge/${publicId}$`), { timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Apply', exact: true })).toBeEnabled();
});

test('a whitelisted earner is mailed the badge link, which leads to the badge to apply', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const earner = await (await browser.newContext()).newPage();
  await logIn(earner, ada);
  const account = await earner.evaluate<string>(
    `JSON.parse(localStorage.getItem('auth')).user.account`,
  );

  await logIn(page, sponsor);
  await openApplications(page, privateTitle);
  await page.getByLabel('Earner wallet address').fill(account);
  await page.getByRole('button', { name: 'Whitelist', exact: true }).click();
  await confirmConsent(page, 'Whitelist earner');
  await expect(page.getByText('Earner whitelisted!')).toBeVisible({ timeout: 60_000 });

  let mail: SinkMessage | undefined;
  await expect
    .poll(
      async () => {
        mail = (await mailsTo(ada.email)).find((m) => m.subject.includes('private badge'));
        return mail?.subject;
      },
      { timeout: 30_000 },
    )
    .toBe('You can apply for a private badge on GETS Badges');
  const link = new RegExp(`https?://[^\\s]+/badge/${privateId}`).exec(mail!.text)?.[0];
  expect(link, mail!.text).toBeTruthy();
  expect(mail!.text).toContain(`"${privateTitle}"`);

  // The link leads to the badge; signed out, through the login and back.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(new URL(link!).pathname);
  await visitor.getByRole('link', { name: 'Log in to apply' }).click();
  await logInHere(visitor, ada);
  await expect(visitor).toHaveURL(new RegExp(`/badge/${privateId}$`));
  await expect(visitor.getByRole('button', { name: 'Apply', exact: true })).toBeEnabled();
});

test('a revoked credential reads Revoked with the date and reason, and offers no Download or Share', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const earner = await (await browser.newContext()).newPage();
  await logIn(earner, ada);
  await logIn(page, sponsor);
  await applyApproveAndClaim(
    earner,
    page,
    { id: publicId, title: publicTitle, reward: '2' },
    { fullName: 'Ada Lovelace' },
  );
  const earned = earner.getByRole('list', { name: 'My badges' }).getByRole('listitem');
  await expect(earned.getByRole('button', { name: 'Download image' })).toBeVisible({
    timeout: 30_000,
  });

  // The admin bans the badge: its credentials are revoked.
  const token = await adminToken(request);
  await adminChainAction(request, token, 'put', `/gs-api/admin/badge/ban/${publicId}`, {});

  await earner.goto('/dashboard');
  const revoked = earned.getByRole('status', { name: `Credential revoked: ${publicTitle}` });
  await expect(revoked).toContainText('Revoked on');
  await expect(revoked).toContainText('Reason: The badge was banned');
  await expect(earned.getByRole('button', { name: /Download/ })).toHaveCount(0);
  await expect(earned.getByRole('link', { name: /LinkedIn/ })).toHaveCount(0);
  // The badge's own page says the same, with nothing to download.
  await earner.goto(`/badge/${publicId}`);
  const article = earner.getByRole('article');
  await expect(
    article.getByRole('status', { name: `Credential revoked: ${publicTitle}` }),
  ).toContainText('Reason: The badge was banned');
  await expect(article.getByRole('button', { name: /Download/ })).toHaveCount(0);
  await expect(article.getByRole('link', { name: /LinkedIn/ })).toHaveCount(0);
});

test('Create Badge says why it is closed, then opens on the open page once an admin approves the sponsor', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const pending = newPerson('linkpending');
  const user = (await registerThroughApi(request, pending, 'sponsor')).data.user;
  await logIn(page, pending);
  await page.goto('/badge');
  await expect(page.getByRole('status')).toContainText(
    'your sponsor account is still under verification',
  );
  await expect(page.getByLabel('Title', { exact: true })).toHaveCount(0);

  const token = await adminToken(request);
  const approved = await request.put('/gs-api/admin/sponsors/status', {
    headers: { authorization: `Bearer ${token}` },
    data: { userId: user._id, status: 'APPROVED' },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  // No reload: the open page hears the decision and opens the form.
  await expect(page.getByLabel('Title', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/badge$/);
});

test(
  "an admin accepts a sponsor in the console; the sponsor's open dashboard changes without a reload; the ban dialog says what a ban does",
  { tag: WIDE_SCREEN_TAG },
  async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const waiting = newPerson('linkwait');
    const user = (await registerThroughApi(request, waiting, 'sponsor')).data.user;
    await logIn(page, waiting);
    await expect(page.getByText(/Your account is currently under verification/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Award Winners' })).toHaveCount(0);

    const admin = await (await browser.newContext()).newPage();
    await adminLogIn(admin);
    await admin.goto('/dashboard?menu=approvals');
    await expect(admin.getByRole('button', { name: /^Accept / }).first()).toBeVisible();
    const seeMore = admin.getByRole('button', { name: 'See more' });
    if (await seeMore.isVisible()) await seeMore.click();
    await admin
      .getByRole('button', { name: `Accept ${waiting.fullName}` })
      .first()
      .click();
    await expect(admin.getByText('Sponsor approved!')).toBeVisible();

    // No reload on the sponsor's side.
    await expect(page.getByRole('heading', { name: 'Award Winners' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText(/Your account is currently under verification/)).toHaveCount(0);

    // The ban dialog lists what will happen before the admin confirms; Cancel bans nobody.
    await admin.goto(`/admin/sponsor/${user._id}`);
    await admin.getByRole('button', { name: 'Ban', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'Ban sponsor' });
    const effects = dialog.getByRole('list', { name: 'What the ban does' }).getByRole('listitem');
    await expect(effects).toHaveCount(3);
    await expect(effects.nth(0)).toContainText('signed out on every device');
    await expect(effects.nth(2)).toContainText('credentials their earners hold are not revoked');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByRole('button', { name: 'Ban', exact: true })).toBeVisible();
  },
);
