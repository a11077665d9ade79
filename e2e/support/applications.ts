// Steps of the application journeys as a person takes them on the screens:
// log in, publish a badge (crop, form, one consent), apply through the Apply
// modal, review on the Applications page, claim from the dashboard. Accounts
// are made through the API (as the badge journeys do), and the admin's badge
// approval runs through the admin API.
import { expect, type Page } from '@playwright/test';
import { confirmConsent } from './admin';
import { gradientPng } from './badges';
import type { newPerson } from './accounts';

export type Person = ReturnType<typeof newPerson>;

export interface BadgeForm {
  title: string;
  tokens: string;
  count: string;
  access?: 'public' | 'private';
}

/** The sponsor publishes a badge from /badge with one consent; lands on the dashboard. */
export async function publishBadge(page: Page, badge: BadgeForm) {
  await fillBadgeAndPublish(page, badge);
  await confirmConsent(page, 'Publish badge');
  await expect(page.getByText('Badge publised successfully!')).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Fills /badge and presses Publish, up to the consent dialog (the soak bench times what follows). */
export async function fillBadgeAndPublish(page: Page, badge: BadgeForm) {
  await page.goto('/badge');
  await page.getByLabel('Upload image').setInputFiles(gradientPng());
  const crop = page.getByRole('dialog', { name: 'Crop badge image' });
  await crop.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Image uploaded!')).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(badge.title);
  await page.getByLabel('Tokens per badge (GETS)').fill(badge.tokens);
  await page.getByLabel('Number of badges').fill(badge.count);
  await page
    .getByLabel('Award criteria')
    .fill('Explain and run a program on the Analytical Engine, start to end');
  await page.getByLabel('Expiry (days)').fill('30');
  await page
    .getByLabel('Description', { exact: true })
    .fill('For learners who programmed the engine.');
  await page.getByLabel('Badge access').selectOption(badge.access ?? 'public');
  await expect(page.getByText('You have enough balance to proceed.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
}

export interface ApplicationForm {
  fullName?: string;
  program?: string;
  evidence?: string;
}

/** An earner fills the Apply modal (already open) and applies through consent. */
export async function submitApplication(page: Page, title: string, form: ApplicationForm) {
  await fillApplicationAndApply(page, title, form);
  await confirmConsent(page, 'Apply for badge', new RegExp(`Apply for the badge "${title}"`));
  await expect(page.getByText('Applied for the badge successfully!')).toBeVisible({
    timeout: 60_000,
  });
}

/** Fills the Apply modal (already open) and presses Apply, up to the consent dialog. */
export async function fillApplicationAndApply(page: Page, title: string, form: ApplicationForm) {
  await fillApplication(page, title, form);
  await page
    .getByRole('dialog', { name: `Apply for ${title}` })
    .getByRole('button', { name: 'Apply', exact: true })
    .click();
}

/** Fills the Apply modal (already open), answering the two questions. */
export async function fillApplication(page: Page, title: string, form: ApplicationForm) {
  const modal = page.getByRole('dialog', { name: `Apply for ${title}` });
  await expect(modal).toBeVisible();
  if (form.fullName) await modal.getByLabel('Full Name').fill(form.fullName);
  if (form.program) await modal.getByLabel('Program Name (if any)').fill(form.program);
  await modal
    .getByRole('group', { name: 'Do you meet all of the awarding criteria?' })
    .getByLabel('Yes')
    .check();
  const evidence = modal.getByRole('group', { name: 'Do you need to send evidence?' });
  if (form.evidence) {
    await evidence.getByLabel('Yes').check();
    await modal.getByLabel('Evidence', { exact: true }).fill(form.evidence);
  } else {
    await evidence.getByLabel('No').check();
    await expect(modal.getByLabel('Evidence', { exact: true })).toHaveCount(0);
  }
}

/** The sponsor opens a published badge's Applications page from their dashboard. */
export async function openApplications(page: Page, title: string) {
  await page.goto('/dashboard');
  await page
    .getByRole('list', { name: 'Published badges' })
    .getByRole('button', { name: `${title}: open details` })
    .click();
  await page
    .getByRole('dialog', { name: title })
    .getByRole('link', { name: 'Application List' })
    .click();
  await expect(page).toHaveURL(/\/badge\/application\//);
  await expect(page.getByRole('heading', { name: 'Applied Student Details' })).toBeVisible();
}

/** The row of an applicant on the Applications page. */
export const applicantRow = (page: Page, fullName: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: fullName, exact: true }) });

/** The earner claims an approved badge from My Applications on their dashboard. */
export async function claimFromDashboard(page: Page, title: string, reward: string) {
  await pressClaimOnDashboard(page, title);
  await confirmConsent(
    page,
    'Claim badge and tokens',
    new RegExp(`its ${reward} GETS reward is paid to you`),
  );
  await expect(page.getByText('Claimed badge successfully!')).toBeVisible({ timeout: 60_000 });
}

/** Opens the dashboard and presses Claim on an approved application, up to the consent dialog. */
export async function pressClaimOnDashboard(page: Page, title: string) {
  await page.goto('/dashboard');
  const applications = page.getByRole('region', { name: 'My Applications' });
  await applications.getByRole('button', { name: `Claim ${title}` }).click();
}

/**
 * The whole award, both people signed in: the earner applies from the badge's
 * page, the sponsor approves them on the Applications page, and the earner
 * claims the badge and its reward from the dashboard.
 */
export async function applyApproveAndClaim(
  earner: Page,
  sponsor: Page,
  badge: { id: string; title: string; reward: string },
  form: ApplicationForm & { fullName: string },
) {
  await earner.goto(`/badge/${badge.id}`);
  await earner.getByRole('button', { name: 'Apply', exact: true }).click();
  await submitApplication(earner, badge.title, form);
  await openApplications(sponsor, badge.title);
  await applicantRow(sponsor, form.fullName)
    .getByRole('button', { name: `Approve ${form.fullName}` })
    .click();
  await confirmConsent(sponsor, 'Review applications');
  await expect(sponsor.getByText('Application Approved!')).toBeVisible({ timeout: 60_000 });
  await claimFromDashboard(earner, badge.title, badge.reward);
}
