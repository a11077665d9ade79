// The reminder-email switches of the profile, clicked as a person would: a
// switch turned off stays off after logging in again (saved on the server).
import { expect, test } from './support/fixtures';
import { logIn, newPerson, registerThroughApi } from './support/accounts';

test('an earner turns claim reminders off on the profile, and finds them off after logging in again', async ({
  page,
  request,
}) => {
  const person = newPerson('remind');
  await registerThroughApi(request, person);
  await logIn(page, person);

  await page.goto('/profile');
  const reminders = page.getByRole('switch', { name: 'Claim reminders' });
  const digest = page.getByRole('switch', { name: 'Daily digest of new applications' });
  await expect(reminders).toBeChecked();
  await expect(digest).toBeChecked();
  await page.getByText('Claim reminders', { exact: true }).click();
  await expect(reminders).not.toBeChecked();
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Profile updated!')).toBeVisible();

  // A fresh session reads the user from the server.
  await page.evaluate('localStorage.clear()');
  await logIn(page, person);
  await page.goto('/profile');
  await expect(page.getByRole('switch', { name: 'Claim reminders' })).not.toBeChecked();
  await expect(
    page.getByRole('switch', { name: 'Daily digest of new applications' }),
  ).toBeChecked();
});
