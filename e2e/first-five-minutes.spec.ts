// The README's "First five minutes", walked on the screens as a newcomer
// would: the first admin logs in, approves a new sponsor and sends them GETS;
// the sponsor publishes a badge the admin approves; an earner applies, the
// sponsor approves, the earner claims badge and reward. With
// UPDATE_README_SCREENSHOTS=1 (`npm run docs:screenshots`) it also writes the
// README's pictures to docs/first-five-minutes/; without, it only walks and checks.
import path from 'node:path';
import type { Browser } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, type Page } from './support/fixtures';
import { newPerson, registerOnForm } from './support/accounts';
import { adminLogIn, confirmConsent } from './support/admin';
import { WIDE_SCREEN_TAG } from './support/e2e-env';
import {
  applicantRow,
  claimFromDashboard,
  fillApplication,
  openApplications,
  publishBadge,
  submitApplication,
  type Person,
} from './support/applications';

const SCREENSHOTS = path.join(import.meta.dirname, '..', 'docs', 'first-five-minutes');
const VIEWPORT = { width: 1366, height: 768 };

/** Writes docs/first-five-minutes/{name}.png when asked to (the journey runs either way). */
async function picture(page: Page, name: string) {
  if (process.env.UPDATE_README_SCREENSHOTS !== '1') return;
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^(Loading|Reading)\b/).filter({ visible: true })).toHaveCount(0);
  // Without the toasts of earlier steps, which would cover the header.
  const shot = await page.screenshot({
    style: '[data-sonner-toaster] { display: none !important; }',
  });
  // A 256-colour palette: about a third of the bytes, no difference to see in flat UI colours.
  await sharp(shot)
    .png({ palette: true, compressionLevel: 9, effort: 10 })
    .toFile(path.join(SCREENSHOTS, `${name}.png`));
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: VIEWPORT, reducedMotion: 'reduce' })).newPage();
}

/** Registers at /register with the mailed one-time code and the wallet's consent; lands on the dashboard. */
async function register(page: Page, person: Person, userType: 'earner' | 'sponsor') {
  await page.goto('/register');
  await registerOnForm(page, person, userType);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
}

test.use({ viewport: VIEWPORT, reducedMotion: 'reduce' });

// The admin console needs a wide window: the 375 px project leaves this out.
test(
  'first five minutes: admin approves and funds a sponsor, who publishes a badge an earner applies for, is approved for and claims',
  { tag: WIDE_SCREEN_TAG },
  async ({ page: admin, browser }) => {
    test.setTimeout(300_000);
    const stamp = Date.now().toString(36);
    const sponsorPerson = { ...newPerson('sponsor'), fullName: `Ada Sponsor ${stamp}` };
    const earnerPerson = { ...newPerson('earner'), fullName: `Grace Earner ${stamp}` };
    const title = `Analytical Engine ${stamp}`;

    // A sponsor registers and waits for the admin.
    const sponsor = await newPage(browser);
    await register(sponsor, sponsorPerson, 'sponsor');
    await expect(sponsor.getByText(/Your account is currently under verification\./)).toBeVisible();

    // 1. The admin logs in from the link the first start printed, and approves the sponsor.
    await adminLogIn(admin);
    await picture(admin, '1-admin-dashboard');
    await admin.goto('/dashboard?menu=approvals');
    const accept = admin.getByRole('button', { name: `Accept ${sponsorPerson.fullName}` });
    const seeMore = admin.getByRole('button', { name: 'See more' });
    await expect(admin.getByRole('button', { name: /^Accept / }).first()).toBeVisible();
    if ((await accept.count()) === 0 && (await seeMore.isVisible())) await seeMore.click();
    await accept.scrollIntoViewIfNeeded();
    await picture(admin, '2-approve-sponsor');
    await accept.click();
    await expect(admin.getByText('Sponsor approved!')).toBeVisible();

    // 2. The admin sends the sponsor GETS from the sponsor's page.
    await admin.getByRole('link', { name: 'Active sponsors' }).click();
    await admin.getByRole('searchbox', { name: 'Search sponsors' }).fill(sponsorPerson.fullName);
    await admin.getByRole('link', { name: new RegExp(sponsorPerson.email) }).click();
    await expect(admin.getByRole('heading', { name: sponsorPerson.fullName })).toBeVisible();
    await admin.getByRole('button', { name: 'SEND GETS' }).click();
    const send = admin.getByRole('dialog', { name: 'Send GETS' });
    await send.getByLabel('Token amount').fill('100');
    await expect(send.getByRole('button', { name: 'Send' })).toBeEnabled();
    await picture(admin, '3-send-gets');
    await send.getByRole('button', { name: 'Send' }).click();
    await confirmConsent(admin, /Send 100 GETS to/);
    await expect(admin.getByText('Tokens transferred!')).toBeVisible({ timeout: 60_000 });

    // 3. The sponsor publishes a badge of 2 × 10 GETS; the admin approves it.
    await sponsor.reload();
    await expect(sponsor.getByText(/Your account is currently under verification\./)).toHaveCount(
      0,
    );
    await publishBadge(sponsor, { title, tokens: '10', count: '2' });
    // The published badge in the middle of the picture.
    await sponsor.getByRole('list', { name: 'Published badges' }).evaluate((list) =>
      (list as unknown as { scrollIntoView(options: object): void }).scrollIntoView({
        block: 'center',
      }),
    );
    await picture(sponsor, '4-sponsor-dashboard');
    await admin
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Active badges' })
      .click();
    await admin
      .getByRole('list', { name: 'Pending badges' })
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByRole('button', { name: 'Verify details' })
      .click();
    await admin
      .getByRole('dialog', { name: title })
      .getByRole('button', { name: 'Approve' })
      .click();
    const approve = admin.getByRole('dialog', {
      name: 'Add expiry date and approve this badge to publish',
    });
    await approve
      .getByLabel('Expiry date')
      .fill(new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10));
    await picture(admin, '5-approve-badge');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await confirmConsent(admin, `Approve the badge "${title}"`);
    await expect(admin.getByText('Badge approved!')).toBeVisible({ timeout: 60_000 });

    // 4. An earner registers, finds the badge and applies.
    const earner = await newPage(browser);
    await register(earner, earnerPerson, 'earner');
    await earner.goto(`/search?name=${encodeURIComponent(title)}`);
    await earner.getByRole('button', { name: `${title}: open details` }).click();
    await earner
      .getByRole('dialog', { name: title })
      .getByRole('button', { name: 'Apply', exact: true })
      .click();
    await fillApplication(earner, title, { fullName: earnerPerson.fullName });
    await picture(earner, '6-apply');
    await submitApplication(earner, title, { fullName: earnerPerson.fullName });

    // 5. The sponsor approves the application.
    await openApplications(sponsor, title);
    const row = applicantRow(sponsor, earnerPerson.fullName);
    await row.getByRole('button', { name: `Approve ${earnerPerson.fullName}` }).click();
    await confirmConsent(sponsor, 'Review applications', /Approve 1 application for/);
    await expect(sponsor.getByText('Application Approved!')).toBeVisible({ timeout: 60_000 });
    await expect(row.getByRole('cell', { name: 'Approved' })).toBeVisible();
    await picture(sponsor, '7-approve-application');

    // 6. The earner claims the badge and its 10 GETS.
    await claimFromDashboard(earner, title, '10');
    await expect(
      earner
        .getByRole('list', { name: 'My badges' })
        .getByRole('button', { name: `${title}: open details` }),
    ).toBeVisible();
    await picture(earner, '8-claimed');
  },
);
