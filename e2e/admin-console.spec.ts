// Admin console journeys (spec section 2, "Admin area"), clicked through as
// people would, with a sponsor and an admin in two browsers at once. Wide
// screens only: below 1000 px the admin console shows only a message.
import { SECURITY_MESSAGES } from '@gets/schema';
import { expect, test, type Page } from './support/fixtures';
import { E2E_ADMIN, WIDE_SCREEN_TAG } from './support/e2e-env';
import { logIn, newPerson, registerOnForm, registerThroughApi } from './support/accounts';
import { adminLogIn, confirmConsent } from './support/admin';
import { MAIL_SINK_URL } from './support/mail';
import { virtualAuthenticator } from './support/passkeys';

const UNDER_VERIFICATION =
  "Your account is currently under verification. The admin will review and verify your account within 24 hours. We'll notify you once the process is complete.";

test(
  'a sponsor registers and waits; an admin accepts them in the console; the sponsor reloads into the sponsor dashboard',
  { tag: WIDE_SCREEN_TAG },
  async ({ browser }) => {
    test.setTimeout(120_000);
    const sponsorPage = await (await browser.newContext()).newPage();
    const person = newPerson('sponsor');
    await sponsorPage.goto('/register');
    await registerOnForm(sponsorPage, person, 'sponsor');
    await expect(sponsorPage).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
    await expect(sponsorPage.getByText(UNDER_VERIFICATION)).toBeVisible();

    const adminPage = await (await browser.newContext()).newPage();
    await adminLogIn(adminPage);
    const approvals = adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', {
      name: /Profile approvals/,
    });
    await expect(approvals).toContainText(/\d+/);
    await approvals.click();
    await expect(adminPage).toHaveURL(/\/dashboard\?menu=approvals$/);
    await expect(
      adminPage.getByRole('heading', { name: /Pending profile approvals \(\d+\)/ }),
    ).toBeVisible();
    // Reload keeps the screen.
    await adminPage.reload();
    await expect(
      adminPage.getByRole('heading', { name: /Pending profile approvals/ }),
    ).toBeVisible();
    await showAllPending(adminPage);
    await adminPage
      .getByRole('button', { name: `Accept ${person.fullName}` })
      .first()
      .click();
    await expect(adminPage.getByText('Sponsor approved!')).toBeVisible();

    await sponsorPage.reload();
    await expect(sponsorPage.getByRole('heading', { name: 'Sponsor Dashboard' })).toBeVisible();
    await expect(sponsorPage.getByText(UNDER_VERIFICATION)).toHaveCount(0);
  },
);

test(
  "an admin verifies a sponsor from the sponsor page, and the mark appears in the sponsor's header menu",
  { tag: WIDE_SCREEN_TAG },
  async ({ browser, request }) => {
    test.setTimeout(120_000);
    const person = newPerson('verified');
    const registered = await registerThroughApi(request, person, 'sponsor');
    const adminPage = await (await browser.newContext()).newPage();
    await adminLogIn(adminPage);
    await adminPage.goto('/dashboard?menu=approvals');
    await showAllPending(adminPage);
    await adminPage.getByRole('button', { name: `Accept ${person.fullName}` }).click();
    await expect(adminPage.getByText('Sponsor approved!')).toBeVisible();

    await adminPage.getByRole('link', { name: 'Active sponsors' }).click();
    await adminPage.getByRole('searchbox', { name: 'Search sponsors' }).fill(person.fullName);
    // Full names of journeys repeat; the card of this sponsor carries their email.
    await adminPage.getByRole('link', { name: new RegExp(person.email) }).click();
    await expect(adminPage).toHaveURL(new RegExp(`/admin/sponsor/${registered.data.user._id}$`));
    await expect(adminPage.getByRole('heading', { name: person.fullName })).toBeVisible();
    await expect(adminPage.getByText(`@${person.userName}`)).toBeVisible();
    await expect(adminPage.getByText('Verified Sponsor')).toHaveCount(0);
    await adminPage.getByRole('button', { name: 'Verify' }).click();
    await expect(adminPage.getByText('Sponsor verified!')).toBeVisible();
    await expect(adminPage.getByText('Verified Sponsor')).toBeVisible();
    await expect(adminPage.getByRole('button', { name: 'Verify' })).toHaveCount(0);

    const sponsorPage = await (await browser.newContext()).newPage();
    await logIn(sponsorPage, person);
    await sponsorPage
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(person.userName) })
      .click();
    await expect(
      sponsorPage
        .getByRole('banner')
        .getByRole('img', { name: 'Verified sponsor' })
        .filter({ visible: true }),
    ).toBeVisible();
  },
);

