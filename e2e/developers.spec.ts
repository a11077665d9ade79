// The Developers page of an approved sponsor (issue 46): an API key created
// with one scope calls the API from outside the browser, a webhook endpoint
// (a receiver this journey runs on 127.0.0.1) gets a signed test event that
// the standardwebhooks package verifies with the secret the page shows, and
// the revoked key is refused. At 1280 px the page is opened from the user
// menu, on a narrower screen from the side menu.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { API_KEY_PREFIX, API_KEY_SCOPE_LABELS } from '@gets/schema';
import { expect, test, type Page } from './support/fixtures';
import { logIn, newPerson } from './support/accounts';
import { approvedSponsor } from './support/badges';

/** Where the header's links (and not the side menu's button) show: Tailwind's xl. */
const WIDE_HEADER_PX = 1280;

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A webhook receiver on 127.0.0.1 that answers 204 and keeps every request it got. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Opens Developers as the sponsor would: the user menu on a wide screen, the side menu on a narrow one. */
async function openDevelopers(page: Page, userName: string) {
  if ((page.viewportSize()?.width ?? WIDE_HEADER_PX) >= WIDE_HEADER_PX) {
    await page
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(userName) })
      .click();
    await page.getByRole('banner').getByRole('link', { name: 'Developers' }).click();
  } else {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('link', { name: 'Developers' })
      .click();
  }
  await expect(page).toHaveURL(/\/developers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Developers' })).toBeVisible();
}

test('a sponsor creates an API key that calls the API, receives a signed test webhook, and revokes the key', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const person = newPerson('developer');
  await approvedSponsor(request, person);
  const receiver = await startReceiver();
  try {
    await logIn(page, person);
    await openDevelopers(page, person.userName);

    // An API key that may read the sponsor's badges, shown once.
    const keyName = 'CRM sync';
    await page.getByRole('button', { name: 'Create API key' }).click();
    const create = page.getByRole('dialog', { name: 'Create API key' });
    await create.getByLabel('Name', { exact: true }).fill(keyName);
    await create
      .getByRole('checkbox', { name: API_KEY_SCOPE_LABELS['badges:read'], exact: true })
      .check();
    await create.getByLabel('Expires', { exact: true }).selectOption({ label: 'Never' });
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    const shownKey = create.getByRole('textbox', { name: 'New API key', exact: true });
    await expect(shownKey).toHaveValue(new RegExp(`^${API_KEY_PREFIX}`));
    await expect(shownKey).not.toBeEditable();
    await expect(create.getByRole('button', { name: 'Copy', exact: true })).toBeVisible();
    const apiKey = await shownKey.inputValue();
    await create.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(create).toBeHidden();

    const keys = page.getByRole('table', { name: 'Your API keys' });
    const keyRow = keys.getByRole('row', { name: new RegExp(keyName) });
    await expect(keyRow).toContainText(apiKey.slice(0, API_KEY_PREFIX.length + 4));
    await expect(keyRow).toContainText(API_KEY_SCOPE_LABELS['badges:read']);
    await expect(keyRow.getByRole('cell', { name: 'Active', exact: true })).toBeVisible();

    // The key calls the API from outside the browser, as the sponsor's own system would.
    const withKey = { headers: { authorization: `Bearer ${apiKey}` } };
    const listed = await request.get('/gs-api/badge/published/list', withKey);
    expect(listed.status(), await listed.text()).toBe(200);

    // An endpoint on this journey's receiver, for badge.claimed.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const add = page.getByRole('dialog', { name: 'Add endpoint' });
    await add.getByLabel('Endpoint URL', { exact: true }).fill(receiver.url);
    await add.getByRole('checkbox', { name: 'Select all' }).uncheck();
    await add.getByRole('checkbox', { name: 'badge.claimed', exact: true }).check();
    await add.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(add).toBeHidden();

    const endpoint = page.getByRole('listitem', { name: receiver.url, exact: true });
    await expect(endpoint.getByRole('list', { name: 'Events' })).toHaveText('badge.claimed');
    const secretField = endpoint.getByRole('textbox', { name: 'Signing secret', exact: true });
    await expect(secretField).toHaveValue(/^whsec_/);
    await expect(secretField).not.toBeEditable();
    const secret = await secretField.inputValue();

    // A test event reaches the receiver, signed, and shows in Recent deliveries.
    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    const deliveries = endpoint.getByRole('table', { name: 'Recent deliveries' });
    const delivery = deliveries.getByRole('row', { name: /webhook\.test/ });
    await expect(delivery).toHaveCount(1, { timeout: 30_000 });
    await expect(delivery.getByRole('cell', { name: '204', exact: true })).toBeVisible();
    await expect(delivery.getByRole('cell', { name: /^\d[\d,]* ms$/ })).toBeVisible();
    await expect(delivery.getByRole('button', { name: 'Resend' })).toBeVisible();

    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got!.headers['webhook-id']).toBeTruthy();
    const event = new Webhook(secret).verify(got!.body, got!.headers) as {
      id: string;
      type: string;
    };
    expect(event).toMatchObject({ id: got!.headers['webhook-id'], type: 'webhook.test' });

    // Revoked after its confirmation, the key is refused.
    await keyRow.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
    await expect(confirm).toContainText(keyName);
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(confirm).toBeHidden();
    await expect(keyRow.getByRole('cell', { name: 'Revoked', exact: true })).toBeVisible();
    await expect(keyRow.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
    const refused = await request.get('/gs-api/badge/published/list', withKey);
    expect(refused.status(), await refused.text()).toBe(401);
  } finally {
    await receiver.close();
  }
});
