// A session that ends elsewhere (issue 33): the person is signed in on one
// device, resets their password on another (which revokes every session of
// theirs), and goes on clicking on the first. The first device must notice,
// say so once, open the login page and, after the login, return them there.
import { expect, test } from './support/fixtures';
import { mailCount, waitForOtp } from './support/mail';
import { logIn, newPerson, registerThroughApi } from './support/accounts';

const SESSION_ENDED = 'Your session has ended. Please log in again.';

test('a password reset on another device ends the session here: one message, /login?next=, and back after the login', async ({
  page,
  browser,
  request,
}) => {
  const person = newPerson('ended');
  await registerThroughApi(request, person);
  await logIn(page, person);
  await expect(page.getByRole('heading', { name: 'Earner Dashboard' })).toBeVisible();

  // The other device: /forgot-password → the mailed OTP → a new password.
  const otherDevice = await browser.newContext();
  const other = await otherDevice.newPage();
  const mailsBefore = await mailCount(person.email);
  await other.goto('/forgot-password');
  await other.getByLabel('Email', { exact: true }).fill(person.email);
  await other.getByRole('button', { name: 'Get OTP' }).click();
  await expect(other).toHaveURL(new RegExp(`/verify-email/${encodeURIComponent(person.email)}$`));
  await other.getByLabel('OTP', { exact: true }).fill(await waitForOtp(person.email, mailsBefore));
  await other.getByRole('button', { name: 'Verify', exact: true }).click();
  const modal = other.getByRole('dialog', { name: 'Reset your password' });
  const newPassword = 'Other-Device-Pass3@';
  await modal.getByLabel('New Password', { exact: true }).fill(newPassword);
  await modal.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(other.getByText('Password reset successfully!')).toBeVisible();
  await otherDevice.close();

  // Back on the first device, still looking signed in: on to the stake page.
  await page.getByRole('link', { name: 'EARNER FREEDOM AWARD' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fstake$/, { timeout: 5000 });
  await expect(page.getByText(SESSION_ENDED)).toHaveCount(1);
  // Only the one message: none of the refused calls' own.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
  await expect(page.getByRole('banner').getByRole('link', { name: 'LAUNCH APP' })).toBeVisible();

  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/stake$/);
  await expect(page.getByRole('heading', { name: 'Community Treasure' })).toBeVisible();
});
