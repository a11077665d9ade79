// Helpers of the journeys: the admin signs in at the admin login link; anyone
// confirms the one consent dialog of a chain action.
import { expect, type Page } from '@playwright/test';
import { ADMIN_DASHBOARD_MIN_WIDTH_PX } from '@gets/schema';
import { E2E_ADMIN } from './e2e-env';
import { adminToken, holdAdminPasskey } from './passkeys';

/**
 * The admin works on a desktop: below 1000 px the admin area shows only a
 * message (small-screens.spec.ts), so on a phone-sized page (the mobile-375
 * project) the admin's window is widened.
 */
export async function asAdminDesktop(page: Page) {
  if ((page.viewportSize()?.width ?? Infinity) < ADMIN_DASHBOARD_MIN_WIDTH_PX) {
    await page.setViewportSize({ width: 1280, height: 720 });
  }
}

/** The admin signs in at the admin login link, on a desktop-wide window: the console shows. */
export async function adminLogIn(
  page: Page,
  credentials: { email: string; password: string } = E2E_ADMIN,
) {
  await asAdminDesktop(page);
  await adminLogInKeepingWidth(page, credentials);
  await expect(page.getByRole('heading', { name: 'ADMIN', exact: true })).toBeVisible();
}

/**
 * The admin signs in at the admin login link in the window as it is, and
 * lands on /dashboard: on a phone that shows only the narrow-screen message,
 * and the admin's other pages (a badge's page) are seen at that width.
 */
export async function adminLogInKeepingWidth(
  page: Page,
  credentials: { email: string; password: string } = E2E_ADMIN,
) {
  // The admin has a passkey (enrolled once, through the API), held by this page's browser.
  await adminToken(page.request);
  await holdAdminPasskey(page);
  await page.goto(`/admin/login#${E2E_ADMIN.loginSecret}`);
  await page.getByLabel('Email', { exact: true }).fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('button', { name: 'Use your passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Confirms the one consent dialog of a chain action, which must say each of `words`. */
export async function confirmConsent(page: Page, ...words: (string | RegExp)[]) {
  const consent = page.getByRole('alertdialog');
  await expect(consent).toBeVisible();
  for (const said of words) await expect(consent).toContainText(said);
  await consent.getByRole('button', { name: 'Confirm' }).click();
  await expect(consent).toBeHidden();
}
