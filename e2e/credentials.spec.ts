// Open Badges credentials in the browser, from a real award: an earner claims
// a badge, downloads its baked PNG from the dashboard, drops it on /verify and
// sees it verified, check by check; once the admin bans the badge, the same
// file (and the credential's own page) shows revoked. A forger's badge in the
// platform's name is never shown as verified.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './support/fixtures';
import { logIn, newPerson, registerThroughApi } from './support/accounts';
import { adminLogInKeepingWidth, confirmConsent } from './support/admin';
import { approveBadgeAsAdmin, fundedSponsor } from './support/badges';
import { applyApproveAndClaim, publishBadge } from './support/applications';
import { forgedBadgeJwt } from './support/forgery';

test.describe.configure({ mode: 'serial' });

/** Drops a file on the page's drop zone the way a browser does (a DataTransfer with the file). */
async function dropFile(page: Page, bytes: Buffer, name: string, type: string) {
  // Runs in the page (written as source: this file is type-checked without the DOM library).
  const dataTransfer = await page.evaluateHandle(`(() => {
    const transfer = new DataTransfer();
    const data = Uint8Array.from(atob(${JSON.stringify(bytes.toString('base64'))}), (c) => c.charCodeAt(0));
    transfer.items.add(new File([data], ${JSON.stringify(name)}, { type: ${JSON.stringify(type)} }));
    return transfer;
  })()`);
  const zone = page.getByRole('region', { name: 'Drop a badge image or credential file here' });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

test('a claimed badge’s baked PNG shows verified on /verify, then revoked once the admin bans the badge', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const title = `Compiler Pioneer ${run}`;
  const sponsor = newPerson('navylab');
  const grace = newPerson('grace');
  await fundedSponsor(request, sponsor, '50');
  await registerThroughApi(request, grace);

  // A badge is published, approved, applied for, approved and claimed.
  await logIn(page, sponsor);
  await publishBadge(page, { title, tokens: '5', count: '1' });
  const badgeId = await approveBadgeAsAdmin(request, title);
  const earner = await (await browser.newContext()).newPage();
  await logIn(earner, grace);
  await applyApproveAndClaim(
    earner,
    page,
    { id: badgeId, title, reward: '5' },
    { fullName: 'Grace Hopper', evidence: 'A-0 system source and run logs' },
  );

  // The earner downloads the baked image of the badge from the dashboard.
  const earned = earner.getByRole('list', { name: 'My badges' }).getByRole('listitem');
  const downloading = earner.waitForEvent('download');
  await earned.getByRole('button', { name: 'Download image' }).click();
  const png = await readFile((await (await downloading).path())!);
  const verifyLink = await earned.getByRole('link', { name: 'Verify' }).getAttribute('href');
  expect(verifyLink).toMatch(/\/verify\/[0-9a-f-]{36}$/);

  // Anyone drops it on /verify: verified, each check in words.
  const verifier = await (await browser.newContext()).newPage();
  await verifier.goto('/verify');
  await expect(verifier.getByRole('heading', { level: 1, name: 'Verify a badge' })).toBeVisible();
  await dropFile(verifier, png, 'compiler-pioneer.png', 'image/png');
  await expect(verifier.getByRole('heading', { name: 'Verified', exact: true })).toBeVisible();
  const checks = verifier.getByRole('list', { name: 'Checks' });
  await expect(checks.getByRole('heading', { name: 'Signature: Authentic' })).toBeVisible();
  await expect(checks.getByRole('heading', { name: 'Issuer: GETS Badges' })).toBeVisible();
  await expect(checks.getByRole('heading', { name: 'Format: Open Badges 3.0' })).toBeVisible();
  await expect(checks.getByRole('heading', { name: 'Validity dates: Valid' })).toBeVisible();
  await expect(checks.getByRole('heading', { name: 'Status: Not revoked' })).toBeVisible();
  await expect(
    checks.getByRole('heading', { name: 'Chain record: Recorded on chain' }),
  ).toBeVisible();
  await expect(verifier.getByText('Grace Hopper')).toBeVisible();
  await expect(verifier.getByRole('img', { name: `${title} badge` })).toBeVisible();

  // The admin bans the badge from its page.
  const admin = await (await browser.newContext()).newPage();
  await adminLogInKeepingWidth(admin);
  await admin.goto(`/badge/${badgeId}`);
  await admin.getByRole('button', { name: 'Ban' }).click();
  await admin
    .getByRole('alertdialog', { name: 'Ban this badge?' })
    .getByRole('button', { name: 'Ban' })
    .click();
  await confirmConsent(admin, 'Ban badge');
  await expect(admin.getByText('Badge banned!')).toBeVisible({ timeout: 60_000 });

  // The same file now shows revoked, and so does the credential's own page.
  await verifier.reload();
  await dropFile(verifier, png, 'compiler-pioneer.png', 'image/png');
  await expect(verifier.getByRole('heading', { name: 'Revoked', exact: true })).toBeVisible();
  await expect(checks.getByRole('heading', { name: 'Status: Revoked' })).toBeVisible();
  await expect(checks.getByRole('heading', { name: 'Signature: Authentic' })).toBeVisible();
  await verifier.goto(verifyLink!);
  await expect(verifier.getByRole('heading', { name: 'Revoked', exact: true })).toBeVisible();
});

test('an image that carries no credential is refused in words', async ({ page }) => {
  await page.goto('/verify');
  const plain = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
    'base64',
  );
  await dropFile(page, plain, 'plain.png', 'image/png');
  await expect(page.getByRole('alert')).toHaveText('This image carries no Open Badges credential');
});

test('a forged badge in the platform’s name, signed with the forger’s own key, is never shown as verified', async ({
  page,
  baseURL,
}) => {
  const { jwt, did } = await forgedBadgeJwt(baseURL!, 'Chief Cryptographer');
  await page.goto('/verify');
  await page.getByLabel('Or paste a credential (JSON or JWT)').fill(jwt);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Not verified', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verified', exact: true })).toHaveCount(0);
  await expect(page.getByText('authentic, active and recorded on chain')).toHaveCount(0);
  const checks = page.getByRole('list', { name: 'Checks' });
  await expect(checks.getByRole('heading', { name: 'Issuer: Not GETS Badges' })).toBeVisible();
  await expect(checks.getByRole('heading', { name: 'Status: Status unknown' })).toBeVisible();
  await expect(checks.getByRole('heading', { name: 'Chain record: Not checked' })).toBeVisible();
  // Named by its key, never by the name it gives itself; its image is not shown.
  await expect(page.getByText(did, { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Chief Cryptographer badge' })).toHaveCount(0);
});