test(
  'an admin changes the claim period on chain and sees it after reload',
  { tag: WIDE_SCREEN_TAG },
  async ({ page }) => {
    test.setTimeout(120_000);
    await adminLogIn(page);
    await page.getByRole('link', { name: 'Settings' }).click();
    const claim = page.getByLabel('Claim period in days');
    await expect(claim).not.toHaveValue('');
    const next = String((Number(await claim.inputValue()) % 300) + 1);
    await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
    await claim.fill(next);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await confirmConsent(
      page,
      `Set the claim period (days earners have to claim a badge) to ${next} day`,
    );
    await expect(page.getByText('Settings updated successfully!')).toBeVisible({ timeout: 60_000 });
    await page.reload();
    await expect(page.getByLabel('Claim period in days')).toHaveValue(next);
    await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  },
);

test(
  'an admin adds a second admin by email, who sets a password from the mailed link and logs in',
  { tag: WIDE_SCREEN_TAG },
  async ({ page, browser }) => {
    test.setTimeout(120_000);
    await adminLogIn(page);
    await page.getByRole('link', { name: 'Add more admin' }).click();
    await expect(page.getByRole('tab', { name: 'Add more admins' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const email = newPerson('admin').email;
    await page.getByLabel('Email or wallet address').fill(email);
    await page.getByRole('button', { name: 'Proceed' }).click();
    await confirmConsent(page, /an administrator of the platform/);
    await expect(page.getByText(`Admin added! An invitation was mailed to ${email}.`)).toBeVisible({
      timeout: 60_000,
    });
    const managers = page.getByRole('region', { name: 'Managers' });
    await expect(managers.getByText(email)).toBeVisible();
    await expect(managers.getByText(E2E_ADMIN.email)).toBeVisible();

    // The invitation, as the new admin reads it in their mail.
    let link = '';
    await expect
      .poll(async () => {
        const mails = (await (await fetch(`${MAIL_SINK_URL}/messages`)).json()) as {
          to: string[];
          text: string;
        }[];
        link =
          /https?:\/\/\S+\/admin\/login\?invite=\S+/.exec(
            mails.find((mail) => mail.to.includes(email))?.text ?? '',
          )?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    const second = await (await browser.newContext()).newPage();
    await second.goto(link);
    await expect(second.getByRole('heading', { name: 'Set your admin password' })).toBeVisible();
    await expect(second.getByText(email)).toBeVisible();
    const password = 'Second-Admin-1!';
    await second.getByLabel('New Password', { exact: true }).fill(password);
    await second.getByLabel('Confirm Password', { exact: true }).fill(password);
    // The new admin's device: Chromium's virtual authenticator.
    await virtualAuthenticator(second);
    await second.getByRole('button', { name: 'Set password and sign in' }).click();
    // Before any change, the new admin enrols a second factor (decision 0064).
    await expect(second).toHaveURL(/\/admin\/security$/);
    await expect(second.getByText(SECURITY_MESSAGES.adminFactorRequired).first()).toBeVisible();
    await second.getByRole('button', { name: 'Add a passkey' }).click();
    await second
      .getByRole('dialog', { name: 'Name your passkey' })
      .getByRole('button', { name: 'Save passkey' })
      .click();
    await second
      .getByRole('dialog', { name: 'Your recovery codes' })
      .getByRole('button', { name: 'I have saved them' })
      .click();
    await expect(second.getByRole('heading', { name: 'ADMIN', exact: true })).toBeVisible();
    await second.getByRole('button', { name: 'Log out' }).click();
    await expect(second.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    // Signing in again: the password, then the passkey.
    await second.getByLabel('Email', { exact: true }).fill(email);
    await second.getByLabel('Password', { exact: true }).fill(password);
    await second.getByRole('button', { name: 'Login', exact: true }).click();
    await second.getByRole('button', { name: 'Use your passkey' }).click();
    await expect(second).toHaveURL(/\/dashboard$/);
    await expect(second.getByText(email)).toBeVisible();
  },
);

/** The approvals list shows 6: once it has loaded, See more shows the rest (other journeys' sponsors wait too). */
async function showAllPending(adminPage: Page) {
  await expect(adminPage.getByRole('button', { name: /^Accept / }).first()).toBeVisible();
  const seeMore = adminPage.getByRole('button', { name: 'See more' });
  if (await seeMore.isVisible()) await seeMore.click();
}
