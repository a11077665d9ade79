// Helpers of the accounts journeys: unique people, a tiny PNG, the OTP boxes,
// registering on the form or through the API, logging in.
import { crc32, deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { confirmConsent } from './admin';
import { E2E_PASSWORD } from './e2e-env';
import { mailCount, waitForOtp } from './mail';

let counter = 0;

export function newPerson(prefix: string) {
  counter += 1;
  const id = `${prefix}${Date.now().toString(36)}${counter}`;
  return {
    email: `${id}@e2e.test`,
    userName: id,
    fullName: `${prefix[0]!.toUpperCase()}${prefix.slice(1)} Tester`,
    password: E2E_PASSWORD,
  };
}

/** A valid PNG of one pixel in the given grey level (different bytes, different CID). */
export function pixelPng(shade = 0): { name: string; mimeType: string; buffer: Buffer } {
  // A 1x1 grey PNG of this shade: the server decodes and encodes every upload
  // again, so two pictures differ only if their pixels do.
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]); // 1x1, 8-bit grey
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, shade & 0xff]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name: `avatar-${shade}.png`, mimeType: 'image/png', buffer };
}

/** One of the six OTP boxes, by its place. */
const otpBox = (page: Page, place: number) =>
  page.getByRole('textbox', { name: `One-time code Digit ${place} of 6`, exact: true });

/** Types a code into the six OTP boxes (focus moves on by itself). */
export async function typeOtp(page: Page, code: string) {
  await otpBox(page, 1).click();
  await page.keyboard.type(code);
}

export async function clearOtp(page: Page) {
  await otpBox(page, 6).click();
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('Backspace');
  await expect(otpBox(page, 1)).toHaveValue('');
}

/** Fills the /register form (the page must be open). */
export async function fillRegisterForm(
  page: Page,
  person: ReturnType<typeof newPerson>,
  userType: 'earner' | 'sponsor' = 'earner',
) {
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Full Name', { exact: true }).fill(person.fullName);
  await page.getByLabel('User Name', { exact: true }).fill(person.userName);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(person.password);
  await page.getByLabel('User Type', { exact: true }).selectOption(userType);
}

/**
 * Registers from the /register form (the page must be open) as a person does:
 * the mailed one-time code, then the consent that registers the wallet. Where
 * they land is the caller's to check.
 */
export async function registerOnForm(
  page: Page,
  person: ReturnType<typeof newPerson>,
  userType: 'earner' | 'sponsor' = 'earner',
) {
  await fillRegisterForm(page, person, userType);
  await page.getByRole('button', { name: 'Register with OTP' }).click();
  const otp = page.getByRole('dialog', { name: 'Enter the OTP' });
  await typeOtp(page, await waitForOtp(person.email));
  await otp.getByRole('button', { name: 'Verify & Register' }).click();
  await confirmConsent(page, 'Register your wallet on the platform');
}

/** Creates an earner (or a pending sponsor) through the API (mail OTP → POST /metakeep), for journeys that start later. */
export async function registerThroughApi(
  request: APIRequestContext,
  person: ReturnType<typeof newPerson>,
  userType: 'earner' | 'sponsor' = 'earner',
) {
  const before = await mailCount(person.email);
  const sent = await request.post('/gs-api/admin-auth/send-verification-email', {
    data: { email: person.email },
  });
  expect(sent.ok()).toBe(true);
  const otp = await waitForOtp(person.email, before);
  const created = await request.post('/gs-api/metakeep', {
    data: {
      email: person.email,
      otp,
      password: person.password,
      fullName: person.fullName,
      userName: person.userName,
      userType,
      profilePic: '',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return (await created.json()) as {
    data: { token: string; user: { _id: string; account: `0x${string}` } };
  };
}

/** Logs a person in at /login; they land on their dashboard. */
export async function logIn(page: Page, person: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
