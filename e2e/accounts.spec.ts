// Accounts journeys (spec section 2), clicked through as a person would,
// against the real server, database, chain and an SMTP mail sink.
import { expect, test, type Page } from './support/fixtures';
import { E2E_ADMIN } from './support/e2e-env';
import { asAdminDesktop } from './support/admin';
import { mailCount, waitForOtp } from './support/mail';
import {
  clearOtp,
  fillRegisterForm,
  logIn,
  newPerson,
  pixelPng,
  registerThroughApi,
  typeOtp,
} from './support/accounts';
import { adminToken, holdAdminPasskey } from './support/passkeys';

async function logOut(page: Page, userName: string) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(userName) })
    .click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('a new earner registers with the mailed OTP, registers the wallet on chain, logs out and in, and edits the profile', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const person = newPerson('earner');

  await page.goto('/register');
  const submit = page.getByRole('button', { name: 'Register with OTP' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Choose profile image').setInputFiles(pixelPng(1));
  await expect(page.getByText('Image uploaded!')).toBeVisible();
  await fillRegisterForm(page, person);
  await expect(submit).toBeEnabled();
  await submit.click();

  const otpDialog = page.getByRole('dialog', { name: 'Enter the OTP' });
  await expect(otpDialog).toBeVisible();
  const verify = otpDialog.getByRole('button', { name: 'Verify & Register' });
  await expect(verify).toBeDisabled();
  await expect(otpDialog.getByText(/Resend OTP in \d+s/)).toBeVisible();
  await typeOtp(page, await waitForOtp(person.email));
  await expect(verify).toBeEnabled();
  await verify.click();

  // The on-chain registration goes through the consent dialog, in the server's words.
  const consent = page.getByRole('alertdialog', { name: 'Register your wallet' });
  await expect(consent).toBeVisible();
  await expect(consent.getByText('Register your wallet on the platform')).toBeVisible();
  await consent.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
  await expect(page.getByText('Your wallet is registered on the platform!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Earner Dashboard' })).toBeVisible();
  await expect(page.getByText(person.fullName)).toBeVisible();
  // The registry id came back with the refreshed user: nothing left to register.
  await expect(page.getByRole('button', { name: 'Register wallet' })).toHaveCount(0);

  await logOut(page, person.userName);
  await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await logIn(page, person);

  await page.goto('/profile');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(person.email);
  await expect(page.getByLabel('Email', { exact: true })).not.toBeEditable();
  await expect(page.getByLabel('User Name', { exact: true })).not.toBeEditable();
  await expect(page.getByLabel('User Type', { exact: true })).toHaveValue('Earner');
  const oldPicture = await page.getByRole('img', { name: 'Profile picture' }).getAttribute('src');
  await page.getByLabel('Full Name', { exact: true }).fill('Renamed Earner');
  await page.getByLabel('Change profile image').setInputFiles(pixelPng(2));
  await expect(page.getByText('Image uploaded!')).toBeVisible();
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Profile updated!')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('Renamed Earner');
  const newPicture = await page.getByRole('img', { name: 'Profile picture' }).getAttribute('src');
  expect(newPicture).toBeTruthy();
  expect(newPicture).not.toBe(oldPicture);

  await page.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete your account' })).toBeVisible();
  await page.getByRole('button', { name: 'Close', exact: true }).first().click();

  await logOut(page, person.userName);
});

test('forgot password: the mailed reset OTP and a new password lead to a successful login', async ({
  page,
  request,
}) => {
  const person = newPerson('reset');
  await registerThroughApi(request, person);
  const mailsBefore = await mailCount(person.email);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect(page).toHaveURL(new RegExp(`/verify-email/${encodeURIComponent(person.email)}$`));
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
  await expect(page.getByText(/Resend OTP in \d+s/)).toBeVisible();

  await page.getByLabel('OTP', { exact: true }).fill(await waitForOtp(person.email, mailsBefore));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Reset your password' });
  await expect(modal).toBeVisible();
  const newPassword = 'Brand-New-Pass2@';
  await modal.getByLabel('New Password', { exact: true }).fill(newPassword);
  await modal.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Password reset successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, { email: person.email, password: newPassword });
  await expect(page.getByRole('heading', { name: 'Earner Dashboard' })).toBeVisible();
});

test('five wrong OTPs use the code up: the sixth, correct one is refused with the server message', async ({
  page,
}) => {
  const person = newPerson('wrong');
  await page.goto('/register');
  await fillRegisterForm(page, person);
  await page.getByRole('button', { name: 'Register with OTP' }).click();
  const otp = await waitForOtp(person.email);
  const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
  const dialog = page.getByRole('dialog', { name: 'Enter the OTP' });

  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await typeOtp(page, wrong);
    await dialog.getByRole('button', { name: 'Verify & Register' }).click();
    await expect(page.getByText('The OTP is incorrect!').first()).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Verify & Register' })).toBeEnabled();
    await clearOtp(page);
  }
  await typeOtp(page, otp);
  await dialog.getByRole('button', { name: 'Verify & Register' }).click();
  await expect(
    page.getByText('Too many wrong attempts for this OTP. Please request a new one!'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('admin login opens only from the secret link, and logout returns to it', async ({ page }) => {
  await asAdminDesktop(page);
  // The admin has a passkey (decision 0064), held by this page's browser.
  await adminToken(page.request);
  await holdAdminPasskey(page);
  await page.goto('/admin/login');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin/login#not-the-secret');
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(`/admin/login#${E2E_ADMIN.loginSecret}`);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // The password alone does not sign the admin in: the passkey does.
  await expect(page).not.toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Use your passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(E2E_ADMIN.email)).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/login#${E2E_ADMIN.loginSecret}$`));
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
});
