// The chain actions the soak drives, each as the journeys click it up to the
// consent dialog, with the toast each page shows on COMPLETED. What follows
// Confirm is timed by confirmAndTime (soak-page.ts).
import { expect, type Page } from '@playwright/test';
import { TOASTS } from '@gets/schema';
import {
  applicantRow,
  fillApplicationAndApply,
  fillBadgeAndPublish,
  pressClaimOnDashboard,
} from '../../e2e/support/applications.ts';

export type Kind = 'stake' | 'give' | 'publish' | 'apply' | 'approve' | 'claim';

export const KINDS: readonly Kind[] = ['stake', 'give', 'publish', 'apply', 'approve', 'claim'];

/** The toast of each kind's COMPLETED outcome (stake's comes from the server once the stake is recorded). */
export const SUCCESS_TEXTS: Record<Kind, readonly string[]> = {
  stake: ['Staked successfully!'],
  give: [TOASTS.success.tokensTransferred],
  publish: [TOASTS.success.badgePublished],
  apply: [TOASTS.success.applied],
  approve: [TOASTS.success.applicationApproved],
  claim: [TOASTS.success.badgeClaimed],
};

/** GETS per stake and per gift: small, so the funding lasts any number of actions. */
export const ACTION_GETS = '1';

/** Where the consent dialog of an action opens from. */
export interface ActionTarget {
  /** The other user's wallet (give). */
  to?: `0x${string}`;
  /** The cycle's badge: its title (publish, apply, claim) and id (apply, approve). */
  badge?: { title: string; id?: string };
  /** The full name the earner applies under (apply, approve). */
  applicant?: string;
}

const consentOpen = (page: Page) => expect(page.getByRole('alertdialog')).toBeVisible();

/** Goes to `path` unless the page is there already, as a person staying on a page would. */
async function onPage(page: Page, path: string) {
  if (new URL(page.url()).pathname !== path) await page.goto(path);
}

async function stake(page: Page) {
  await onPage(page, '/stake');
  const button = page.getByRole('button', { name: 'Stake', exact: true });
  await page.getByLabel('Amount').fill(ACTION_GETS);
  await button.click();
}

async function give(page: Page, { to }: ActionTarget) {
  await onPage(page, '/dashboard');
  await page.getByRole('button', { name: 'GIVE TOKENS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give Tokens' });
  // Send checks the amount against the balance, which the dialog reads when it opens.
  await expect(dialog.getByText(/^Available: /)).toBeVisible();
  await dialog.getByLabel('Wallet address').fill(to!);
  await dialog.getByLabel('Token amount').fill(ACTION_GETS);
  await dialog.getByRole('button', { name: 'Send' }).click();
}

async function publish(page: Page, { badge }: ActionTarget) {
  await fillBadgeAndPublish(page, { title: badge!.title, tokens: ACTION_GETS, count: '1' });
}

async function apply(page: Page, { badge, applicant }: ActionTarget) {
  await page.goto(`/badge/${badge!.id}`);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await fillApplicationAndApply(page, badge!.title, { fullName: applicant });
}

async function approve(page: Page, { badge, applicant }: ActionTarget) {
  await page.goto(`/badge/application/${badge!.id}`);
  await applicantRow(page, applicant!)
    .getByRole('button', { name: `Approve ${applicant!}` })
    .click();
}

async function claim(page: Page, { badge }: ActionTarget) {
  await pressClaimOnDashboard(page, badge!.title);
}

const PREPARE: Record<Kind, (page: Page, target: ActionTarget) => Promise<void>> = {
  stake,
  give,
  publish,
  apply,
  approve,
  claim,
};

/** Clicks an action up to its open consent dialog. */
export async function openConsent(page: Page, kind: Kind, target: ActionTarget) {
  await PREPARE[kind](page, target);
  await consentOpen(page);
}
