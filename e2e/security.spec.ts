// Second factors in the browser (issue 45), with Chromium's virtual
// authenticator as the person's device: a passkey added on the Security
// section signs in with no password and confirms Give Tokens; an
// authenticator app is set up with codes computed from the secret the page
// shows; the wallet is exported and the file opened by another library
// (ethers) to the wallet's address.
import { expect, test, type Page } from './support/fixtures';
import { Wallet } from 'ethers';
import { generate } from 'otplib';
import fs from 'node:fs/promises';
import { logIn, newPerson, registerThroughApi } from './support/accounts';
import { confirmConsent } from './support/admin';
import { fundWithGets } from './support/badges';
import { virtualAuthenticator } from './support/passkeys';

/** The Security section of the person's profile page. */
async function openSecurity(page: Page) {
  await page.goto('/profile#security');
  const section = page.getByRole('region', { name: 'Security' });
  await expect(section.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
  return section;
}

/** Closes the recovery codes dialog of a first factor, answering its codes. */
async function keepRecoveryCodes(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Your recovery codes' });
  await expect(dialog).toBeVisible();
  const codes = (await dialog.getByRole('list', { name: 'Recovery codes' }).innerText())
    .split('\n')
    .filter(Boolean);
  await dialog.getByRole('button', { name: 'I have saved them' }).click();
  await expect(dialog).toBeHidden();
  return codes;
}

test('a passkey added on the Security section signs in with no password and confirms Give Tokens', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await virtualAuthenticator(page);
  const person = newPerson('passkey');
  const registered = await registerThroughApi(request, person);
  const friend = await registerThroughApi(request, newPerson('passkey-friend'));
  await fundWithGets(registered.data.user.account, '10');
  await logIn(page, person);

  const security = await openSecurity(page);
  await security.getByRole('button', { name: 'Add a passkey' }).click();
  const naming = page.getByRole('dialog', { name: 'Name your passkey' });
  await naming.getByLabel('Passkey name').fill('This laptop');
  await naming.getByRole('button', { name: 'Save passkey' }).click();
  expect(await keepRecoveryCodes(page)).toHaveLength(10);
  await expect(security.getByText('This laptop')).toBeVisible();

  // Signed out, the passkey alone signs in (on this page: the device that holds it).
  await page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(person.userName) })
    .click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Give Tokens asks for the passkey at Confirm, and the transfer completes.
  await page.getByRole('button', { name: 'GIVE TOKENS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give Tokens' });
  await dialog.getByLabel('Wallet address').fill(friend.data.user.account);
  await dialog.getByLabel('Token amount').fill('2.5');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(
    'Confirm it is you: use your passkey or a code from your authenticator app',
  );
  await confirmConsent(page, /Send 2\.5 GETS to 0x/);
  await expect(page.getByText('Tokens transferred!')).toBeVisible({ timeout: 60_000 });
});

test('an authenticator app is set up with a code computed from the secret shown, and then asked at login', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const person = newPerson('totp');
  await registerThroughApi(request, person);
  await logIn(page, person);
  const security = await openSecurity(page);
  await security.getByRole('button', { name: 'Set up authenticator app' }).click();
  const setup = page.getByRole('dialog', { name: 'Set up authenticator app' });
  await expect(
    setup.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
  ).toBeVisible();
  const secret = await setup.getByLabel('Secret key').inputValue();
  await setup.getByLabel('Code from the app').fill(await generate({ secret }));
  await setup.getByRole('button', { name: 'Confirm' }).click();
  expect(await keepRecoveryCodes(page)).toHaveLength(10);
  // The change is listed where a person would notice one they did not make.
  await expect(
    security
      .getByRole('list', { name: 'Recent security activity' })
      .getByRole('listitem')
      .filter({ hasText: 'Authenticator app set up' }),
  ).toHaveCount(1);

  // The password alone no longer signs in: the next step asks for the app's code.
  const login = await page.context().browser()!.newContext();
  const again = await login.newPage();
  await again.goto('/login');
  await again.getByLabel('Email', { exact: true }).fill(person.email);
  await again.getByLabel('Password', { exact: true }).fill(person.password);
  await again.getByRole('button', { name: 'Login', exact: true }).click();
  // The setup's code spent this step: the next step's code signs in.
  await again
    .getByLabel('Authenticator code')
    .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await again.getByRole('button', { name: 'Confirm' }).click();
  await expect(again).toHaveURL(/\/dashboard$/);
  await login.close();
});

test('the wallet is exported as a keystore another library opens to the same address', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await virtualAuthenticator(page);
  const person = newPerson('export');
  const registered = await registerThroughApi(request, person);
  await logIn(page, person);
  const security = await openSecurity(page);
  await security.getByRole('button', { name: 'Add a passkey' }).click();
  const naming = page.getByRole('dialog', { name: 'Name your passkey' });
  await naming.getByRole('button', { name: 'Save passkey' }).click();
  await keepRecoveryCodes(page);

  await security.getByRole('button', { name: 'Export wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export wallet' });
  await expect(dialog).toContainText(
    'Whoever has this file and its passphrase controls your tokens.',
  );
  const passphrase = 'correct horse battery staple';
  await dialog.getByLabel('Passphrase', { exact: true }).fill(passphrase);
  await dialog.getByLabel('Confirm passphrase', { exact: true }).fill(passphrase);
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Export wallet' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm it is you' })
    .getByRole('button', { name: 'Use your passkey' })
    .click();
  const file = await download;
  const keystore = await fs.readFile((await file.path())!, 'utf8');
  const wallet = await Wallet.fromEncryptedJson(keystore, passphrase);
  expect(wallet.address.toLowerCase()).toBe(registered.data.user.account.toLowerCase());
});
