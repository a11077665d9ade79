// The web app shell and the platform's health, as a visitor meets them.
import { expect, test } from './support/fixtures';

test('the home page renders with the header, the headline and LAUNCH APP', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const launch = page.getByRole('link', { name: 'LAUNCH APP' }).first();
  await expect(launch).toHaveAttribute('href', '/login');
  await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
});

test('an unknown path shows the 404 page with a link home', async ({ page }) => {
  await page.goto('/there/is/no/such/page');
  await expect(page.getByText('Page Not Found!')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: /home/i }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('going offline shows the offline screen, and coming back restores the page', async ({
  page,
  context,
}) => {
  await page.goto('/how-it-works');
  await expect(page.getByRole('link', { name: 'Watch Video' })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText('No Internet Connection')).toBeVisible();
  await expect(page.getByText('Please check your connection and try again.')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('link', { name: 'Watch Video' })).toBeVisible();
});

test('health is ok', async ({ request }) => {
  const response = await request.get('/gs-api/health');
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { status: string; chain: { chainId: number } } };
  expect(body.data.status).toBe('up');
  expect(body.data.chain.chainId).toBe(137);
});
